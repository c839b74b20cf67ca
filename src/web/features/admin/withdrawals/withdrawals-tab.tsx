import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import { paths } from '#shared/paths.ts';
import { type Withdrawal, WITHDRAWAL_STATUSES, type WithdrawalStatus, withdrawalStatusLabel } from '#shared/schemas/withdrawals.ts';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { useListParams } from '../../../components/use-list-params.ts';
import { AdminTable } from '../admin-table.tsx';
import { NoticeAlert } from '../notice-alert.tsx';
import { PagedList } from '../paged-list.tsx';
import { ADMIN_WITHDRAWALS_PAGE_SIZE, withdrawalsQueryOptions } from './api.ts';
import { RefundWithdrawalModal } from './refund-withdrawal.tsx';
import { LabelOptions } from '../../../components/form/label-options.tsx';

const isStatus = (value: string | null): value is WithdrawalStatus => (WITHDRAWAL_STATUSES as readonly (string | null)[]).includes(value);
const lastDay = (exclusiveEnd: string) => formatDate(new Date(Date.parse(exclusiveEnd) - 1).toISOString());

/**
 * Desistências (issue #28): every withdrawal with its legal clock (the refund is due 14 days from the request,
 * DL 24/2014 art. 12.º), the overdue flagged; one action refunds it through the order's refund.
 */
export function WithdrawalsTab() {
  const id = useId();
  const { params, page, set, setPage } = useListParams();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const list = useQuery(withdrawalsQueryOptions({ status, page }));
  const [refunding, setRefunding] = useState<Withdrawal | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <>
      <h2 className="visually-hidden">Desistências</h2>
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <Form.Group controlId={`${id}-status`} className="d-flex align-items-center gap-2">
          <Form.Label className="mb-0 text-nowrap">Estado</Form.Label>
          <Form.Select className="w-auto" value={status ?? ''} onChange={(e) => set({ status: e.target.value || undefined })}>
            <option value="">Todas</option>
            <LabelOptions values={WITHDRAWAL_STATUSES} labels={withdrawalStatusLabel} />
          </Form.Select>
        </Form.Group>
      </div>
      <NoticeAlert notice={notice} onClose={() => setNotice(null)} />
      {list.data ?
        <PagedList
          summary={list.data.pagination.total === 0 ? 'Não há desistências.' : `${list.data.pagination.total} desistência(s)`}
          updating={list.isFetching}
          page={page}
          pages={list.data.pagination.totalPages}
          onPage={setPage}
          pagesLabel="Páginas de desistências"
        >
          {list.data.withdrawals.length > 0 && <WithdrawalsTable withdrawals={list.data.withdrawals} onRefund={setRefunding} />}
        </PagedList>
      : list.isError ?
        <RetryAlert message="Não foi possível carregar as desistências." onRetry={() => void list.refetch()} retrying={list.isFetching} />
      : <PageSpinner label="A carregar as desistências..." />}
      {refunding && (
        <RefundWithdrawalModal
          withdrawal={refunding}
          onDone={(message) => setNotice(message)}
          onClose={() => setRefunding(null)}
        />
      )}
      <p className="small text-secondary mt-3 mb-0">Lista com {ADMIN_WITHDRAWALS_PAGE_SIZE} por página. O prazo legal do reembolso é de 14 dias a contar do pedido; pode aguardar a receção dos artigos ou a prova do envio.</p>
    </>
  );
}

function WithdrawalsTable({ withdrawals, onRefund }: { withdrawals: readonly Withdrawal[]; onRefund: (w: Withdrawal) => void }) {
  return (
    <AdminTable
      label="Lista de desistências"
      caption="Desistências, das mais recentes para as mais antigas, com o prazo do reembolso"
      columns={['Pedido', 'Encomenda', 'Cliente', 'Artigos', { label: 'Valor', className: 'text-end' }, 'Reembolso até', 'Estado', 'Ações']}
    >
      {withdrawals.map((w) => (
        <tr key={w.id}>
          <th scope="row" className="text-nowrap">
            N.º {w.id}
            <span className="d-block small fw-normal">
              <time dateTime={w.requested_at}>{formatDateTime(w.requested_at)}</time>
            </span>
          </th>
          <td className="text-nowrap">
            <Link to={paths.adminEditOrder(w.order_id)}>N.º {w.order_id}</Link>
          </td>
          <td className="text-break" style={{ minWidth: '10rem' }}>
            {w.name}
            <span className="d-block small text-secondary">{w.email}</span>
          </td>
          <td style={{ minWidth: '10rem' }}>
            {w.lines.map((l) => `${l.quantity} × ${l.name}`).join('; ')}
            {w.shipping > 0 && <span className="d-block small text-secondary">+ portes {formatEuros(w.shipping)}</span>}
            {w.reason && <span className="d-block small text-secondary">Motivo: {w.reason}</span>}
          </td>
          <td className="text-end text-nowrap">{formatEuros(w.amount)}</td>
          <td className="text-nowrap">
            {lastDay(w.refund_due_by)}
            {w.overdue && (
              <Badge bg="danger" className="d-block mt-1">
                Fora do prazo
              </Badge>
            )}
          </td>
          <td>
            <Badge bg={w.status === 'refunded' ? 'success' : 'warning'} text={w.status === 'refunded' ? undefined : 'dark'}>
              {withdrawalStatusLabel[w.status]}
            </Badge>
          </td>
          <td>
            {w.status === 'requested' && (
              <Button size="sm" variant="outline-primary" onClick={() => onRefund(w)}>
                Reembolsar<span className="visually-hidden"> a desistência n.º {w.id}</span>
              </Button>
            )}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ORDER_STATUSES, type OrderStatus, orderStatusLabel } from '#shared/orders.ts';
import { type Order, orderMessages } from '#shared/schemas/orders.ts';
import { errorMessage } from '../../../api/client.ts';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { paths } from '../../../paths.ts';
import { NoticeAlert } from '../notice-alert.tsx';
import { Pager } from '../products/pager.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { ADMIN_ORDERS_PAGE_SIZE, ordersQueryOptions, useDeleteOrder } from './api.ts';
import { DeleteOrderModal } from './delete-order-modal.tsx';
import { OrdersTable } from './orders-table.tsx';
import { PaymentAlerts } from './payment-alerts.tsx';

/** What the orders tab shows after coming back from the form. */
export type OrdersNotice = { notice: string };

const noticeFrom = (state: unknown): string | null =>
  state && typeof state === 'object' && typeof (state as OrdersNotice).notice === 'string' ? (state as OrdersNotice).notice : null;

const isStatus = (value: string | null): value is OrderStatus => (ORDER_STATUSES as readonly (string | null)[]).includes(value);

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/**
 * The Encomendas tab of the admin dashboard (backoffice.md §2, §8): filtered by status and paged on the server.
 * Filter and page live in the address (beside ?tab=), so Back from the order form returns to the same list.
 */
export function OrdersTab() {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const page = pageFrom(params.get('page'));
  const orders = useQuery(ordersQueryOptions({ status, page }));
  const remove = useDeleteOrder();
  const [target, setTarget] = useState<Order | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  // A save on the form page comes back here with its message.
  const [notice, setNotice] = useState<string | null>(() => noticeFrom(location.state));
  const filterId = useId();

  const update = (change: (next: URLSearchParams) => void) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      change(next);
      return next;
    });

  const setPage = (target: number) =>
    update((next) => {
      if (target > 1) next.set('page', String(target));
      else next.delete('page');
    });

  const setStatus = (value: string) =>
    update((next) => {
      if (isStatus(value)) next.set('status', value);
      else next.delete('status');
      next.delete('page');
    });

  const askDelete = (order: Order) => {
    remove.reset();
    setNotice(null);
    setTarget(order);
    setConfirmOpen(true);
  };

  const confirmDelete = () => {
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: (answer) => {
        setConfirmOpen(false);
        setNotice(answer?.message || orderMessages.deleted);
        // The last order of the last page: show the page before it.
        if (orders.data?.orders.length === 1 && page > 1) setPage(page - 1);
      },
    });
  };

  const data = orders.data;
  // A page past the end (an old link, or the list shrank meanwhile): show the last one.
  const pastEnd = Boolean(data && !orders.isPlaceholderData && data.orders.length === 0 && data.pagination.total > 0 && page > 1);
  const lastPage = data?.pagination.totalPages ?? 1;
  useEffect(() => {
    if (pastEnd) setParams((current) => {
      const next = new URLSearchParams(current);
      if (lastPage > 1) next.set('page', String(lastPage));
      else next.delete('page');
      return next;
    }, { replace: true });
  }, [pastEnd, lastPage, setParams]);

  const total = data?.pagination.total ?? 0;
  const pages = Math.max(1, data?.pagination.totalPages ?? 1);
  const shownPage = data?.pagination.page ?? page;
  const first = (shownPage - 1) * ADMIN_ORDERS_PAGE_SIZE + 1;
  const last = Math.min(total, shownPage * ADMIN_ORDERS_PAGE_SIZE);
  const updating = orders.isFetching && orders.isPlaceholderData;
  const filterWords = status ? ` com o estado «${orderStatusLabel[status]}»` : '';

  return (
    <section aria-label="Encomendas">
      <div className="d-flex flex-column flex-sm-row align-items-stretch align-items-sm-end justify-content-between gap-3 mb-3">
        <Form.Group controlId={filterId} style={{ maxWidth: '16rem' }}>
          <Form.Label>Estado</Form.Label>
          <Form.Select value={status ?? ''} onChange={(e) => setStatus(e.target.value)}>
            <option value="">Todos</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {orderStatusLabel[value]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Link to={paths.adminCreateOrder} className="btn btn-primary">
          <i className="bi bi-plus-lg me-2" aria-hidden="true" />
          Nova encomenda
        </Link>
      </div>

      <PaymentAlerts />

      <NoticeAlert notice={notice} onClose={() => setNotice(null)} />

      {orders.isPending ?
        <PageSpinner label="A carregar encomendas..." />
      : orders.isError || !data ?
        <RetryAlert message="Erro ao carregar encomendas." onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
      : <>
          <p className="small text-secondary mb-2 d-flex align-items-center gap-2" role="status">
            <span>
              {total === 0 ?
                status ?
                  `Nenhuma encomenda${filterWords}.`
                : 'Ainda não existem encomendas.'
              : total <= ADMIN_ORDERS_PAGE_SIZE ?
                `${total} ${total === 1 ? 'encomenda' : 'encomendas'}${filterWords}`
              : `${first}–${last} de ${total} encomendas${filterWords}`}
            </span>
            {updating && (
              <>
                <Spinner as="span" animation="border" size="sm" aria-hidden="true" />
                <span className="visually-hidden">A atualizar a lista...</span>
              </>
            )}
          </p>
          {data.orders.length > 0 && (
            <div aria-busy={updating}>
              <OrdersTable orders={data.orders} onDelete={askDelete} />
            </div>
          )}
          {pages > 1 && <Pager page={shownPage} pages={pages} onChange={setPage} label="Páginas de encomendas" />}
        </>
      }

      <DeleteOrderModal
        orderId={target?.id ?? null}
        show={confirmOpen}
        deleting={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, 'Erro ao eliminar encomenda.') : null}
        onConfirm={confirmDelete}
        onCancel={() => setConfirmOpen(false)}
        onExited={() => setTarget(null)}
      />
    </section>
  );
}

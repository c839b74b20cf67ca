import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { formatCalendarDay } from '#shared/dates.ts';
import { discountValueText } from '#shared/discounts.ts';
import { formatEuros, toCents } from '#shared/money.ts';
import type { DiscountCode } from '#shared/schemas/discounts.ts';
import { errorMessage } from '../../../api/client.ts';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { useConfirmDelete } from '../../../components/use-confirm-delete.ts';
import { discountCodesQuery, useDeleteDiscountCode, useSaveDiscountCode } from './api.ts';
import { DiscountCodeForm, discountKindLabel } from './discount-code-form.tsx';

/** When a code applies, in words: 'de 1 de junho de 2026 a 31 de agosto de 2026', 'sem datas'. */
function period(c: DiscountCode) {
  if (!c.starts_at && !c.ends_at) return 'Sem datas';
  return [c.starts_at && `de ${formatCalendarDay(c.starts_at)}`, c.ends_at && `até ${formatCalendarDay(c.ends_at)}`].filter(Boolean).join(' ');
}

const value = (c: DiscountCode) => discountValueText(c.kind, c.kind === 'fixed' ? toCents(c.value) : c.value);

/**
 * «Códigos de desconto» (issue #29, decision 0054): the owner's codes, what each gives and on what terms, how
 * often used; the cart and the checkout accept the active ones within their dates and limits.
 */
export function DiscountsTab() {
  const list = useQuery(discountCodesQuery);
  const save = useSaveDiscountCode();
  const [editing, setEditing] = useState<DiscountCode | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const remove = useDeleteDiscountCode();
  const deletion = useConfirmDelete(remove, {
    keyOf: (c: DiscountCode) => c.id,
    failed: 'Erro ao eliminar o código de desconto.',
    onAsk: () => setNotice(null),
    onDeleted: (answer) => setNotice(answer.message),
  });

  if (list.isPending) return <PageSpinner label="A carregar os códigos de desconto..." />;
  if (list.isError) return <RetryAlert message={errorMessage(list.error, 'Erro ao carregar os códigos de desconto.')} retrying={list.isFetching} onRetry={() => void list.refetch()} />;
  const done = (message: string) => {
    setEditing(null);
    setNotice(message || null);
  };
  const toggle = async (c: DiscountCode) => {
    setNotice(null);
    setFailure(null);
    try {
      const { id: _id, uses: _uses, ...body } = c;
      await save.mutateAsync({ id: c.id, body: { ...body, active: !c.active } });
      setNotice(c.active ? `Código ${c.code} desativado.` : `Código ${c.code} ativado.`);
    } catch (err) {
      setFailure(errorMessage(err, 'Erro ao guardar o código de desconto.'));
    }
  };
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h2 className="h4 mb-0">Códigos de desconto</h2>
        <Button onClick={() => setEditing('new')} disabled={editing !== null}>
          Novo código de desconto
        </Button>
      </div>
      <p className="small text-secondary">
        Um código por encomenda. O desconto sai do valor dos produtos, repartido pelas taxas de IVA; «Portes grátis» anula os portes. Uma encomenda
        cancelada devolve o uso do código.
      </p>
      <MessageAlert message={notice} variant="success" className="mb-3" />
      <MessageAlert message={failure} variant="danger" className="mb-3" />
      {editing !== null && (
        <Card className="mb-4 shadow-sm">
          <Card.Body>
            <DiscountCodeForm key={editing === 'new' ? 'new' : editing.id} code={editing === 'new' ? null : editing} onDone={done} />
          </Card.Body>
        </Card>
      )}
      {list.data.codes.length === 0 ?
        <p className="text-secondary">Ainda não há códigos de desconto.</p>
      : <Table responsive size="sm" className="align-middle">
          <thead>
            <tr>
              <th scope="col">Código</th>
              <th scope="col">Desconto</th>
              <th scope="col">Condições</th>
              <th scope="col">Usos</th>
              <th scope="col">Estado</th>
              <th scope="col">
                <span className="visually-hidden">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.codes.map((c) => (
              <tr key={c.id}>
                <td className="fw-semibold text-break">{c.code}</td>
                <td className="small">
                  {value(c)}
                  <div className="text-secondary">{discountKindLabel[c.kind]}</div>
                </td>
                <td className="small">
                  {period(c)}
                  {c.min_order !== null && <div>Mínimo {formatEuros(c.min_order)}</div>}
                  {c.max_uses_per_customer !== null && <div>{c.max_uses_per_customer} por cliente</div>}
                </td>
                <td className="small text-nowrap">{c.max_uses === null ? c.uses : `${c.uses} de ${c.max_uses}`}</td>
                <td>
                  <Badge bg={c.active ? 'success' : 'secondary'}>{c.active ? 'Ativo' : 'Inativo'}</Badge>
                </td>
                <td className="text-end text-nowrap">
                  <Button size="sm" variant="outline-secondary" className="me-2" onClick={() => void toggle(c)} disabled={save.isPending}>
                    {c.active ? 'Desativar' : 'Ativar'}
                    <span className="visually-hidden"> {c.code}</span>
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-primary"
                    className="me-2"
                    onClick={() => {
                      setNotice(null);
                      setEditing(c);
                    }}
                  >
                    Editar<span className="visually-hidden"> {c.code}</span>
                  </Button>
                  <Button size="sm" variant="outline-danger" onClick={() => deletion.ask(c)}>
                    Eliminar<span className="visually-hidden"> {c.code}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      }
      <ConfirmDeleteModal
        {...deletion.modal}
        title="Eliminar código de desconto"
        question={`Eliminar o código «${deletion.target?.code ?? ''}»? As encomendas que o usaram guardam o desconto que tiveram.`}
      />
    </>
  );
}

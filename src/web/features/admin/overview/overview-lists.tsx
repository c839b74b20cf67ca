import { type FormEvent, type ReactNode, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { formatCents } from '#shared/money.ts';
import { ORDER_STATUSES } from '#shared/orders.ts';
import { type Overview, overviewMessages } from '#shared/schemas/overview.ts';
import { paths } from '#shared/paths.ts';
import { errorMessage } from '../../../api/client.ts';
import { OrderStatusBadge } from '../../orders/order-ui.tsx';
import { adminListHref } from '../admin-tabs.ts';
import { useSaveLowStockThreshold } from './api.ts';
import { withVat } from './vat-words.ts';
import { TableHead } from '../../../components/table-head.tsx';

const orders = (count: number) => (count === 1 ? '1 encomenda' : `${count} encomendas`);

export function Panel({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  const id = useId();
  return (
    <section className={wide ? 'col-12' : 'col-md-6 col-lg-4'} aria-labelledby={id}>
      <div className="card h-100">
        <div className="card-body">
          <h3 id={id} className="h6 text-secondary">
            {title}
          </h3>
          {children}
        </div>
      </div>
    </section>
  );
}

/** What waits on the owner or her customers: payments, MB WAY answers, refunds owed, invoices not issued. */
export function NeedsAttention({ figures }: { figures: Overview }) {
  const { multibanco, mbway } = figures.awaitingPayment;
  const ordersTab = adminListHref('orders');
  return (
    <Panel title="A precisar de atenção">
      <dl className="mb-0 small">
        <dt>A aguardar pagamento</dt>
        <dd>
          Multibanco: {orders(multibanco.count)}, {formatCents(multibanco.cents)}
          <br />
          MB WAY: {orders(mbway.count)}, {formatCents(mbway.cents)}
        </dd>
        <dt>Recuperadas no período</dt>
        <dd>{figures.recovered.count === 0 ? 'Nenhuma' : `${orders(figures.recovered.count)}, ${formatCents(figures.recovered.cents)}`}</dd>
        <dt>Pedidos MB WAY aceites</dt>
        <dd>{figures.mbway.sent === 0 ? 'Nenhum pedido enviado no período' : `${figures.mbway.accepted} de ${figures.mbway.sent} no período`}</dd>
        <dt>Reembolsos por fazer</dt>
        <dd>{figures.refundsDue.count === 0 ? 'Nenhum' : <Link to={ordersTab}>{`${orders(figures.refundsDue.count)}, ${formatCents(figures.refundsDue.cents)}`}</Link>}</dd>
        <dt>Faturas por emitir</dt>
        <dd className="mb-0">{figures.invoicesWaiting === 0 ? 'Nenhuma' : <Link to={ordersTab}>{orders(figures.invoicesWaiting)}</Link>}</dd>
      </dl>
    </Panel>
  );
}

export function OrdersByStatus({ figures, period }: { figures: Overview; period: string }) {
  const countOf = new Map(figures.byStatus.map((s) => [s.status, s.count]));
  return (
    <Panel title={`Encomendas feitas (${period})`}>
      <ul className="list-unstyled mb-0">
        {ORDER_STATUSES.map((status) => (
          <li key={status} className="d-flex justify-content-between align-items-center py-1">
            <OrderStatusBadge status={status} />
            <span className="fw-semibold">{countOf.get(status) ?? 0}</span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function ThresholdForm({ threshold }: { threshold: number }) {
  const id = useId();
  const [value, setValue] = useState(String(threshold));
  const save = useSaveLowStockThreshold();
  const units = Number(value);
  const valid = /^\d{1,4}$/.test(value.trim()) && units <= 1000;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) save.mutate(units);
  };
  const problem = !valid ? overviewMessages.threshold : save.isError ? errorMessage(save.error, overviewMessages.threshold) : undefined;
  return (
    <Form noValidate onSubmit={submit} className="mt-3">
      <Form.Label htmlFor={`${id}-threshold`} className="small mb-1">
        Stock baixo: até quantas unidades?
      </Form.Label>
      <div className="d-flex gap-2">
        <Form.Control
          id={`${id}-threshold`}
          type="number"
          inputMode="numeric"
          min={0}
          max={1000}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          isInvalid={problem !== undefined}
          aria-invalid={problem !== undefined || undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className="w-auto"
          style={{ maxWidth: '6rem' }}
        />
        <Button type="submit" variant="outline-primary" disabled={save.isPending || !valid}>
          {save.isPending ? 'A guardar...' : 'Guardar'}
        </Button>
      </div>
      {problem && (
        <p id={`${id}-problem`} className="text-danger small mt-1 mb-0">
          {problem}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {save.isSuccess ? save.data.message : ''}
      </p>
    </Form>
  );
}

export function LowStock({ lowStock }: { lowStock: Overview['lowStock'] }) {
  return (
    <Panel title={`Stock baixo (até ${lowStock.threshold} unidades)`}>
      {lowStock.items.length === 0 ?
        <p className="small mb-0">Nenhum produto com stock baixo.</p>
      : <ul className="list-unstyled small mb-0">
          {lowStock.items.map((item) => (
            <li key={`${item.productId}-${item.variantId ?? ''}`} className="d-flex justify-content-between gap-2 py-1">
              <Link to={paths.adminEditProduct(item.productId)}>{item.variantName ? `${item.name} (${item.variantName})` : item.name}</Link>
              <span className={item.stock === 0 ? 'fw-semibold text-danger' : 'fw-semibold'}>{item.stock === 0 ? 'Esgotado' : item.stock}</span>
            </li>
          ))}
        </ul>
      }
      <ThresholdForm key={lowStock.threshold} threshold={lowStock.threshold} />
    </Panel>
  );
}

/** What the discount codes gave in the orders paid in the period (decision 0054): off the goods, and shipping waived. */
export function DiscountsGiven({ discounts, period }: { discounts: NonNullable<Overview['discounts']>; period: string }) {
  return (
    <Panel title={`Códigos de desconto (${period})`}>
      {discounts.count === 0 ?
        <p className="small mb-0">Nenhuma encomenda paga com código de desconto.</p>
      : <dl className="small mb-0">
          <dt>Encomendas pagas com código</dt>
          <dd>{discounts.count}</dd>
          <dt>Descontado (portes oferecidos incluídos)</dt>
          <dd className="fw-semibold">{formatCents(discounts.cents)}</dd>
        </dl>
      }
      <p className="small mb-0 mt-2">
        <Link to={adminListHref('discounts')}>Ver os códigos</Link>
      </p>
    </Panel>
  );
}

export function BestSellers({ items, period, exempt }: { items: Overview['bestSellers']; period: string; exempt: boolean }) {
  return (
    <Panel title={`Mais vendidos (${period})`} wide>
      {items.length === 0 ?
        <p className="small mb-0">Nenhuma venda paga neste período.</p>
      : <table className="table table-sm mb-0">
          <caption className="visually-hidden">Mais vendidos em unidades, {period}</caption>
          <TableHead columns={['Produto', { label: 'Unidades', className: 'text-end' }, { label: withVat('Vendido', exempt), className: 'text-end' }]} />
          <tbody>
            {items.map((item) => (
              <tr key={`${item.productId ?? item.name}`}>
                <th scope="row" className="fw-normal">
                  {item.name}
                </th>
                <td className="text-end">{item.quantity}</td>
                <td className="text-end">{formatCents(item.withTaxCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    </Panel>
  );
}

import Table from 'react-bootstrap/Table';
import { formatDate } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import { adminOrderStatusBadge, paymentMethodLabel } from '#shared/orders.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { paths } from '#shared/paths.ts';
import { orderNumber, OrderStatusBadge } from '../../orders/order-ui.tsx';
import { RowActionsCell } from '../table-cells.tsx';
import { StatusStepButton } from './status-step.tsx';

type Props = {
  orders: readonly Order[];
  onDelete: (order: Order) => void;
  /** A status step was made from a row: the tab says so. */
  onStep: (message: string) => void;
};

export function OrdersTable({ orders, onDelete, onStep }: Props) {
  return (
    // Scrolls sideways on a phone; focusable so the keyboard can scroll it too.
    <div className="table-responsive" role="region" aria-label="Lista de encomendas" tabIndex={0}>
      <Table hover className="align-middle mb-0">
        <caption className="visually-hidden">Encomendas, das mais recentes para as mais antigas</caption>
        <thead>
          <tr>
            <th scope="col">N.º</th>
            <th scope="col">Data</th>
            <th scope="col">Cliente</th>
            <th scope="col">Estado</th>
            <th scope="col">Pagamento</th>
            <th scope="col" className="text-end">
              Total
            </th>
            <th scope="col">Ações</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <th scope="row" className="text-nowrap">
                {order.id}
              </th>
              <td className="text-nowrap">
                <time dateTime={order.order_date}>{formatDate(order.order_date)}</time>
              </td>
              <td className="text-break" style={{ minWidth: '10rem' }}>
                {order.email}
                {order.user_id === null && <span className="d-block small text-secondary">Sem conta</span>}
              </td>
              <td>
                <OrderStatusBadge status={order.status} variant={adminOrderStatusBadge[order.status]} />
                <div className="mt-1">
                  <StatusStepButton order={order} onDone={onStep} />
                </div>
              </td>
              <td className="text-nowrap">{paymentMethodLabel[order.payment_method] ?? order.payment_method}</td>
              <td className="text-end text-nowrap">{formatEuros(order.total_price_with_tax)}</td>
              <RowActionsCell editHref={paths.adminEditOrder(order.id)} label={`encomenda ${orderNumber(order.id)}`} onDelete={() => onDelete(order)} />
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

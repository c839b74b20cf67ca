import { formatDate } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import { adminOrderStatusBadge, paymentMethodLabel } from '#shared/orders.ts';
import { isDeletableOrder, type Order } from '#shared/schemas/orders.ts';
import { paths } from '#shared/paths.ts';
import { orderNumber, OrderStatusBadge } from '../../orders/order-ui.tsx';
import { RowActionsCell } from '../table-cells.tsx';
import { StatusStepButton } from './status-step.tsx';
import { AdminTable } from '../admin-table.tsx';

type Props = {
  orders: readonly Order[];
  onDelete: (order: Order) => void;
  /** A status step was made from a row: the tab says so. */
  onStep: (message: string) => void;
};

export function OrdersTable({ orders, onDelete, onStep }: Props) {
  return (
    <AdminTable
      label="Lista de encomendas"
      caption="Encomendas, das mais recentes para as mais antigas"
      columns={['N.º', 'Data', 'Cliente', 'Estado', 'Pagamento', { label: 'Total', className: 'text-end' }, 'Ações']}
    >
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
          <RowActionsCell editHref={paths.adminEditOrder(order.id)} label={`encomenda ${orderNumber(order.id)}`} onDelete={isDeletableOrder(order) ? () => onDelete(order) : undefined} />
        </tr>
      ))}
    </AdminTable>
  );
}

import Badge from 'react-bootstrap/Badge';
import { type OrderStatus, orderStatusBadge, orderStatusLabel } from '#shared/orders.ts';
import type { Order } from '#shared/schemas/orders.ts';

/** Who an order's invoice is made out to: `NIF 501964843 (Arrumações Lda.)`, or "Consumidor final". */
export const invoiceTo = (order: Pick<Order, 'nif' | 'company'>) =>
  order.nif ? `NIF ${order.nif}${order.company ? ` (${order.company})` : ''}` : 'Consumidor final';

/** How every screen names an order: `n.º 42`. */
export const orderNumber = (id: number) => `n.º ${id}`;

/** Light backgrounds need dark text to stay readable (WCAG contrast). */
const darkText = (variant: string) => (variant === 'warning' || variant === 'info' || variant === 'light' ? 'dark' : undefined);

/**
 * An order status as a coloured badge: the label from the shared map and, unless a screen gives its own,
 * the customer-side colour (storefront.md §4).
 */
export function OrderStatusBadge({ status, variant, className }: { status: OrderStatus; variant?: string; className?: string }) {
  const bg = variant ?? orderStatusBadge[status] ?? 'warning';
  return (
    <Badge bg={bg} text={darkText(bg)} className={className}>
      {orderStatusLabel[status] ?? status}
    </Badge>
  );
}

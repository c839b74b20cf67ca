import Badge from 'react-bootstrap/Badge';
import { type OrderStatus, orderStatusBadge, orderStatusLabel } from '#shared/orders.ts';

/** storefront.md §9: dates in the pt-PT locale. */
const dateFormat = new Intl.DateTimeFormat('pt-PT', { day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('pt-PT', { dateStyle: 'long', timeStyle: 'short' });

/** `05/03/2025` */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** `5 de março de 2025, 10:00` (the separator is the locale's). */
export function formatOrderDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}

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

import type { OrderStatus } from '#shared/orders.ts';
import { adminTabHref } from '../admin-paths.ts';

/** The orders tab's ?tab= value (backoffice.md §2); the order form goes back to it after a save. */
export const ORDERS_TAB = 'encomendas';
export const ordersListHref = adminTabHref(ORDERS_TAB);

/**
 * backoffice.md §2: the orders list colours the status: delivered green, shipped blue, processing cyan,
 * cancelled red, any other yellow.
 */
export function adminStatusVariant(status: OrderStatus | string): string {
  switch (status) {
    case 'delivered':
      return 'success';
    case 'shipped':
      return 'primary';
    case 'processing':
      return 'info';
    case 'cancelled':
      return 'danger';
    default:
      return 'warning';
  }
}

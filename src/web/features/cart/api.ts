import type { CartTotalsAnswer } from '#shared/schemas/orders.ts';
import { api } from '../../api/client.ts';

// The cart's call (storefront.md §7): the server's totals, and each line's price and stock now.

/** One line as the order calls carry it (storefront.md §7). */
export type OrderLine = { product_id: number; variant_id?: number; quantity: number };

/** The checkout's postcode and the shipping method chosen for it: the answer then carries the zone's methods (decision 0046). */
export type ShippingAsk = { postal_code?: string; country?: string; shipping_method_id?: number; discount_code?: string };

/** Query keys of the server's totals: keyed by what is sent (never the stored prices, which the answer may correct). */
export const cartKeys = {
  totals: (lines: readonly OrderLine[], shipping?: ShippingAsk) =>
    shipping ? (['order', 'calculate-totals', lines, shipping] as const) : (['order', 'calculate-totals', lines] as const),
};

export function fetchTotals(lines: readonly OrderLine[], signal?: AbortSignal, shipping?: ShippingAsk): Promise<CartTotalsAnswer> {
  return api.post<CartTotalsAnswer>('/order/calculate-totals', { items: lines, ...shipping }, { signal });
}

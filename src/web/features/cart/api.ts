import type { CartTotalsAnswer } from '#shared/schemas/orders.ts';
import type { QueryClient } from '@tanstack/react-query';
import type { CartItem } from '#shared/cart.ts';
import type { CartAnswer } from '#shared/schemas/cart.ts';
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

/** The lines of a cart cookie's value with their prices, stock and totals now (decision 0056). */
export const fetchServerCart = (lines: string, signal?: AbortSignal) => api.get<CartAnswer>(`/cart?lines=${encodeURIComponent(lines)}`, { signal });

/** The cart the server rendered its cart page from (its cookie's lines): what the page shows until the app runs. */
export const serverCartKey = ['cart', 'server'] as const;

/** The cart the server renders its cart page from (the cookie's `lines`): kept under `serverCartKey`. */
export const serverCartQuery = (lines: string) => ({ queryKey: serverCartKey, queryFn: () => fetchServerCart(lines) });

/** A stored line of the server's answer (its `stock` is the answer's, not the line's). */
export const storedLines = (answer: CartAnswer): CartItem[] => answer.items.map(({ stock: _stock, ...line }) => line);

/**
 * The stored lines of a cart cookie's value, for `followServerCart`: the ones the cart page was rendered from when
 * they are the cookie's, otherwise asked of the server.
 */
export const serverLinesWith = (queries: QueryClient) => async (lines: string) => {
  const rendered = queries.getQueryData<CartAnswer>(serverCartKey);
  return storedLines(rendered?.lines === lines ? rendered : await fetchServerCart(lines));
};

import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { formatEuros, toCents } from '#shared/money.ts';
import type { Product } from '#shared/schemas/catalog.ts';
import type { TotalsAnswer } from '#shared/schemas/orders.ts';
import { api, ApiError, errorMessage } from '../../api/client.ts';
import { productPageQueryOptions } from '../catalog/api.ts';
import { type Cart, type CartItem, cartTotal, readCart, updatePrice } from './cart-store.ts';

/** One line as the order calls carry it (storefront.md §7). */
export type OrderLine = { product_id: number; variant_id?: number; quantity: number };

export const totalsFailed = 'Ocorreu um erro ao calcular os totais. Por favor, atualize a página.';

/** Query keys of the server's totals: keyed by what is sent (never the stored prices, which the answer may correct). */
export const cartKeys = {
  totals: (lines: readonly OrderLine[]) => ['order', 'calculate-totals', lines] as const,
};

export function toOrderLines(items: Cart): OrderLine[] {
  return items.map((item) =>
    item.variant ?
      { product_id: item.productId, variant_id: item.variant.id, quantity: item.quantity }
    : { product_id: item.productId, quantity: item.quantity },
  );
}

export function fetchTotals(lines: readonly OrderLine[], signal?: AbortSignal): Promise<TotalsAnswer> {
  return api.post<TotalsAnswer>('/order/calculate-totals', { items: lines }, { signal });
}

export const sameTotals = (a: TotalsAnswer, b: TotalsAnswer) =>
  toCents(a.subtotalWithTax) === toCents(b.subtotalWithTax) &&
  toCents(a.shippingCost) === toCents(b.shippingCost) &&
  toCents(a.totalTax) === toCents(b.totalTax) &&
  toCents(a.totalPriceWithoutTax) === toCents(b.totalPriceWithoutTax) &&
  toCents(a.totalWithTax) === toCents(b.totalWithTax);

/** The VAT label ('IVA (23%) incluído': prices include it), from the rate the server used. */
export const vatLabel = (rate: number) => `IVA (${Math.round(rate * 100)}%) incluído`;
/** 'Grátis' when there is nothing to pay for delivery. */
export const shippingLabel = (euros: number) => (toCents(euros) === 0 ? 'Grátis' : formatEuros(euros));

// --- price changes ---------------------------------------------------------------------------------------

/** A line whose stored price was not the server's: the store now has `price`. */
export type PriceChange = { id: string; name: string; price: number };

let priceChanges: readonly PriceChange[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function notePriceChanges(changes: readonly PriceChange[]) {
  if (changes.length === 0) return;
  const ids = new Set(changes.map((change) => change.id));
  priceChanges = [...priceChanges.filter((change) => !ids.has(change.id)), ...changes];
  emit();
}

/** Forgets the notices (the customer closed them, or the order was placed). */
export function dismissPriceChanges(): void {
  if (priceChanges.length === 0) return;
  priceChanges = [];
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The price changes noticed so far, for lines still in the cart. */
export function usePriceChanges(items: Cart): PriceChange[] {
  const changes = useSyncExternalStore(subscribe, () => priceChanges, () => priceChanges);
  return useMemo(() => changes.filter((change) => items.some((item) => item.id === change.id)), [changes, items]);
}

/** 'O preço de X mudou para Y.' */
export const priceChangeMessage = (change: PriceChange) => `O preço de ${change.name} mudou para ${formatEuros(change.price)}.`;

/** What the server charges now for a line: the variant's price, or the product's; undefined when it is gone. */
function currentPrice(product: Product, line: CartItem): number | undefined {
  if (!line.variant) return product.hasVariants ? undefined : product.price;
  return product.variants.find((variant) => variant.id === line.variant?.id)?.price;
}

/**
 * The totals answer carries no line prices, so when its subtotal is not the stored cart's, the lines' current
 * prices are read from the catalogue and the stored prices corrected (the server's prices win).
 */
async function syncPrices(queryClient: QueryClient, lines: readonly OrderLine[], totals: TotalsAnswer): Promise<PriceChange[]> {
  const cart = readCart();
  // The cart changed meanwhile: its own totals request will check it.
  if (JSON.stringify(toOrderLines(cart)) !== JSON.stringify(lines)) return [];
  if (toCents(cartTotal(cart)) === toCents(totals.subtotalWithTax)) return [];
  const productIds = [...new Set(cart.map((line) => line.productId))];
  const products = await Promise.all(
    productIds.map((id) =>
      queryClient
        .fetchQuery({ ...productPageQueryOptions(String(id)), staleTime: 0 })
        .catch(() => null),
    ),
  );
  const changes: PriceChange[] = [];
  for (const line of cart) {
    const product = products.find((candidate) => candidate?.id === line.productId);
    const price = product ? currentPrice(product, line) : undefined;
    if (price === undefined || toCents(price) === toCents(line.price)) continue;
    updatePrice(line.id, price);
    changes.push({ id: line.id, name: line.variant ? `${line.name} (${line.variant.name})` : line.name, price });
  }
  return changes;
}

/**
 * The server's totals for the cart (storefront.md §7), keyed by the lines sent. While a changed cart is being
 * recalculated the previous figures stay on screen (`isPlaceholderData`).
 */
export function useCartTotals(items: Cart) {
  const queryClient = useQueryClient();
  const lines = useMemo(() => toOrderLines(items), [items]);
  const query = useQuery({
    queryKey: cartKeys.totals(lines),
    queryFn: async ({ signal }) => {
      const totals = await fetchTotals(lines, signal);
      try {
        notePriceChanges(await syncPrices(queryClient, lines, totals));
      } catch (err) {
        console.warn('Não foi possível confirmar os preços do carrinho', err);
      }
      return totals;
    },
    enabled: lines.length > 0,
    placeholderData: keepPreviousData,
    // Prices and stock are the server's: a visit to the cart or the checkout asks again.
    staleTime: 0,
  });
  return { ...query, lines };
}

/** The message of a failed totals request: the server's, or the screen's fallback. */
export const totalsErrorMessage = (error: unknown): string => errorMessage(error, totalsFailed);

/** The cart cannot be bought as it is (unknown product, not enough stock): the customer has to change it. */
export const blocksCheckout = (error: unknown) => error instanceof ApiError && (error.status === 400 || error.status === 409);

/** The stock message of a 409 names the product: that line gets the message too. */
export function lineProblem(error: unknown, item: CartItem): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  return error.message.includes(item.name) ? error.message : undefined;
}

import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { formatEuros, toCents } from '#shared/money.ts';
import type { CartTotalsAnswer, TotalsAnswer } from '#shared/schemas/orders.ts';
import { ApiError, errorMessage } from '../../api/client.ts';
import { cartKeys, fetchTotals, type OrderLine, type ShippingAsk } from './api.ts';
import { useDiscountCode } from './discount-code.ts';
import { type Cart, type CartItem, lineName, readCart, setQuantity, updatePrice } from './cart-store.ts';

export const totalsFailed = 'Ocorreu um erro ao calcular os totais. Por favor, atualize a página.';

export function toOrderLines(items: Cart): OrderLine[] {
  return items.map((item) =>
    item.variant ?
      { product_id: item.productId, variant_id: item.variant.id, quantity: item.quantity }
    : { product_id: item.productId, quantity: item.quantity },
  );
}

export const sameTotals = (a: TotalsAnswer, b: TotalsAnswer) =>
  toCents(a.subtotalWithTax) === toCents(b.subtotalWithTax) &&
  toCents(a.shippingCost) === toCents(b.shippingCost) &&
  toCents(a.totalTax) === toCents(b.totalTax) &&
  toCents(a.totalPriceWithoutTax) === toCents(b.totalPriceWithoutTax) &&
  toCents(a.totalWithTax) === toCents(b.totalWithTax);

/** The VAT label ('IVA (23%) incluído': prices include it), from the rate the server used. */
export const vatLabel = (rate: number) => `IVA (${Math.round(rate * 100)}%) incluído`;

/** The discount's row ('Desconto (VERAO10, 10%)', '− 4,50 €', the minus kept with its amount), in the server's words; none without an applied code. */
export const discountRows = (t: Partial<Pick<CartTotalsAnswer, 'discount' | 'discount_label'>>): [string, string][] =>
  t.discount_label ? [[t.discount_label, t.discount ? `−\u00a0${formatEuros(t.discount)}` : '']] : [];

type VatFigures = Pick<TotalsAnswer, 'taxRate' | 'totalTax' | 'vat_lines' | 'vat_note'>;

/**
 * The VAT rows under the totals, in the server's words (decision 0053): one per rate; under the art. 53.º
 * exemption no VAT line, the law's words instead, with no amount. An answer without them: the one rate.
 */
export const vatRows = (t: VatFigures): [string, string][] =>
  t.vat_note ? [[t.vat_note, '']] : t.vat_lines?.length ? t.vat_lines.map((l) => [l.label, formatEuros(l.tax)]) : [[vatLabel(t.taxRate), formatEuros(t.totalTax)]];

/** 'Grátis' when there is nothing to pay for delivery. */
export const shippingLabel = (euros: number) => (toCents(euros) === 0 ? 'Grátis' : formatEuros(euros));

// --- what changed since the line was added ------------------------------------------------------------

/**
 * A line the cart corrected to what the shop has now: its price (the server's prices win), or its quantity
 * (cut to the units in stock). Said once, in the notice above the lines; the line itself carries a short mark.
 */
export type CartChange = { id: string; kind: 'price' | 'stock'; message: string };

let cartChanges: readonly CartChange[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function noteCartChanges(changes: readonly CartChange[]) {
  if (changes.length === 0) return;
  const keys = new Set(changes.map((change) => `${change.kind}:${change.id}`));
  cartChanges = [...cartChanges.filter((change) => !keys.has(`${change.kind}:${change.id}`)), ...changes];
  emit();
}

/** Forgets the notices (the customer closed them, or the order was placed). */
export function dismissCartChanges(): void {
  if (cartChanges.length === 0) return;
  cartChanges = [];
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The changes noticed so far, for lines still in the cart. */
export function useCartChanges(items: Cart): CartChange[] {
  const changes = useSyncExternalStore(subscribe, () => cartChanges, () => cartChanges);
  return useMemo(() => changes.filter((change) => items.some((item) => item.id === change.id)), [changes, items]);
}

/** The short mark of a corrected line (the notice above says it in full). */
export const changeMark: Record<CartChange['kind'], string> = { price: 'Preço atualizado', stock: 'Quantidade ajustada ao stock' };

/** 'O preço de X mudou para Y.' */
export const priceChangeMessage = (name: string, price: number) => `O preço de ${name} mudou para ${formatEuros(price)}.`;
/** 'Só temos 3 unidades de X em stock: a quantidade foi ajustada.' */
export const stockChangeMessage = (name: string, stock: number) =>
  `Só temos ${stock === 1 ? '1 unidade' : `${stock} unidades`} de ${name} em stock: a quantidade foi ajustada.`;
/** A line nobody can buy now: the customer removes it to go on. */
export const soldOutMessage = (name: string) => `${name} esgotou entretanto: retire-o do carrinho para continuar.`;

/** The server's answer for a cart line: its price and stock now; undefined when the answer does not have it. */
export function answerLine(totals: CartTotalsAnswer | undefined, line: Pick<CartItem, 'productId' | 'variant'>) {
  return totals?.lines.find((l) => l.product_id === line.productId && l.variant_id === (line.variant?.id ?? null));
}

/**
 * The price before the sale of a line the server charges at a sale price now (decision 0048), for the cart, the
 * drawer and the checkout to strike through; undefined when no sale applies.
 */
export function regularPriceOf(totals: CartTotalsAnswer | undefined, line: Pick<CartItem, 'productId' | 'variant' | 'price'>) {
  const regular = answerLine(totals, line)?.regular_price;
  return regular !== undefined && toCents(regular) > toCents(line.price) ? regular : undefined;
}

/** Lines with none left in stock: the cart cannot be bought until they go. */
export const soldOutLines = (items: Cart, totals: CartTotalsAnswer | undefined) => items.filter((item) => answerLine(totals, item)?.stock === 0);

/** The customer asked for more than the stock: the line gets what there is, and the notice says so. */
export function limitToStock(line: CartItem, stock: number) {
  setQuantity(line.id, stock);
  noteCartChanges([{ id: line.id, kind: 'stock', message: stockChangeMessage(lineName(line), stock) }]);
}

/**
 * Brings the stored cart in line with the server's answer: each line's price becomes the server's, and a
 * quantity above the stock is cut to it (a sold-out line stays, marked, for the customer to remove).
 */
function syncCart(lines: readonly OrderLine[], totals: CartTotalsAnswer): CartChange[] {
  const cart = readCart();
  // The cart changed meanwhile: its own totals request will check it.
  if (JSON.stringify(toOrderLines(cart)) !== JSON.stringify(lines)) return [];
  const changes: CartChange[] = [];
  for (const line of cart) {
    const now = answerLine(totals, line);
    if (!now) continue;
    if (toCents(now.price) !== toCents(line.price)) {
      updatePrice(line.id, now.price);
      changes.push({ id: line.id, kind: 'price', message: priceChangeMessage(lineName(line), now.price) });
    }
    if (now.stock !== null && now.stock > 0 && line.quantity > now.stock) {
      setQuantity(line.id, now.stock);
      changes.push({ id: line.id, kind: 'stock', message: stockChangeMessage(lineName(line), now.stock) });
    }
  }
  return changes;
}

/**
 * The server's totals for the cart (storefront.md §7), keyed by the lines sent; the stored cart is then
 * corrected to the prices and stock of the answer. While a changed cart is being recalculated the previous
 * figures stay on screen (`isPlaceholderData`). With `shipping` (the checkout's postcode and method), the
 * answer also offers the zone's methods. Not asked while `asked` is false (the cart page shows the totals its server
 * render brought until the app runs), nor for an empty cart.
 */
export function useCartTotals(items: Cart, shipping?: ShippingAsk, asked = true) {
  const lines = useMemo(() => toOrderLines(items), [items]);
  // The code the customer applied goes with every totals request (decision 0054).
  const code = useDiscountCode();
  const ask = code ? { ...shipping, discount_code: code } : shipping;
  const query = useQuery({
    queryKey: cartKeys.totals(lines, ask),
    // skipToken, not `enabled`: the server's render fetches every query a page asks for and has not got.
    queryFn:
      asked && lines.length > 0 ?
        async ({ signal }) => {
          const totals = await fetchTotals(lines, signal, ask);
          noteCartChanges(syncCart(lines, totals));
          return totals;
        }
      : skipToken,
    placeholderData: keepPreviousData,
    // Prices and stock are the server's: a visit to the cart or the checkout asks again.
    staleTime: 0,
  });
  // `shipping` carries the code too: the checkout's last totals request asks what these totals asked.
  return { ...query, lines, shipping: ask };
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

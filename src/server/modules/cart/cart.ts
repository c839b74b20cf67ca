import { type CartItem, type CartRef, MAX_CART_LINES, MAX_LINE_QUANTITY, toCartItem } from '#shared/cart.ts';
import type { Product } from '#shared/schemas/catalog.ts';
import type { CartTotalsAnswer } from '#shared/schemas/orders.ts';
import type { Db } from '../../db/client.ts';
import { publicProducts } from '../catalog/cart-products.ts';
import { calculateTotals } from '../orders/checkout.ts';

/*
 * The cart as the server reads it (decision 0056): the lines of the cart cookie, checked against the catalogue. The
 * browser's own copy (local storage, storefront.md §3) follows it when a form changed it before the app ran.
 */

/** A line the server can sell: the stored line's fields, and the stock the customer may still take. */
export type ServerCartItem = CartItem & { stock: number | null };

/** What can be bought of a product now: a variant's stock, the product's, or no limit for a digital product. */
const stockOf = (product: Product, variantId: number | null): number | null =>
  product.isDigital ? null : (product.variants.find((v) => v.id === variantId)?.stock ?? product.stock);

/** The line of a ref, or null when its product cannot be bought as named (gone, archived, a variant not its own or missing). */
function lineOf(ref: CartRef, products: Map<number, Product>): ServerCartItem | null {
  const product = products.get(ref.productId);
  if (!product) return null;
  const variant = ref.variantId === null ? null : product.variants.find((v) => v.id === ref.variantId);
  if (variant === undefined || (product.hasVariants && !variant) || (!product.hasVariants && variant)) return null;
  const { regularPrice: _announced, ...line } = toCartItem(product, variant);
  return { ...line, quantity: product.isDigital ? 1 : ref.quantity, stock: stockOf(product, ref.variantId) };
}

/** The cart's lines that name something the shop sells, in the cookie's order. */
export async function cartLines(db: Db, refs: readonly CartRef[]): Promise<ServerCartItem[]> {
  const products = new Map((await publicProducts(db, refs.map((ref) => ref.productId))).map((p) => [p.id, p]));
  return refs.map((ref) => lineOf(ref, products)).filter((line): line is ServerCartItem => line !== null);
}

/** The server's totals for these lines (as `POST /order/calculate-totals` without an address: the mainland's), or null for an empty cart. */
export async function cartTotals(db: Db, items: readonly ServerCartItem[]): Promise<CartTotalsAnswer | null> {
  if (!items.length) return null;
  return calculateTotals(db, { country: 'PT', items: items.map((item) => ({ product_id: item.productId, variant_id: item.variant?.id ?? null, quantity: item.quantity })) });
}

/** What an add of the form asks: the product, its variant when it has them, the units. */
export type AddRequest = { productId: number; variantId: number | null; quantity: number };

/**
 * The cart after an add, or why it cannot be made here: the product is not sold (`gone`), or the customer must
 * choose on the product's page (a variant not chosen, nothing left in stock). A line never grows past the stock
 * or 99 units; a digital product's line holds one.
 */
export async function addToCart(db: Db, refs: readonly CartRef[], add: AddRequest): Promise<{ refs: CartRef[]; lineId: string } | 'gone' | 'choose'> {
  const [product] = await publicProducts(db, [add.productId]);
  if (!product) return 'gone';
  const line = lineOf({ ...add, quantity: 1 }, new Map([[product.id, product]]));
  if (!line) return 'choose';
  const limit = Math.min(MAX_LINE_QUANTITY, line.stock ?? 1);
  const existing = refs.find((ref) => ref.productId === add.productId && ref.variantId === add.variantId);
  const before = existing?.quantity ?? 0;
  const after = Math.max(before, Math.min(limit, before + add.quantity));
  if (after < 1) return 'choose';
  const next = existing ? refs.map((ref) => (ref === existing ? { ...ref, quantity: after } : ref)) : [...refs, { ...add, quantity: after }];
  return { refs: next.slice(0, MAX_CART_LINES), lineId: line.id };
}

/** The cart with one line set to a quantity (1 to 99); 0 removes it. A line the cart does not hold changes nothing. */
export function setLine(refs: readonly CartRef[], target: Pick<CartRef, 'productId' | 'variantId'>, quantity: number): CartRef[] {
  const same = (ref: CartRef) => ref.productId === target.productId && ref.variantId === target.variantId;
  if (quantity <= 0) return refs.filter((ref) => !same(ref));
  return refs.map((ref) => (same(ref) ? { ...ref, quantity: Math.min(MAX_LINE_QUANTITY, quantity) } : ref));
}

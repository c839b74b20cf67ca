import type { Product, Variant } from './schemas/catalog.ts';
import type { ExemptionReason } from './withdrawal.ts';

/*
 * The cart's lines, as the browser keeps them (storefront.md §3: local storage, key "cart") and as the server reads
 * them (decision 0056: a cookie of product, variant and quantity, so a tap on «Adicionar» works before the app runs
 * and without JavaScript).
 */

/** One cart line, exactly as stored (storefront.md §3). `price` is in euros, as the API sends it. */
export type CartItem = {
  /** The variant's sku; else the product id as text; a variant without sku: `${productId}-${variantId}`. */
  id: string;
  productId: number;
  name: string;
  price: number;
  /** The product's first image (its src), or null. */
  image: string | null;
  quantity: number;
  isDigital: boolean;
  variant: { id: number; name: string } | null;
  /** "Sem direito de livre resolução" and the law's reason, said again at the checkout before the order (issue #28). */
  withdrawalExemption?: ExemptionReason | null;
};

/** A line to add; `regularPrice`, the price before the sale it is sold at now, is announced with the add, not stored. */
export type NewCartItem = Omit<CartItem, 'quantity'> & { regularPrice?: number };

/** The most of one line an order takes (the order schema's limit). */
export const MAX_LINE_QUANTITY = 99;

/** The name a line goes by in labels and messages: the product, and its variant when it has one. */
export const lineName = (item: Pick<CartItem, 'name' | 'variant'>) => (item.variant ? `${item.name} (${item.variant.name})` : item.name);

/** The line id: two variants of one product never share a line, and a product without variants keeps its id. */
export function cartItemId(productId: number, variant?: Pick<Variant, 'id' | 'sku'> | null): string {
  if (!variant) return String(productId);
  return variant.sku ? variant.sku : `${productId}-${variant.id}`;
}

/** The cart line for a product (and one of its variants, when it has them). */
export function toCartItem(
  product: Pick<Product, 'id' | 'name' | 'price' | 'regular_price' | 'sale_price' | 'isDigital' | 'images'> & { withdrawalExemption?: ExemptionReason | null },
  variant?: Variant | null,
): NewCartItem {
  const sold = variant ?? product;
  const onSale = sold.sale_price !== null && sold.sale_price !== undefined && sold.regular_price !== undefined && sold.regular_price > sold.price;
  return {
    id: cartItemId(product.id, variant),
    productId: product.id,
    name: product.name,
    price: variant ? variant.price : product.price,
    image: product.images[0]?.src ?? null,
    isDigital: product.isDigital,
    variant: variant ? { id: variant.id, name: variant.name } : null,
    // Only when the product has one: the stored line of any other product keeps its shape.
    ...(product.withdrawalExemption ? { withdrawalExemption: product.withdrawalExemption } : {}),
    ...(onSale ? { regularPrice: sold.regular_price } : {}),
  };
}

// --- the copy the server reads -----------------------------------------------------------------------------

/** The cookie that holds the cart's lines for the server (decision 0056). */
export const CART_COOKIE = 'cart';
/** Kept three months, like the browser's own copy, which has no end. */
export const CART_COOKIE_MAX_AGE = 90 * 24 * 3600;
/** The order calls take at most 50 lines (and a cookie about 4 KB): a longer cart keeps its first ones on the server's side. */
export const MAX_CART_LINES = 50;

/** What the server needs of a line: the product, its variant (or none) and the quantity. */
export type CartRef = { productId: number; variantId: number | null; quantity: number };

const positive = (text: string | undefined) => (text !== undefined && /^\d{1,9}$/.test(text) ? Number(text) : 0);

/** `12.0.2_15.7.1`: product, variant (0 for none) and quantity of each line, in the cart's order. */
export function encodeCartCookie(lines: readonly CartRef[]): string {
  return lines
    .slice(0, MAX_CART_LINES)
    .map((line) => `${line.productId}.${line.variantId ?? 0}.${line.quantity}`)
    .join('_');
}

/**
 * The lines of a cookie's value: a part that is not three whole numbers is left out (never guessed), a quantity is
 * kept within 1 and 99, and the same product and variant twice make one line.
 */
export function decodeCartCookie(value: string | null | undefined): CartRef[] {
  const lines: CartRef[] = [];
  for (const part of (value ?? '').split('_').slice(0, MAX_CART_LINES)) {
    const [product, variant, quantity, extra] = part.split('.');
    const productId = positive(product);
    const amount = positive(quantity);
    if (extra !== undefined || productId < 1 || amount < 1 || (variant !== '0' && positive(variant) < 1)) continue;
    const variantId = variant === '0' ? null : positive(variant);
    const same = lines.find((line) => line.productId === productId && line.variantId === variantId);
    if (same) same.quantity = Math.min(MAX_LINE_QUANTITY, same.quantity + amount);
    else lines.push({ productId, variantId, quantity: Math.min(MAX_LINE_QUANTITY, amount) });
  }
  return lines;
}

/** The cart cookie's value among a `Cookie` header's (or `document.cookie`): '' for an empty cart, null when there is none. */
export function readCartCookie(cookies: string): string | null {
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CART_COOKIE) return value.join('=');
  }
  return null;
}

/** The server's copy of stored lines. */
export const cartRefs = (items: readonly Pick<CartItem, 'productId' | 'variant' | 'quantity'>[]): CartRef[] =>
  items.map((item) => ({ productId: item.productId, variantId: item.variant?.id ?? null, quantity: item.quantity }));

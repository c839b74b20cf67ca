import { EXEMPTION_REASONS, type ExemptionReason } from '#shared/withdrawal.ts';
import { useSyncExternalStore } from 'react';
import { toCents } from '#shared/money.ts';
import type { Product, Variant } from '#shared/schemas/catalog.ts';

/** storefront.md §3 and §9: the cart lives in the browser's local storage under this key. */
export const CART_KEY = 'cart';
/** Fired on this tab after every change; other tabs hear the `storage` event. */
export const CART_EVENT = 'cart-change';
/**
 * Fired on this tab after an add (issue #15: any add opens the cart drawer, without the caller knowing it).
 * Quantity changes on the cart page are not adds: they go through `setQuantity`.
 */
export const CART_ADDED_EVENT = 'cart-added';

/**
 * What an add announces: the line that grew or was appended, the units added to it, the unit price before the sale
 * it is sold at (when on sale), and the control the focus goes back to when the drawer closes, when the add came
 * from a dialog that is closing (a card's variant picker).
 */
export type CartAdded = { id: string; quantity: number; regularPrice?: number; returnFocusTo?: HTMLElement };

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

/** The name a line goes by in labels and messages: the product, and its variant when it has one. */
export const lineName = (item: Pick<CartItem, 'name' | 'variant'>) => (item.variant ? `${item.name} (${item.variant.name})` : item.name);

/** What a caller adds: a line without its quantity. */
/** A line to add; `regularPrice`, the price before the sale it is sold at now, is announced with the add, not stored. */
export type NewCartItem = Omit<CartItem, 'quantity'> & { regularPrice?: number };

export type Cart = readonly CartItem[];

const EMPTY: Cart = Object.freeze([]) as Cart;

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

// --- storage -------------------------------------------------------------------------------------------

/**
 * When the browser refuses local storage (private modes, a full quota), the cart still works for this
 * visit from memory rather than silently dropping what the customer adds.
 */
let storageFailed = false;
let memoryCopy: string | null = null;

function readRaw(): string | null {
  if (!storageFailed) {
    try {
      return localStorage.getItem(CART_KEY);
    } catch {
      storageFailed = true;
    }
  }
  return memoryCopy;
}

function writeRaw(raw: string | null) {
  memoryCopy = raw;
  if (!storageFailed) {
    try {
      if (raw === null) localStorage.removeItem(CART_KEY);
      else localStorage.setItem(CART_KEY, raw);
    } catch {
      storageFailed = true;
    }
  }
  window.dispatchEvent(new Event(CART_EVENT));
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A stored line, or null when it cannot be a cart line (it is then left out, never guessed). */
function parseItem(value: unknown): CartItem | null {
  if (!isObject(value)) return null;
  const { id, productId, name, price, image, quantity, isDigital, variant, withdrawalExemption } = value;
  const itemId = typeof id === 'number' && Number.isFinite(id) ? String(id) : id;
  if (typeof itemId !== 'string' || itemId === '') return null;
  if (typeof productId !== 'number' || !Number.isInteger(productId)) return null;
  if (typeof name !== 'string') return null;
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) return null;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) return null;
  let itemVariant: CartItem['variant'] = null;
  if (isObject(variant)) {
    if (typeof variant.id !== 'number' || typeof variant.name !== 'string') return null;
    itemVariant = { id: variant.id, name: variant.name };
  } else if (variant !== null && variant !== undefined) return null;
  return {
    id: itemId,
    productId,
    name,
    price,
    image: typeof image === 'string' && image ? image : null,
    quantity,
    isDigital: isDigital === true,
    variant: itemVariant,
    ...((EXEMPTION_REASONS as readonly unknown[]).includes(withdrawalExemption) ? { withdrawalExemption: withdrawalExemption as ExemptionReason } : {}),
  };
}

function parseCart(raw: string | null): Cart {
  if (raw === null) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return EMPTY;
    const items = value.map(parseItem).filter((item): item is CartItem => item !== null);
    return items.length ? Object.freeze(items) : EMPTY;
  } catch {
    // storefront.md §4: an unreadable stored value gives an empty cart.
    return EMPTY;
  }
}

// The same stored text gives the same array, so React (useSyncExternalStore) sees no change.
let cachedRaw: string | null | undefined;
let cachedCart: Cart = EMPTY;

/** The cart as stored now (an unreadable stored value gives an empty cart). Treat it as read-only. */
export function readCart(): Cart {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedCart = parseCart(raw);
  }
  return cachedCart;
}

function saveCart(items: readonly CartItem[]) {
  writeRaw(JSON.stringify(items));
}

const wholeQuantity = (quantity: number) => (Number.isFinite(quantity) ? Math.floor(quantity) : Number.NaN);

/** The most of one line an order takes (the order schema's limit). */
export const MAX_LINE_QUANTITY = 99;

// --- changes (storefront.md §4) ---------------------------------------------------------------------------

/**
 * Adds `quantity` of a line: a line with the same id grows by it, otherwise a new line is appended. `available`
 * is the stock the page showed: a line never grows past it (the drawer then says what was really added); a digital
 * product's line holds one.
 */
export function addItem(item: NewCartItem, quantity = 1, available = MAX_LINE_QUANTITY, returnFocusTo?: HTMLElement): void {
  const amount = wholeQuantity(quantity);
  if (!(amount >= 1)) return;
  const items = readCart();
  const existing = items.find((line) => line.id === item.id);
  const before = existing?.quantity ?? 0;
  // A digital product is a link: one copy is all a customer can buy (issue #25: no quantity for it anywhere).
  const limit = item.isDigital ? 1 : available;
  const after = Math.max(before, Math.min(MAX_LINE_QUANTITY, limit, before + amount));
  if (existing) {
    saveCart(items.map((line) => (line === existing ? { ...line, quantity: after } : line)));
  } else {
    const { id, productId, name, price, image, isDigital, variant, withdrawalExemption } = item;
    saveCart([...items, { id, productId, name, price, image, quantity: after, isDigital, variant, ...(withdrawalExemption ? { withdrawalExemption } : {}) }]);
  }
  // The units the line really grew by (a line at its limit takes fewer, or none: nothing to announce then).
  if (after > before) {
    const detail: CartAdded = {
      id: item.id,
      quantity: after - before,
      ...(item.regularPrice === undefined ? {} : { regularPrice: item.regularPrice }),
      ...(returnFocusTo ? { returnFocusTo } : {}),
    };
    window.dispatchEvent(new CustomEvent<CartAdded>(CART_ADDED_EVENT, { detail }));
  }
}

/** Calls `onAdded` after every add on this tab; returns the unsubscribe. */
export function subscribeCartAdded(onAdded: (added: CartAdded) => void): () => void {
  const listener = (event: Event) => onAdded((event as CustomEvent<CartAdded>).detail);
  window.addEventListener(CART_ADDED_EVENT, listener);
  return () => window.removeEventListener(CART_ADDED_EVENT, listener);
}

/** Sets a line's quantity; 0 or less removes the line. A quantity that is not a number changes nothing. */
export function setQuantity(id: string, quantity: number): void {
  const amount = wholeQuantity(quantity);
  if (Number.isNaN(amount)) return;
  if (amount <= 0) {
    removeItem(id);
    return;
  }
  const items = readCart();
  if (!items.some((line) => line.id === id)) return;
  saveCart(items.map((line) => (line.id === id ? { ...line, quantity: Math.min(MAX_LINE_QUANTITY, amount) } : line)));
}

/**
 * Sets a line's unit price (euros) to the one the server charges now. A price that is not a finite number
 * of 0 or more, an unknown line or an unchanged price changes nothing.
 */
export function updatePrice(id: string, price: number): void {
  if (!Number.isFinite(price) || price < 0) return;
  const items = readCart();
  const line = items.find((item) => item.id === id);
  if (!line || line.price === price) return;
  saveCart(items.map((item) => (item === line ? { ...item, price } : item)));
}

export function removeItem(id: string): void {
  const items = readCart();
  if (!items.some((line) => line.id === id)) return;
  saveCart(items.filter((line) => line.id !== id));
}

/** Empties the cart and removes the stored copy. */
export function clearCart(): void {
  writeRaw(null);
}

/** Sum of price times quantity, in euros rounded to the cent (worked out in whole cents). */
export function cartTotal(items: readonly Pick<CartItem, 'price' | 'quantity'>[]): number {
  const cents = items.reduce((sum, item) => sum + toCents(item.price) * item.quantity, 0);
  return cents / 100;
}

/** Total number of units in the cart (the header badge). */
export function cartCount(items: readonly Pick<CartItem, 'quantity'>[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

// --- React ---------------------------------------------------------------------------------------------

export function subscribeCart(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // key null: another tab cleared the whole storage.
    if (event.key === CART_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CART_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CART_EVENT, onChange);
  };
}

const serverCart = (): Cart => EMPTY;

/** The cart, kept in step with changes in this tab and in other tabs. */
export function useCart(): Cart {
  return useSyncExternalStore(subscribeCart, readCart, serverCart);
}

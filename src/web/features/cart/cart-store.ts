import { EXEMPTION_REASONS, type ExemptionReason } from '#shared/withdrawal.ts';
import { useSyncExternalStore } from 'react';
import { toCents } from '#shared/money.ts';
import { CART_COOKIE, CART_COOKIE_MAX_AGE, type CartItem, cartRefs, encodeCartCookie, MAX_LINE_QUANTITY, type NewCartItem, readCartCookie } from '#shared/cart.ts';

export { type CartItem, cartItemId, lineName, MAX_LINE_QUANTITY, type NewCartItem, toCartItem } from '#shared/cart.ts';

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

export type Cart = readonly CartItem[];

const EMPTY: Cart = Object.freeze([]) as Cart;

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
  writeCookie(items);
  writeRaw(JSON.stringify(items));
}

// --- the server's copy (decision 0056) ----------------------------------------------------------------------

/** Every change of the cart here is written where the server reads it too, so its forms start from this cart. */
function writeCookie(items: readonly CartItem[]) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CART_COOKIE}=${encodeCartCookie(cartRefs(items))}; Path=/; Max-Age=${CART_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
}

/**
 * Brings this browser's cart in step with the server's copy when a form changed it before the app ran or without
 * JavaScript: the cookie's lines then replace the stored ones. `linesOf` answers the lines of a cookie's value (the
 * cart page's server render already holds them; otherwise `GET /api/cart`). A cart stored before the cookie existed
 * writes it. Resolves once the stored cart follows the cookie (or could not: it is then left as it was).
 */
export async function followServerCart(linesOf: (cookie: string) => CartItem[] | Promise<CartItem[]>): Promise<void> {
  const cookie = readCartCookie(document.cookie);
  const stored = readCart();
  if (cookie === null) {
    if (stored.length) writeCookie(stored);
    return;
  }
  if (cookie === encodeCartCookie(cartRefs(stored))) return;
  const lines = await linesOf(cookie);
  // Changed again meanwhile (another add): the newer change stands.
  if (readCartCookie(document.cookie) === cookie) saveCart(lines);
}

const wholeQuantity = (quantity: number) => (Number.isFinite(quantity) ? Math.floor(quantity) : Number.NaN);


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
  writeCookie([]);
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

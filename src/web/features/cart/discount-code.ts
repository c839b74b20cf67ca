import { useSyncExternalStore } from 'react';

/*
 * The discount code the customer applied in the cart (decision 0054): kept in the browser with the cart, through
 * the checkout, sent with the totals and the order. The server judges it every time; this only remembers it.
 */

const KEY = 'loja-discount-code';
const listeners = new Set<() => void>();

const read = (): string | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY);
  } catch {
    return null;
  }
};


/** Applies a code (trimmed, upper-case), or removes it with null. */
export function setDiscountCode(code: string | null) {
  const value = code?.trim().toUpperCase() || null;
  try {
    if (value) localStorage.setItem(KEY, value);
    else localStorage.removeItem(KEY);
  } catch {
    // Private browsing without storage: the code lives until the page is left.
  }
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useDiscountCode = () => useSyncExternalStore(subscribe, read, () => null);

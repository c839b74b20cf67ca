import { useSyncExternalStore } from 'react';

export const CART_KEY = 'cart';
/** Fired on this tab when the cart changes; other tabs hear the `storage` event. */
export const CART_EVENT = 'cart-change';

function readCount(): number {
  try {
    const items: unknown = JSON.parse(localStorage.getItem(CART_KEY) ?? '[]');
    if (!Array.isArray(items)) return 0;
    return items.reduce((sum: number, item) => {
      const q = Number((item as { quantity?: unknown })?.quantity);
      return sum + (Number.isFinite(q) && q > 0 ? q : 0);
    }, 0);
  } catch {
    // storefront.md §4: an unreadable stored cart is an empty cart.
    return 0;
  }
}

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(CART_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CART_EVENT, onChange);
  };
}

/** Total quantity in the stored cart, kept in step with other tabs. */
export const useCartCount = () => useSyncExternalStore(subscribe, readCount, () => 0);

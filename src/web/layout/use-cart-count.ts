import { useSyncExternalStore } from 'react';
import { cartCount, readCart, subscribeCart } from '../features/cart/cart-store.ts';

const readCount = () => cartCount(readCart());

/** Total quantity in the stored cart, kept in step with this tab and with other tabs. */
export const useCartCount = () => useSyncExternalStore(subscribeCart, readCount, () => 0);

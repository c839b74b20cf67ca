import { useEffect, useState } from 'react';
import { cartCount, readCart, subscribeCart } from '../features/cart/cart-store.ts';

/** The class of the header's cart badges, which grow for a moment when the count goes up. */
export const CART_BADGE_CLASS = 'cart-count-badge';

const countMessage = (count: number) => (count === 0 ? 'Carrinho vazio' : `Carrinho: ${count === 1 ? '1 artigo' : `${count} artigos`}`);

/** A short bump of the badges (after React has drawn the new count), unless the customer asked for less motion. */
function bumpBadges() {
  if (typeof matchMedia !== 'function' || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  requestAnimationFrame(() => {
    for (const badge of document.querySelectorAll<HTMLElement>(`.${CART_BADGE_CLASS}`)) {
      badge.animate?.([{ transform: 'scale(1)' }, { transform: 'scale(1.4)' }, { transform: 'scale(1)' }], { duration: 400, easing: 'ease-out' });
    }
  });
}

/**
 * Says the cart's new count politely when it changes (issue #15), on this tab or another; never on load, when
 * nothing changed. The region is in the server's page from the start, so screen readers watch it.
 */
export function CartCountAnnouncer() {
  const [message, setMessage] = useState('');
  useEffect(() => {
    let last = cartCount(readCart());
    return subscribeCart(() => {
      const now = cartCount(readCart());
      if (now === last) return;
      if (now > last) bumpBadges();
      last = now;
      setMessage(countMessage(now));
    });
  }, []);
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true">
      {message}
    </div>
  );
}

import './sticky-buy-bar.css';
import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import BiCartPlusIcon from '~icons/bi/cart-plus';

type Props = { name: string; price: string; onAdd: () => void };

/**
 * Phones only (CSS hides it from 768 px): the product's name, price and add button at the bottom of the
 * screen, while the page's own button is scrolled away. While it shows, the page keeps room for it
 * (`has-sticky-buy`), so nothing with focus is left underneath. Fetched the first time the page's button
 * scrolls away: a phone that never scrolls never downloads it.
 */
export function StickyBuyBar({ name, price, onAdd }: Props) {
  useEffect(() => {
    const root = document.documentElement;
    root.classList.add('has-sticky-buy');
    return () => root.classList.remove('has-sticky-buy');
  }, []);
  // In place rather than in a portal: createPortal would bring react-dom's main module into the first download.
  return (
    <section className="sticky-buy d-md-none" aria-label="Compra rápida">
      <div className="d-flex align-items-center gap-3">
        <div className="flex-grow-1 lh-sm" style={{ minWidth: 0 }}>
          <div className="text-truncate small">{name}</div>
          <div className="fw-semibold">{price}</div>
        </div>
        <Button variant="primary" className="text-nowrap" onClick={onAdd}>
          <BiCartPlusIcon className="bi me-2" aria-hidden="true" />
          Adicionar ao Carrinho
        </Button>
      </div>
    </section>
  );
}

import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { formatEuros } from '#shared/money.ts';
import { paths } from '#shared/paths.ts';
import { DigitalBadge } from '../../components/digital-badge.tsx';
import { QuantityInput } from '../../components/form/quantity-input.tsx';
import { type CartItem, cartTotal, lineName, MAX_LINE_QUANTITY, setQuantity } from './cart-store.ts';
import { limitToStock } from './cart-totals.ts';
import { CartThumb, LineRegularPrice } from './cart-ui.tsx';
import BiCartIcon from '~icons/bi/cart';
import BiTrashIcon from '~icons/bi/trash';

/**
 * storefront.md §5: at least 1 (0 or less does not remove: the remove control does), at most 99, and at
 * most `max` (the stock, once the server said it).
 */
export function clampCartQuantity(text: string, max = MAX_LINE_QUANTITY): number | undefined {
  const n = Math.floor(Number(text));
  if (text.trim() === '' || !Number.isFinite(n)) return undefined;
  return Math.min(MAX_LINE_QUANTITY, max, Math.max(1, n));
}

/** Which line a form of the cart page names, for the server (decision 0056). */
function LineFields({ item }: { item: CartItem }) {
  return (
    <>
      <input type="hidden" name="product_id" value={item.productId} />
      {item.variant && <input type="hidden" name="variant_id" value={item.variant.id} />}
    </>
  );
}

/**
 * A line's quantity. A form the server answers (decision 0056): before the app runs, or without JavaScript, the
 * quantity typed is sent with Enter or «Atualizar»; once the app runs every change applies at once.
 */
function QuantityForm({ item, label, stock }: { item: CartItem; label: string; stock: number | null | undefined }) {
  // The text while the customer types (it may be empty for a moment); otherwise the stored quantity.
  const [draft, setDraft] = useState<string | null>(null);
  const id = `cart-quantity-${item.id}`;
  const max = stock ? Math.min(MAX_LINE_QUANTITY, stock) : MAX_LINE_QUANTITY;
  const onChange = (text: string) => {
    const quantity = clampCartQuantity(text, max);
    if (quantity === undefined) {
      setDraft(text);
      return;
    }
    setDraft(String(quantity));
    if (stock && quantity === stock && Number(text) > stock) limitToStock(item, stock);
    else if (quantity !== item.quantity) setQuantity(item.id, quantity);
  };
  return (
    <form method="post" action={paths.cartChange} onSubmit={(event) => event.preventDefault()} className="d-flex gap-2 align-items-center">
      <LineFields item={item} />
      <label htmlFor={id} className="visually-hidden">
        {`Quantidade de ${label}`}
      </label>
      <QuantityInput
        id={id}
        max={max}
        className="cart-quantity"
        value={draft ?? String(item.quantity)}
        onChange={onChange}
        onBlur={() => setDraft(null)}
      />
      <noscript>
        <Button type="submit" variant="outline-secondary" size="sm" aria-label={`Atualizar a quantidade de ${label}`}>
          Atualizar
        </Button>
      </noscript>
    </form>
  );
}

export function CartLine({
  item,
  marks,
  stock,
  regular,
  problem,
  onRemove,
}: {
  item: CartItem;
  /** Short marks of what the cart corrected on this line (the notice above says it in full). */
  marks: string[];
  stock: number | null | undefined;
  /** The price before a sale the line is charged at now (struck through), or undefined. */
  regular: number | undefined;
  problem: string | undefined;
  onRemove: (item: CartItem) => void;
}) {
  const label = lineName(item);
  return (
    <tr className={problem ? 'table-danger' : undefined}>
      <td className="cart-cell-product">
        <div className="d-flex gap-3 align-items-center">
          <CartThumb image={item.image} />
          <div className="cart-product-name">
            <Link to={paths.product(item.productId)} className="fw-semibold">
              {item.name}
            </Link>
            {item.variant && <div className="small text-secondary">{item.variant.name}</div>}
            {item.isDigital && (
              <div>
                <DigitalBadge className="mt-1" />
              </div>
            )}
            {marks.map((mark) => (
              <div key={mark} className="small text-warning-emphasis mt-1">
                {mark}
              </div>
            ))}
            {problem && <div className="small text-danger-emphasis fw-semibold mt-1">{problem}</div>}
          </div>
        </div>
      </td>
      <td data-label="Preço unitário">
        {formatEuros(item.price)}
        <LineRegularPrice regular={regular} className="d-block small" />
      </td>
      {/* A digital product is one link (issue #25): no quantity to change. */}
      {item.isDigital ?
        <td />
      : <td data-label="Quantidade">
          <QuantityForm item={item} label={label} stock={stock} />
        </td>
      }
      <td data-label="Subtotal" className="fw-semibold">
        {formatEuros(cartTotal([item]))}
      </td>
      <td className="cart-cell-actions">
        <form
          method="post"
          action={paths.cartRemove}
          onSubmit={(event) => {
            event.preventDefault();
            onRemove(item);
          }}
        >
          <LineFields item={item} />
          <Button type="submit" variant="outline-danger" size="sm" aria-label={`Remover ${label} do carrinho`}>
            <BiTrashIcon className="bi" aria-hidden="true" />
          </Button>
        </form>
      </td>
    </tr>
  );
}

export function EmptyCart() {
  return (
    <div className="text-center py-5">
      <BiCartIcon className="bi display-4 text-secondary d-block mb-3" aria-hidden="true" />
      <p className="fs-5">O seu carrinho está vazio.</p>
      <Link to={paths.products} className="btn btn-primary">
        Ver produtos
      </Link>
    </div>
  );
}

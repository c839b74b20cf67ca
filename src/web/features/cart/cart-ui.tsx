import './cart.css';
import Spinner from 'react-bootstrap/Spinner';
import { formatEuros } from '#shared/money.ts';
import { freeShippingFromEuros } from '#shared/orders.ts';
import type { CartTotalsAnswer, TotalsAnswer } from '#shared/schemas/orders.ts';
import { type CartItem, lineName } from './cart-store.ts';
import { type CartChange, discountRows, shippingLabel, soldOutMessage, vatRows } from './cart-totals.ts';
import BiImageIcon from '~icons/bi/image';

/** The shared shipping rule in the shopper's words. */
export const freeShippingNotice = `Entrega gratuita em compras a partir de ${formatEuros(freeShippingFromEuros)}.`;

/** A line's image, or a placeholder icon; decorative (the name is next to it). */
export function CartThumb({ image }: { image: string | null }) {
  if (!image) {
    return (
      <div className="cart-thumb cart-thumb-placeholder" aria-hidden="true">
        <BiImageIcon className="bi" />
      </div>
    );
  }
  return <img src={image} alt="" width={64} height={64} className="cart-thumb" loading="lazy" decoding="async" />;
}

/**
 * A line's price before the sale it is charged at now, struck through and heard as the product page says it
 * (decision 0048); nothing without a sale. The markup of catalog/sale-price.tsx's StruckPrice, written again here:
 * imported from the cart's lazy chunks, that module became a chunk of its own whose name every storefront route's
 * entry then carried (past the JavaScript ceiling on the product page).
 */
export const LineRegularPrice = ({ regular, className }: { regular: number | undefined; className: string }) =>
  regular === undefined ? null : (
    <s className={`text-secondary fw-normal ${className}`}>
      <span className="visually-hidden">Preço antes da promoção: </span>
      {formatEuros(regular)}
    </s>
  );

/** A small inline spinner with its words for screen readers. */
export function InlineSpinner({ label }: { label: string }) {
  return (
    <div className="d-flex align-items-center gap-2 py-3 text-secondary" role="status">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** Subtotal, VAT, delivery (when something ships) and total, as the server computed them. */
export function TotalsList({ totals, ships = true }: { totals: TotalsAnswer & Partial<Pick<CartTotalsAnswer, 'discount' | 'discount_label'>>; ships?: boolean }) {
  const rows: [string, string][] = [
    ['Subtotal', formatEuros(totals.subtotalWithTax)],
    ...discountRows(totals),
    ...vatRows(totals),
    ...(ships ? [['Portes', shippingLabel(totals.shippingCost)] as [string, string]] : []),
  ];
  return (
    <dl className="mb-0">
      {rows.map(([label, value]) => (
        <div key={label} className="d-flex justify-content-between gap-3 mb-2">
          <dt className="fw-normal">{label}</dt>
          {value ? <dd className="mb-0 text-end">{value}</dd> : null}
        </div>
      ))}
      <div className="d-flex justify-content-between gap-3 border-top pt-2 fs-5 fw-semibold">
        <dt>Total</dt>
        <dd className="mb-0 text-end">{formatEuros(totals.totalWithTax)}</dd>
      </div>
    </dl>
  );
}

/** What the cart corrected (prices, quantities cut to the stock), one sentence each. */
export function CartChangesList({ changes }: { changes: readonly CartChange[] }) {
  return (
    <ul className="mb-0 ps-3">
      {changes.map((change) => (
        <li key={`${change.kind}:${change.id}`}>{change.message}</li>
      ))}
    </ul>
  );
}

/** The lines nobody can buy now, one sentence each (the cart and the checkout hold the order until they go). */
export function SoldOutList({ items, className }: { items: readonly CartItem[]; className: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.id}>{soldOutMessage(lineName(item))}</li>
      ))}
    </ul>
  );
}

import { formatEuros } from '#shared/money.ts';

/** A price as the answers tell it (decision 0048): a sale applies when `sale_price` is set. */
type SaleShown = { regular_price?: number | undefined; sale_price?: number | null | undefined; lowest_price_30d?: number | null | undefined };

/** The regular price and the lowest of 30 days of a price shown, when a sale applies; null otherwise. */
export const saleOf = (s: SaleShown) => (s.sale_price != null && s.regular_price !== undefined ? { regular: s.regular_price, lowest: s.lowest_price_30d ?? null } : null);

/** The price before the sale, struck through; screen readers hear what it is. */
export const StruckPrice = ({ regular, className }: { regular: number; className: string }) => (
  <s className={`text-secondary fw-normal ${className}`}>
    <span className="visually-hidden">Preço antes da promoção: </span>
    {formatEuros(regular)}
  </s>
);

/** 'Preço mais baixo nos últimos 30 dias: 16,00 €' (DL 70/2007, art. 5.º), beside every price reduced. */
export const LowestPrice = ({ lowest, className }: { lowest: number | null; className: string }) =>
  lowest === null ? null : <span className={`d-block small text-secondary fw-normal ${className}`}>Preço mais baixo nos últimos 30 dias: {formatEuros(lowest)}</span>;

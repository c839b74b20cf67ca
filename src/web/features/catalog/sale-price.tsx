import { formatEuros } from '#shared/money.ts';
import { saleTexts } from '#shared/texts/sale.ts';

/** A price as the answers tell it (decision 0048): a sale applies when `sale_price` is set. */
export type SaleShown = { regular_price?: number | undefined; sale_price?: number | null | undefined; lowest_price_30d?: number | null | undefined };

/** The regular price and the lowest of 30 days of a price shown, when a sale applies; null otherwise. */
export function saleOf(shown: SaleShown | undefined | null): { regular: number; lowest: number | null } | null {
  if (!shown || shown.sale_price === null || shown.sale_price === undefined || shown.regular_price === undefined) return null;
  return { regular: shown.regular_price, lowest: shown.lowest_price_30d ?? null };
}

/** The price before the sale, struck through; screen readers hear what it is. */
export function StruckPrice({ regular, className = '' }: { regular: number; className?: string }) {
  return (
    <s className={`text-secondary fw-normal ${className}`}>
      <span className="visually-hidden">{`${saleTexts.before}: `}</span>
      {formatEuros(regular)}
    </s>
  );
}

/** 'Preço mais baixo nos últimos 30 dias: 16,00 €' (DL 70/2007, art. 5.º). */
export const lowestPriceText = (lowest: number) => saleTexts.lowest.replace('{price}', formatEuros(lowest));

/** The lowest price of the 30 days before the sale, beside every price reduced. */
export function LowestPrice({ lowest, className = '' }: { lowest: number | null; className?: string }) {
  return lowest === null ? null : <span className={`d-block small text-secondary fw-normal ${className}`}>{lowestPriceText(lowest)}</span>;
}

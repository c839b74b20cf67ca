// The price per unit of measure beside the selling price (DL 138/90, art. 1.º, n.º 2; decision 0047): the owner
// gives how much of the unit one item holds (0,75 L, 2,5 kg, a pack of 50), the shop divides.
import { formatCents } from './money.ts';

/** The units the law names (art. 2.º: 1 kg, 1 l, 1 m, 1 m², 1 m³) and the piece, for goods sold by count. */
export const UNITS = ['kg', 'L', 'm', 'm2', 'm3', 'unidade'] as const;
export type Unit = (typeof UNITS)[number];

/** As the price shows it: €/kg, €/m². */
export const unitSymbol: Record<Unit, string> = { kg: 'kg', L: 'L', m: 'm', m2: 'm²', m3: 'm³', unidade: 'unidade' };

/** The owner's choice in the product form. */
export const unitName: Record<Unit, string> = {
  kg: 'quilograma',
  L: 'litro',
  m: 'metro',
  m2: 'metro quadrado',
  m3: 'metro cúbico',
  unidade: 'unidade',
};

/** The largest quantity one item may hold (a million of the unit) in thousandths, as stored. */
export const MAX_UNIT_QUANTITY_MILLI = 1_000_000_000;

/**
 * A quantity as the owner types it ('0,75', '2.5', '50') in thousandths of the unit; NaN when it is not a
 * number above zero with at most three decimals.
 */
export function parseUnitQuantity(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim().replace(',', '.') : '';
  if (!/^\d{1,7}(\.\d{1,3})?$/.test(text)) return Number.NaN;
  const [whole = '0', fraction = ''] = text.split('.');
  const milli = Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
  return milli > 0 && milli <= MAX_UNIT_QUANTITY_MILLI ? milli : Number.NaN;
}

/** Thousandths as the form shows them: 750 -> '0,75'. */
export const unitQuantityText = (milli: number): string => String(milli / 1000).replace('.', ',');

/** The price of one unit of measure, in cents, rounded to the cent. */
export const unitPriceCents = (priceCents: number, quantityMilli: number): number => Math.round((priceCents * 1000) / quantityMilli);

/** '16,67 €/L' for 12,50 € and 0,75 L; null when the item's quantity or unit is not given. */
export function unitPriceText(priceCents: number, quantityMilli: number | null | undefined, unit: Unit | null | undefined): string | null {
  if (!quantityMilli || !unit) return null;
  return `${formatCents(unitPriceCents(priceCents, quantityMilli))}/${unitSymbol[unit]}`;
}

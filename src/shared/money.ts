/** Money is integer cents everywhere; euros appear only at the edges (JSON and screens). */
export type Cents = number;

export const VAT_RATE = 0.23;

export const toEuros = (cents: Cents): number => Math.round(cents) / 100;

/** Euros from a form or JSON ("12,5", "12.50", 12.5) to cents; NaN when it is not a price. */
export function parseEuros(value: unknown): Cents {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim().replace(',', '.') : '';
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return Number.NaN;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const euroFormat = new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });

/** `12,50 €` (pt-PT), from cents. A missing price shows 0,00 € (storefront.md §9). */
export const formatCents = (cents: Cents | null | undefined): string => euroFormat.format(toEuros(cents ?? 0));

/** `12,50 €` from euros as the API sends them. */
export const formatEuros = (euros: number | null | undefined): string => euroFormat.format(euros ?? 0);

/** The VAT contained in a VAT-inclusive amount, rounded half up to the cent. */
export const vatIncluded = (grossCents: Cents, rate = VAT_RATE): Cents => grossCents - Math.round(grossCents / (1 + rate));

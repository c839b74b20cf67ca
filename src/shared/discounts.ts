import { type Cents, formatCents } from './money.ts';

/* Discount codes (issue #29, decision 0054): what a code takes off an order, and how that part is spread over VAT rates. */

export const DISCOUNT_KINDS = ['percent', 'fixed', 'free_shipping'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** A code's terms as an order applies them: a percentage (1–100) of the goods, a fixed amount in cents, or free shipping. */
export type DiscountTerms = { code: string; kind: DiscountKind; value: number };

/** The part of the discount taken from the goods sold at one VAT rate (percent), in cents. */
export type DiscountPart = { rate: number; cents: Cents };

/** A code as people type it: trimmed, upper-case (codes are case-insensitive, decision 0054). */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

/**
 * `total` split over `weights` in proportion, in whole units, by the largest remainder: each gets the floor of
 * its share, and the units left over go one each to the largest fractions (ties to the first listed), so the
 * parts always add up to `total` exactly. BigInt, since total × weight can pass 2^53.
 */
export function splitByShare(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (!sum || !total) return weights.map(() => 0);
  const shares = weights.map((w, index) => {
    const product = BigInt(total) * BigInt(w);
    return { index, floor: Number(product / BigInt(sum)), rest: Number(product % BigInt(sum)) };
  });
  let left = total - shares.reduce((a, s) => a + s.floor, 0);
  const parts = shares.map((s) => s.floor);
  for (const s of [...shares].sort((a, b) => b.rest - a.rest || a.index - b.index)) {
    if (left <= 0) break;
    parts[s.index] = (parts[s.index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/** What a code takes off goods worth `goodsCents` (VAT included): a percentage rounded half up, or the fixed amount up to the goods' worth. */
export function discountOnGoods(terms: Pick<DiscountTerms, 'kind' | 'value'>, goodsCents: Cents): Cents {
  if (terms.kind === 'percent') return Math.min(goodsCents, Math.round((goodsCents * terms.value) / 100));
  if (terms.kind === 'fixed') return Math.min(goodsCents, terms.value);
  return 0;
}

/**
 * The discount spread over the rates of the goods, each rate in proportion to its share of them (decision 0054),
 * highest rate first: the parts are what each rate's goods are reduced by, for its VAT and the invoice.
 */
export function discountParts(discountCents: Cents, goods: readonly DiscountPart[]): DiscountPart[] {
  const byRate = new Map<number, Cents>();
  for (const g of goods) byRate.set(g.rate, (byRate.get(g.rate) ?? 0) + g.cents);
  const rates = [...byRate.entries()].sort(([a], [b]) => b - a);
  const parts = splitByShare(discountCents, rates.map(([, cents]) => cents));
  return rates.map(([rate], i) => ({ rate, cents: parts[i] ?? 0 })).filter((p) => p.cents > 0);
}

/** The discount's line as every screen, mail and export shows it: 'Desconto (VERAO10, 10%)', 'Portes grátis (código FRETE)'. */
export function discountLabel(terms: DiscountTerms): string {
  if (terms.kind === 'free_shipping') return `Portes grátis (código ${terms.code})`;
  return `Desconto (${terms.code}${terms.kind === 'percent' ? `, ${terms.value}%` : ''})`;
}

/** A code's value as the back office lists it: '10%', '5,00 €', 'Portes grátis'. */
export const discountValueText = (kind: DiscountKind, value: number) =>
  kind === 'percent' ? `${value}%` : kind === 'fixed' ? formatCents(value) : 'Portes grátis';

type SoldLine = { vatRate: number; unitPriceCents: Cents; quantity: number };

/**
 * Each line's worth (VAT included, whole cents) once the discount is taken off: each rate's part spread over
 * that rate's lines in proportion to their worth (largest remainder, whole cents per line). What the invoice
 * states for the line, and so the most its refunds give back (decision 0054).
 */
export function discountedLineCents(lines: readonly SoldLine[], parts: readonly DiscountPart[]): Cents[] {
  const off = lines.map(() => 0);
  for (const part of parts) {
    const at = lines.flatMap((l, i) => (l.vatRate === part.rate ? [i] : []));
    const shares = splitByShare(part.cents, at.map((i) => (lines[i]?.unitPriceCents ?? 0) * (lines[i]?.quantity ?? 0)));
    at.forEach((lineIndex, k) => (off[lineIndex] = shares[k] ?? 0));
  }
  return lines.map((l, i) => l.unitPriceCents * l.quantity - (off[i] ?? 0));
}

/** Each line's unit price (VAT included, in fractional cents) once the discount is taken off: the invoice states these. */
export const discountedUnitCents = (lines: readonly SoldLine[], parts: readonly DiscountPart[]): number[] =>
  discountedLineCents(lines, parts).map((cents, i) => cents / (lines[i]?.quantity ?? 1));

/**
 * What giving back `quantity` units of a line returns when `given` of its `bought` units already went back, the
 * line being worth `lineCents` (after the discount): the difference of the running rounded shares, so the units
 * refunded one refund at a time add up to the line's worth exactly (2000 over three units: 667, 666, 667).
 */
export function refundedLineCents(lineCents: Cents, bought: number, given: number, quantity: number): Cents {
  const upTo = (units: number) => Math.round((lineCents * units) / bought);
  return upTo(given + quantity) - upTo(given);
}

/**
 * What a refund gives back for each line (cents), `back` of its units when `given` already went back: each line
 * at its worth after the discount, so what the back office announces is what the server refunds.
 */
export function refundedCents(lines: readonly (SoldLine & { given: number; back: number })[], parts: readonly DiscountPart[]): Cents[] {
  const worth = discountedLineCents(lines, parts);
  return lines.map((l, i) => refundedLineCents(worth[i] ?? 0, l.quantity, l.given, l.back));
}

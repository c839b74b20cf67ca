/**
 * Sale prices and the lowest price of the 30 days before a reduction (DL 70/2007, art. 5.º, as amended by
 * DL 109-G/2021, transposing art. 6.º-A of Directive 98/6/EC; decision 0048). Pure rules, for the server and the
 * browser alike.
 */
import { lisbonDayStart, lisbonToday } from './dates.ts';

const DAY_MS = 86_400_000;
export const LOWEST_PRICE_DAYS = 30;

/** A price and the sale set on it: the sale's instants are Lisbon midnights (its first day's, the day after its last). */
export type SaleTerms = { priceCents: number; salePriceCents: number | null; startsAt: Date | null; endsAt: Date | null };

/**
 * Whether the sale applies at `now`: a sale price below the price (an import may lower the price under a sale set
 * before), started (or no start) and not yet ended (or no end).
 */
export const saleApplies = (terms: SaleTerms, now: Date): boolean =>
  terms.salePriceCents !== null &&
  terms.salePriceCents < terms.priceCents &&
  (terms.startsAt === null || terms.startsAt.getTime() <= now.getTime()) &&
  (terms.endsAt === null || terms.endsAt.getTime() > now.getTime());

/** The price charged at `now`, in cents. */
export const chargedCents = (terms: SaleTerms, now: Date): number => (saleApplies(terms, now) ? (terms.salePriceCents as number) : terms.priceCents);

/** The instants of a sale given by its first and last days (YYYY-MM-DD, Lisbon): the last day is whole. */
export function saleInstants(firstDay: string | null, lastDay: string | null): { startsAt: Date | null; endsAt: Date | null } {
  let endsAt: Date | null = null;
  if (lastDay) {
    const next = new Date(`${lastDay}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    endsAt = lisbonDayStart(next.toISOString().slice(0, 10));
  }
  return { startsAt: firstDay ? lisbonDayStart(firstDay) : null, endsAt };
}

/** The days (YYYY-MM-DD, Lisbon) of a sale's instants, as the owner set them. */
export const saleDays = (startsAt: Date | null, endsAt: Date | null) => ({
  first: startsAt ? lisbonToday(startsAt) : null,
  last: endsAt ? lisbonToday(new Date(endsAt.getTime() - 1)) : null,
});

/** A price as the history keeps it: charged from `at` on, a sale's price or the regular one. */
export type PricePoint = { at: Date; cents: number; sale: boolean };

/**
 * When the reduction in force at `now` began: the first of the sale prices charged without a break up to now, so
 * a deeper reduction in steps (16,00 then 12,00) counts from its first step. Null when no sale price is charged.
 */
export function reductionStart(history: readonly PricePoint[], now: Date): Date | null {
  const past = history.filter((p) => p.at.getTime() <= now.getTime()).sort((a, b) => a.at.getTime() - b.at.getTime());
  let index = past.length - 1;
  if (index < 0 || !past[index]?.sale) return null;
  while (index > 0 && past[index - 1]?.sale) index--;
  return past[index]?.at ?? null;
}

/**
 * The lowest price charged in the 30 days before the reduction in force at `now` began, the price in force when
 * those days began included. Null when no reduction is in force. A product sold at its sale price from its first
 * day has no earlier price: its first sale price is then the lowest.
 */
export function lowestPrice30d(history: readonly PricePoint[], now: Date): number | null {
  const start = reductionStart(history, now);
  if (!start) return null;
  const from = start.getTime() - LOWEST_PRICE_DAYS * DAY_MS;
  const before = history.filter((p) => p.at.getTime() < start.getTime()).sort((a, b) => a.at.getTime() - b.at.getTime());
  const inForceAtFrom = before.filter((p) => p.at.getTime() <= from).at(-1);
  const within = before.filter((p) => p.at.getTime() > from);
  const prices = [...(inForceAtFrom ? [inForceAtFrom.cents] : []), ...within.map((p) => p.cents)];
  if (prices.length) return Math.min(...prices);
  return history.find((p) => p.at.getTime() === start.getTime())?.cents ?? null;
}

/**
 * The prices an item will be charged from `now` on, as history rows: the price now (when it differs from the last
 * one kept) and a scheduled sale's start and end.
 */
export function pricesFrom(terms: SaleTerms, now: Date, last: PricePoint | undefined): PricePoint[] {
  const points: PricePoint[] = [];
  const sale = saleApplies(terms, now);
  const cents = chargedCents(terms, now);
  if (!last || last.cents !== cents || last.sale !== sale) points.push({ at: now, cents, sale });
  if (terms.salePriceCents === null) return points;
  if (terms.startsAt && terms.startsAt.getTime() > now.getTime()) points.push({ at: terms.startsAt, cents: terms.salePriceCents, sale: true });
  if (terms.endsAt && terms.endsAt.getTime() > now.getTime()) points.push({ at: terms.endsAt, cents: terms.priceCents, sale: false });
  return points;
}

/** The next instant after `now` a sale of these starts or ends, or null. */
export function nextPriceChange(terms: readonly SaleTerms[], now: Date): Date | null {
  const later = terms
    .filter((t) => t.salePriceCents !== null)
    .flatMap((t) => [t.startsAt, t.endsAt])
    .filter((d): d is Date => d !== null && d.getTime() > now.getTime());
  return later.length ? new Date(Math.min(...later.map((d) => d.getTime()))) : null;
}

import { z } from 'zod';
import { isCalendarDay } from '../dates.ts';
import { parseEuros } from '../money.ts';
import { saleMessages } from '../texts/sale-form.ts';
import { euros } from './common.ts';

/** A sale as the owner set it (admin answers only): its price and its first and last days (Lisbon), null when open. */
export const saleSet = z.object({ sale_price: euros, sale_starts_at: z.string().nullable(), sale_ends_at: z.string().nullable() });

/**
 * What a shopper is told of a price (decision 0048): `price` is the price charged now; while a sale applies,
 * `sale_price` (equal to it), the regular price before it, the lowest price of the 30 days before the reduction
 * began (DL 70/2007, art. 5.º) and the sale's last day.
 */
export const priceShown = {
  regular_price: euros.optional(),
  sale_price: euros.nullable().optional(),
  lowest_price_30d: euros.nullable().optional(),
  sale_ends_at: z.string().nullable().optional(),
  /** Only in answers to admins: the sale as set, whether it applies now or not. */
  sale: saleSet.nullable().optional(),
};

/**
 * A sale price from a form field, in cents; blank is "no sale" (null). The product's own field is multipart text (a
 * nullable string, as the API document says); a variant's, inside its JSON, may be a number too.
 */
const saleCents = (numbers: boolean) =>
  z.preprocess(
    (v) => (v === '' || v === null ? null : v),
    (numbers ? z.union([z.string(), z.number(), z.null()]) : z.string().nullable()).transform((v, ctx) => {
      if (v === null) return null;
      const c = parseEuros(v);
      if (Number.isNaN(c)) {
        ctx.addIssue({ code: 'custom', message: saleMessages.salePrice });
        return z.NEVER;
      }
      return c;
    }),
  );

/** A sale's first or last day (YYYY-MM-DD, a Lisbon day); blank is "open" (null). */
const saleDay = z.preprocess(
  (v) => (v === '' ? null : v),
  z.string().max(10, { error: saleMessages.saleDay }).refine(isCalendarDay, { error: saleMessages.saleDay }).nullable(),
);

// Absent: the sale is left as it is (the catalogue import does not carry it); blank: no sale, open days.
export const saleFields = (numbers = false) => ({ sale_price: saleCents(numbers).optional(), sale_starts_at: saleDay.optional(), sale_ends_at: saleDay.optional() });
export type SaleInput = { sale_price?: number | null | undefined; sale_starts_at?: string | null | undefined; sale_ends_at?: string | null | undefined };

/** A sale's rules, each on its field: below the price, days in order, no days without a price. */
export function saleRules(v: SaleInput, priceCents: number, issue: (path: string, message: string) => void) {
  const hasDays = Boolean(v.sale_starts_at || v.sale_ends_at);
  if ((v.sale_price === null || v.sale_price === undefined) && hasDays) issue('sale_price', saleMessages.saleDaysWithoutPrice);
  if (typeof v.sale_price === 'number' && !Number.isNaN(priceCents) && v.sale_price >= priceCents) issue('sale_price', saleMessages.saleNotBelow);
  if (v.sale_starts_at && v.sale_ends_at && v.sale_ends_at < v.sale_starts_at) issue('sale_ends_at', saleMessages.saleDaysInverted);
}

/** The sale as the server keeps it; undefined when none of its fields was sent. */
export const saleOf = (v: SaleInput) =>
  v.sale_price === undefined && v.sale_starts_at === undefined && v.sale_ends_at === undefined ?
    undefined
  : { salePriceCents: v.sale_price ?? null, firstDay: v.sale_starts_at ?? null, lastDay: v.sale_ends_at ?? null };


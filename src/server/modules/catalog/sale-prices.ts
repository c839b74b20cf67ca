import { and, asc, eq, gt, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { lisbonDayStart, lisbonToday, nextCalendarDay } from '#shared/dates.ts';
import { toEuros } from '#shared/money.ts';
import { chargedCents, lowestPrice30d, nextPriceChange, type PricePoint, pricesFrom, saleApplies, saleDays, type SaleTerms, saleInstants } from '#shared/sale.ts';
import type { saleOf } from '#shared/schemas/sale.ts';
import type { Tx } from '../../db/client.ts';
import { catalogState, productPrices, products, productVariants } from './tables.ts';

/** A product's or variant's row, as far as its price goes. */
type Priced = { priceCents: number | null; salePriceCents: number | null; saleStartsAt: Date | null; saleEndsAt: Date | null };

export const termsOf = (row: Priced, fallbackCents = 0): SaleTerms => ({
  priceCents: row.priceCents ?? fallbackCents,
  salePriceCents: row.salePriceCents,
  startsAt: row.saleStartsAt,
  endsAt: row.saleEndsAt,
});

/** The sale's columns for a product or variant row; none when the writer sent no sale (left as it is). */
export function saleColumns(sale: ReturnType<typeof saleOf>) {
  if (sale === undefined) return {};
  const { startsAt, endsAt } = saleInstants(sale.firstDay, sale.lastDay);
  return { salePriceCents: sale.salePriceCents, saleStartsAt: sale.salePriceCents === null ? null : startsAt, saleEndsAt: sale.salePriceCents === null ? null : endsAt };
}

const itemKey = (productId: number, variantId: number | null) => `${productId}:${variantId ?? ''}`;

/**
 * Writes the price history of these products after a save (decision 0048): the price charged now when it changed,
 * and a scheduled sale's start and end as future rows, in place of the future rows kept before. Five statements
 * whatever the number of products, one after the other (one transaction is one connection).
 */
export async function recordPrices(tx: Tx, productIds: number[], now: Date) {
  if (!productIds.length) return;
  const productRows = await tx.select().from(products).where(inArray(products.id, productIds));
  const variantRows = await tx.select().from(productVariants).where(inArray(productVariants.productId, productIds));
  await tx.delete(productPrices).where(and(inArray(productPrices.productId, productIds), gt(productPrices.effectiveAt, now)));
  const latest = await tx
    .selectDistinctOn([productPrices.productId, sql`coalesce(${productPrices.variantId}, 0)`])
    .from(productPrices)
    .where(and(inArray(productPrices.productId, productIds), lte(productPrices.effectiveAt, now)))
    .orderBy(productPrices.productId, sql`coalesce(${productPrices.variantId}, 0)`, sql`${productPrices.effectiveAt} desc`, sql`${productPrices.id} desc`);
  const last = new Map(latest.map((r) => [itemKey(r.productId, r.variantId), { at: r.effectiveAt, cents: r.priceCents, sale: r.isSale } satisfies PricePoint]));
  const items = productRows.flatMap((p) =>
    p.hasVariants ?
      variantRows.filter((v) => v.productId === p.id).map((v) => ({ productId: p.id, variantId: v.id as number | null, terms: termsOf(v) }))
    : [{ productId: p.id, variantId: null, terms: termsOf(p) }],
  );
  const rows = items.flatMap(({ productId, variantId, terms }) =>
    pricesFrom(terms, now, last.get(itemKey(productId, variantId))).map((point) => ({ productId, variantId, priceCents: point.cents, isSale: point.sale, effectiveAt: point.at })),
  );
  if (rows.length) await tx.insert(productPrices).values(rows);
}

/** Whether a row's sale applies at `now`, in SQL (the instants are compared as given: no time zone involved). */
const appliesAt = (t: typeof products | typeof productVariants, now: Date) =>
  sql`(${t.salePriceCents} is not null and ${t.salePriceCents} < ${t.priceCents} and (${t.saleStartsAt} is null or ${t.saleStartsAt} <= ${now.toISOString()}::timestamptz) and (${t.saleEndsAt} is null or ${t.saleEndsAt} > ${now.toISOString()}::timestamptz))`;

/** The price a product is listed, sorted and filtered by at `now`: its own charged price, or its cheapest variant's. */
const chargedAt = (now: Date) =>
  sql<number>`case when ${products.hasVariants} then coalesce((select min(case when ${appliesAt(productVariants, now)} then ${productVariants.salePriceCents} else ${productVariants.priceCents} end) from ${productVariants} where ${productVariants.productId} = ${products.id}), 0) else case when ${appliesAt(products, now)} then ${products.salePriceCents} else coalesce(${products.priceCents}, 0) end end`;

const hasSale = or(isNotNull(products.salePriceCents), sql`exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id} and ${productVariants.salePriceCents} is not null)`) as SQL;

/** Sets the list's price (`min_price_cents`) to the price charged at `now`: of these products, or of every product with a sale. */
export async function refreshListPrices(tx: Tx, now: Date, productIds?: number[]) {
  const which = productIds ? inArray(products.id, productIds) : hasSale;
  const charged = chargedAt(now);
  await tx
    .update(products)
    .set({ minPriceCents: charged })
    .where(and(which, sql`${products.minPriceCents} is distinct from ${charged}`));
}

/**
 * The next instant any sale starts or ends after `now`, or the next Lisbon midnight if sooner, kept in
 * `catalog_state` for the processes to watch. Midnight too because the VAT the pages show changes by the day: a
 * regime or region saved for a later day, a rate table's new row (decision 0053), take effect with no save then.
 */
export async function schedulePriceChange(tx: Tx, now: Date) {
  const productSales = await tx
    .select({ priceCents: products.priceCents, salePriceCents: products.salePriceCents, saleStartsAt: products.saleStartsAt, saleEndsAt: products.saleEndsAt })
    .from(products)
    .where(and(isNotNull(products.salePriceCents), or(gt(products.saleStartsAt, now), gt(products.saleEndsAt, now))));
  const variantSales = await tx
    .select({ priceCents: productVariants.priceCents, salePriceCents: productVariants.salePriceCents, saleStartsAt: productVariants.saleStartsAt, saleEndsAt: productVariants.saleEndsAt })
    .from(productVariants)
    .where(and(isNotNull(productVariants.salePriceCents), or(gt(productVariants.saleStartsAt, now), gt(productVariants.saleEndsAt, now))));
  const sale = nextPriceChange([...productSales, ...variantSales].map((row) => termsOf(row)), now);
  const midnight = lisbonDayStart(nextCalendarDay(lisbonToday(now)));
  const next = sale && sale < midnight ? sale : midnight;
  await tx.update(catalogState).set({ priceChangeAt: next }).where(eq(catalogState.id, 1));
}

/** After a save: the history, the list's price and the next change, in that order. */
export async function pricesSaved(tx: Tx, productIds: number[], now: Date) {
  await recordPrices(tx, productIds, now);
  await refreshListPrices(tx, now, productIds);
  await schedulePriceChange(tx, now);
}

/** The history of the items whose sale applies at `now` (the lowest price of 30 days is read from it), by item. */
export async function historyOf(tx: Tx, productIds: number[], now: Date): Promise<Map<string, PricePoint[]>> {
  const byItem = new Map<string, PricePoint[]>();
  if (!productIds.length) return byItem;
  const rows = await tx
    .select()
    .from(productPrices)
    .where(and(inArray(productPrices.productId, productIds), lte(productPrices.effectiveAt, now)))
    .orderBy(asc(productPrices.effectiveAt), asc(productPrices.id));
  for (const r of rows) {
    const key = itemKey(r.productId, r.variantId);
    byItem.set(key, [...(byItem.get(key) ?? []), { at: r.effectiveAt, cents: r.priceCents, sale: r.isSale }]);
  }
  return byItem;
}

export const historyKey = itemKey;

/**
 * The moment a scheduled sale starts or ends (or a day begins), taken by the first process to read the catalogue
 * version after it: the list's prices are set, the next moment kept and the version bumped, once (the conditional
 * update). True when this call did it.
 */
export async function passPriceChange(tx: Tx, now: Date): Promise<boolean> {
  const taken = await tx
    .update(catalogState)
    .set({ priceChangeAt: null })
    .where(and(eq(catalogState.id, 1), lte(catalogState.priceChangeAt, now)))
    .returning({ id: catalogState.id });
  if (!taken.length) return false;
  await refreshListPrices(tx, now);
  await schedulePriceChange(tx, now);
  return true;
}

/**
 * A price as the answers tell it (decision 0048): the price charged now, the regular one and, while a sale
 * applies, its price, the lowest price of the 30 days before it began and its last day; admins also get the sale
 * as set.
 */
export function priceFields(row: Priced, history: PricePoint[] | undefined, now: Date, asAdmin: boolean) {
  const terms = termsOf(row);
  const applies = saleApplies(terms, now);
  const lowest = applies ? lowestPrice30d(history ?? [], now) : null;
  const days = saleDays(terms.startsAt, terms.endsAt);
  return {
    price: toEuros(chargedCents(terms, now)),
    regular_price: toEuros(terms.priceCents),
    sale_price: applies ? toEuros(terms.salePriceCents as number) : null,
    lowest_price_30d: lowest === null ? null : toEuros(lowest),
    sale_ends_at: applies ? days.last : null,
    ...(asAdmin ? { sale: terms.salePriceCents === null ? null : { sale_price: toEuros(terms.salePriceCents), sale_starts_at: days.first, sale_ends_at: days.last } } : {}),
  };
}

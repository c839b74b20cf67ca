import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { calendarDayPlus, type InstantRange, lisbonDays } from '#shared/dates.ts';
import type { OrderStatus } from '#shared/orders.ts';
import type { Overview, Takings } from '#shared/schemas/overview.ts';
import type { Db } from '../../db/client.ts';
import { refundedSoFar } from './admin-orders.ts';
import { orderItems, orders } from './tables.ts';

// The orders' part of the owner's overview (issue #17): SQL aggregates over the payment and order dates' indexes.

const within = (column: PgColumn, w: InstantRange) => and(gte(column, w.from), lt(column, w.until));
const int = (value: unknown) => Number(value ?? 0);

/**
 * Paid orders in each window, in one pass over the payment dates' index: count, takings with and without
 * VAT (aggregates FILTERed by window, so six periods cost one range scan).
 */
export async function takingsIn(db: Db, windows: InstantRange[]): Promise<Takings[]> {
  const columns: Record<string, SQL> = {};
  windows.forEach((w, i) => {
    const inWindow = sql`${orders.paidAt} >= ${w.from} and ${orders.paidAt} < ${w.until}`;
    columns[`o${i}`] = sql`count(*) filter (where ${inWindow})`;
    columns[`g${i}`] = sql`coalesce(sum(${orders.totalWithTaxCents}) filter (where ${inWindow}), 0)`;
    columns[`n${i}`] = sql`coalesce(sum(${orders.totalWithoutTaxCents}) filter (where ${inWindow}), 0)`;
  });
  const from = new Date(Math.min(...windows.map((w) => w.from.getTime())));
  const until = new Date(Math.max(...windows.map((w) => w.until.getTime())));
  const [row] = await db
    .select(columns)
    .from(orders)
    .where(and(gte(orders.paidAt, from), lt(orders.paidAt, until)));
  return windows.map((_, i) => ({ orders: int(row?.[`o${i}`]), withTaxCents: int(row?.[`g${i}`]), withoutTaxCents: int(row?.[`n${i}`]) }));
}

/** The paid orders and takings of each Lisbon day of `w`, every day listed (0 where nothing was paid). */
export async function takingsByDay(db: Db, firstDay: string, days: number): Promise<Overview['days']> {
  const w = lisbonDays(firstDay, days);
  // Grouped by the Lisbon date, written as text once per day rather than once per order.
  const lisbonDate = sql`(${orders.paidAt} at time zone 'Europe/Lisbon')::date`;
  const rows = await db
    .select({ day: sql<string>`to_char(${lisbonDate}, 'YYYY-MM-DD')`, orders: sql`count(*)`, withTaxCents: sql`sum(${orders.totalWithTaxCents})` })
    .from(orders)
    .where(within(orders.paidAt, w))
    .groupBy(lisbonDate);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return Array.from({ length: days }, (_, i) => {
    const isoDay = calendarDayPlus(firstDay, i);
    const found = byDay.get(isoDay);
    return { day: isoDay, orders: int(found?.orders), withTaxCents: int(found?.withTaxCents) };
  });
}

export async function ordersByStatus(db: Db, w: InstantRange): Promise<Overview['byStatus']> {
  const rows = await db
    .select({ status: orders.status, count: sql`count(*)` })
    .from(orders)
    .where(within(orders.orderDate, w))
    .groupBy(orders.status);
  return rows.map((r) => ({ status: r.status as OrderStatus, count: int(r.count) }));
}

/** Orders waiting for their money (pending, unpaid), Multibanco and MB WAY apart, whenever placed. */
export async function awaitingPayment(db: Db): Promise<Overview['awaitingPayment']> {
  const rows = await db
    .select({ method: orders.paymentMethod, count: sql`count(*)`, cents: sql`coalesce(sum(${orders.totalWithTaxCents}), 0)` })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), isNull(orders.paidAt)))
    .groupBy(orders.paymentMethod);
  const of = (method: string) => {
    const row = rows.find((r) => r.method === method);
    return { count: int(row?.count), cents: int(row?.cents) };
  };
  return { multibanco: of('multibanco'), mbway: of('mbway') };
}

/** What cancelled paid orders are still owed, less what already went back (as the orders tab's alert counts it). */
export async function refundsDue(db: Db): Promise<Overview['refundsDue']> {
  const given = refundedSoFar(db);
  const [row] = await db
    .select({ count: sql`count(*)`, cents: sql`coalesce(sum(${orders.refundDueCents} - coalesce(${given.cents}, 0)), 0)` })
    .from(orders)
    .leftJoin(given, eq(given.orderId, orders.id))
    .where(and(isNotNull(orders.refundDueCents), isNull(orders.refundedAt)));
  return { count: int(row?.count), cents: int(row?.cents) };
}

/** "Faturas por emitir", counted as the orders tab lists them: with a provider, the paid orders it gave up on; without one, every paid order the shop issued no invoice for. */
export async function invoicesWaiting(db: Db, withProvider: boolean): Promise<number> {
  const [row] = await db
    .select({ count: sql`count(*)` })
    .from(orders)
    .where(and(isNotNull(orders.paidAt), isNull(orders.invoicedAt), withProvider ? isNotNull(orders.invoiceFailedAt) : undefined));
  return int(row?.count);
}

/** The period's best sellers: units sold in orders paid in it, by product (its name as last sold). */
export async function bestSellers(db: Db, w: InstantRange, limit = 5): Promise<Overview['bestSellers']> {
  const quantity = sql<number>`sum(${orderItems.quantity})`;
  // Each line carries its order's payment date (kept by triggers): no join with the orders.
  const top = await db
    .select({ productId: orderItems.productId, quantity, withTaxCents: sql`sum(${orderItems.quantity} * ${orderItems.unitPriceCents})` })
    .from(orderItems)
    .where(within(orderItems.paidAt, w))
    .groupBy(orderItems.productId)
    .orderBy(desc(quantity), asc(orderItems.productId))
    .limit(limit);
  // Names only for the few listed (the name each was last sold under), not compared across every line sold.
  const ids = top.flatMap((r) => (r.productId === null ? [] : [r.productId]));
  const names = ids.length
    ? await db
        .selectDistinctOn([orderItems.productId], { productId: orderItems.productId, name: orderItems.productName })
        .from(orderItems)
        .where(inArray(orderItems.productId, ids))
        .orderBy(orderItems.productId, desc(orderItems.id))
    : [];
  const nameOf = new Map(names.map((n) => [n.productId, n.name]));
  return top.map((r) => ({ productId: r.productId, name: nameOf.get(r.productId) ?? 'Produto removido', quantity: int(r.quantity), withTaxCents: int(r.withTaxCents) }));
}


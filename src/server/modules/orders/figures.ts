import { type AnyColumn, and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, type SQL, sql, type Subquery } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { calendarDayPlus, type InstantRange, lisbonDayStart, lisbonDays } from '#shared/dates.ts';
import type { OrderStatus } from '#shared/orders.ts';
import type { Overview, Takings } from '#shared/schemas/overview.ts';
import type { Db, Tx } from '../../db/client.ts';
import { refundedSoFar } from './admin-orders.ts';
import { orderItems, orders, refunds } from './tables.ts';

/** The payments the gateway confirmed, as a subquery the payments module hands over (orders does not read its tables). */
type GatewayPayments = Subquery & { orderId: AnyColumn; amountCents: AnyColumn; paidAt: SQL.Aliased<Date> };

// The orders' part of the owner's overview (issue #17): SQL aggregates over the payment and order dates' indexes.

const within = (column: PgColumn, w: InstantRange) => and(gte(column, w.from), lt(column, w.until));
const int = (value: unknown) => Number(value ?? 0);

/** When a refund's money left: the day of the owner's transfer (as her bank shows it), or when MB WAY gave it back. */
export const refundDate = sql<Date>`coalesce(${refunds.transferredOn}::timestamp at time zone 'Europe/Lisbon', ${refunds.createdAt})`;

/** Per-window sums (FILTERed aggregates, so six periods cost one range scan) of `cents` over rows dated `at`. */
function sumsByWindow(windows: InstantRange[], at: SQL | AnyColumn, cents: SQL | AnyColumn, counted?: SQL | AnyColumn) {
  const columns: Record<string, SQL> = {};
  windows.forEach((w, i) => {
    const inWindow = sql`${at} >= ${w.from} and ${at} < ${w.until}`;
    columns[`s${i}`] = sql`coalesce(sum(${cents}) filter (where ${inWindow}), 0)`;
    if (counted) columns[`c${i}`] = sql`count(*) filter (where ${inWindow})`;
    if (counted) columns[`n${i}`] = sql`coalesce(sum(${counted}) filter (where ${inWindow}), 0)`;
  });
  const from = new Date(Math.min(...windows.map((w) => w.from.getTime())));
  const until = new Date(Math.max(...windows.map((w) => w.until.getTime())));
  return { columns, range: sql`${at} >= ${from} and ${at} < ${until}` };
}

/**
 * Each window's money, as the bank sees it: the orders paid in it (count, with and without VAT), the
 * money received (those orders, plus what the gateway took on an order that did not count it as its
 * payment: a cancelled order, a second payment), what went back in refunds, and the difference.
 */
export async function takingsIn(db: Db, windows: InstantRange[], gatewayPaid: GatewayPayments): Promise<Takings[]> {
  const sold = sumsByWindow(windows, orders.paidAt, orders.totalWithTaxCents, orders.totalWithoutTaxCents);
  // A payment is its order's own when the order's payment date is the payment's (markOrderPaid writes it so).
  const extra = sumsByWindow(windows, sql`${gatewayPaid.paidAt}`, gatewayPaid.amountCents);
  const back = sumsByWindow(windows, refundDate, refunds.amountCents);
  const [[paid], [taken], [given]] = await Promise.all([
    db.select(sold.columns).from(orders).where(sold.range),
    db
      .select(extra.columns)
      .from(gatewayPaid)
      .leftJoin(orders, eq(orders.id, gatewayPaid.orderId))
      .where(and(extra.range, sql`(${orders.paidAt} is null or ${gatewayPaid.paidAt} > ${orders.paidAt})`)),
    db.select(back.columns).from(refunds).where(and(eq(refunds.status, 'settled'), back.range)),
  ]);
  return windows.map((_, i) => {
    const withTaxCents = int(paid?.[`s${i}`]);
    const receivedCents = withTaxCents + int(taken?.[`s${i}`]);
    const refundedCents = int(given?.[`s${i}`]);
    return { orders: int(paid?.[`c${i}`]), withTaxCents, withoutTaxCents: int(paid?.[`n${i}`]), receivedCents, refundedCents, netCents: receivedCents - refundedCents };
  });
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

/** The discount codes in the orders paid in the period: how many, and what they gave (off the goods, and shipping waived). */
export async function discountsGiven(db: Db, w: InstantRange): Promise<Overview['discounts']> {
  const [row] = await db
    .select({ count: sql`count(*)`, cents: sql`coalesce(sum(${orders.discountCents} + ${orders.shippingWaivedCents}), 0)` })
    .from(orders)
    .where(and(within(orders.paidAt, w), isNotNull(orders.discountCode)));
  return { count: int(row?.count), cents: int(row?.cents) };
}

/**
 * What the shop invoiced in a calendar year (Lisbon), for the art. 53.º meter: the orders paid in it (each paid
 * order gets its invoice-receipt) less the refunds settled in it (their credit notes).
 */
export async function invoicedInYear(db: Db, year: number): Promise<number> {
  const range = { from: lisbonDayStart(`${year}-01-01`), until: lisbonDayStart(`${year + 1}-01-01`) };
  const [paid] = await db.select({ cents: sql<string>`coalesce(sum(${orders.totalWithTaxCents}), 0)` }).from(orders).where(within(orders.paidAt, range));
  const [back] = await db
    .select({ cents: sql<string>`coalesce(sum(${refunds.amountCents}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.status, 'settled'), sql`${refundDate} >= ${range.from} and ${refundDate} < ${range.until}`));
  return int(paid?.cents) - int(back?.cents);
}

/**
 * Distance sales in a calendar year (Lisbon; decision 0055): the orders placed to another EU country and not
 * cancelled, VAT excluded. Placed rather than paid: an unpaid order that is paid later still counts in its year.
 */
export async function distanceSalesInYear(db: Db | Tx, year: number): Promise<number> {
  const range = { from: lisbonDayStart(`${year}-01-01`), until: lisbonDayStart(`${year + 1}-01-01`) };
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${orders.totalWithoutTaxCents}), 0)` })
    .from(orders)
    .where(and(within(orders.orderDate, range), sql`${orders.country} <> 'PT'`, sql`${orders.status} <> 'cancelled'`));
  return int(row?.cents);
}

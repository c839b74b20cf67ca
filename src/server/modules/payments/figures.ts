import { aliasedTable, and, asc, eq, exists, gte, inArray, isNotNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { InstantRange } from '#shared/dates.ts';
import type { Overview } from '#shared/schemas/overview.ts';
import type { Db } from '../../db/client.ts';
import { payments } from './tables.ts';

/** MB WAY requests sent in a period and how many the customer accepted (the owner's overview). */
export async function mbwayRequests(db: Db, w: InstantRange): Promise<Overview['mbway']> {
  const [row] = await db
    .select({ sent: sql`count(*)`, accepted: sql`count(*) filter (where ${payments.status} = 'paid')` })
    .from(payments)
    .where(and(eq(payments.method, 'mbway'), gte(payments.createdAt, w.from), lt(payments.createdAt, w.until)));
  return { sent: Number(row?.sent ?? 0), accepted: Number(row?.accepted ?? 0) };
}

/**
 * Unpaid orders brought back (issue #27, the overview): orders whose money arrived in the period after the
 * reference's reminder (decision 0049) or by a way to pay other than their first attempt (a new MB WAY
 * request, a reference after a refused request). Counted once per order, with what that payment brought.
 */
export async function recoveredOrders(db: Db, w: InstantRange): Promise<Overview['recovered']> {
  const other = aliasedTable(payments, 'other_payments');
  const reminded = db
    .select({ id: other.id })
    .from(other)
    .where(and(eq(other.orderId, payments.orderId), isNotNull(other.remindedAt), lte(other.remindedAt, payments.paidAt)));
  const earlier = db
    .select({ id: other.id })
    .from(other)
    .where(and(eq(other.orderId, payments.orderId), ne(other.id, payments.id), lt(other.createdAt, payments.createdAt)));
  const firstPaid = db
    .selectDistinctOn([payments.orderId], { orderId: payments.orderId, cents: payments.amountCents, paidAt: payments.paidAt, recovered: sql<boolean>`${or(exists(reminded), exists(earlier))}`.as('recovered') })
    .from(payments)
    .where(eq(payments.status, 'paid'))
    .orderBy(payments.orderId, asc(payments.paidAt))
    .as('first_paid');
  const [row] = await db
    .select({ count: sql`count(*)`, cents: sql`coalesce(sum(${firstPaid.cents}), 0)` })
    .from(firstPaid)
    .where(and(firstPaid.recovered, gte(firstPaid.paidAt, w.from), lt(firstPaid.paidAt, w.until)));
  return { count: Number(row?.count ?? 0), cents: Number(row?.cents ?? 0) };
}

/**
 * The payments the gateway confirmed, to join to their orders: money that arrived, whether or not the
 * order took it as its payment (a payment on a cancelled order, a second one on a paid order).
 */
export const gatewayPayments = (db: Db) =>
  db
    .select({ orderId: payments.orderId, amountCents: payments.amountCents, paidAt: sql<Date>`${payments.paidAt}`.as('gateway_paid_at') })
    .from(payments)
    .where(eq(payments.status, 'paid'))
    .as('gateway_payments');

/** The first payment the gateway confirmed for each of these orders: when, and by which method. */
export async function firstGatewayPayments(db: Db, orderIds: number[]) {
  const rows = orderIds.length
    ? await db
        .selectDistinctOn([payments.orderId], { orderId: payments.orderId, paidAt: payments.paidAt, method: payments.method })
        .from(payments)
        .where(and(inArray(payments.orderId, orderIds), eq(payments.status, 'paid')))
        .orderBy(payments.orderId, asc(payments.paidAt))
    : [];
  return new Map(rows.flatMap((r) => (r.paidAt ? [[r.orderId, { paidAt: r.paidAt, method: r.method }] as const] : [])));
}

import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
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

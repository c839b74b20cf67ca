import { count, desc, eq, exists, isNull, notExists, sql } from 'drizzle-orm';
import type { Order } from '#shared/schemas/orders.ts';
import { type Withdrawal, withdrawalMessages, type WithdrawalPage, type WithdrawalStatus } from '#shared/schemas/withdrawals.ts';
import { refundDueBy } from '#shared/withdrawal.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { recordChange } from '../audit/audit.ts';
import { type RefundContext, type RefundInput, settleRefund } from '../orders/refunds.ts';
import { withdrawalsOf } from './withdrawals.ts';
import { withdrawalRefunds, withdrawalRequests } from './tables.ts';

/* The owner's side (issue #28): "Desistências", the count on Resumo, and the refund of a withdrawal. */

const itsRefund = sql`(select 1 from ${withdrawalRefunds} where ${withdrawalRefunds.withdrawalId} = ${withdrawalRequests.id})`;
const byStatus = { requested: notExists(itsRefund), refunded: exists(itsRefund) };

/** GET /api/withdrawals: newest first, by status when asked. */
export async function listWithdrawals(db: Db, query: { status?: WithdrawalStatus | undefined; page: number; pageSize: number }, now = new Date()): Promise<WithdrawalPage> {
  const where = query.status ? byStatus[query.status] : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(withdrawalRequests).where(where).orderBy(desc(withdrawalRequests.requestedAt), desc(withdrawalRequests.id)).limit(query.pageSize).offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(withdrawalRequests).where(where),
  ]);
  const totalCount = total?.value ?? 0;
  return {
    withdrawals: await withdrawalsOf(db, rows, now),
    pagination: { page: query.page, pageSize: query.pageSize, total: totalCount, totalPages: Math.max(1, Math.ceil(totalCount / query.pageSize)) },
  };
}

/** Resumo's count: the withdrawals waiting for their refund, and those past the legal 14 days. */
export async function waitingWithdrawals(db: Db, now = new Date()) {
  const rows = await db
    .select({ requestedAt: withdrawalRequests.requestedAt })
    .from(withdrawalRequests)
    .leftJoin(withdrawalRefunds, eq(withdrawalRefunds.withdrawalId, withdrawalRequests.id))
    .where(isNull(withdrawalRefunds.withdrawalId));
  return { waiting: rows.length, overdue: rows.filter((r) => now >= refundDueBy(r.requestedAt)).length };
}

type HowRefunded = Pick<RefundInput, 'method' | 'iban' | 'transferred_on' | 'note'>;

/**
 * One action: the withdrawn lines and the delivery cost the request owes go back through the order's refund
 * (orders/refunds.ts: its checks, credit note and mail). The link is written in the refund's transaction,
 * under the order's lock, so a second click is refused and a refused MB WAY refund takes it away.
 */
export async function refundWithdrawal(db: Db, refunds: RefundContext, id: number, adminId: number, how: HowRefunded): Promise<{ withdrawal: Withdrawal; order: Order }> {
  const [request] = await db.select().from(withdrawalRequests).where(eq(withdrawalRequests.id, id)).limit(1);
  if (!request) throw notFound(withdrawalMessages.notFound);
  // Said before the refund's own checks (which would only find nothing left to give back); checked again under the lock.
  const refundedAlready = async (tx: Db | Tx) => (await tx.select().from(withdrawalRefunds).where(eq(withdrawalRefunds.withdrawalId, id)).limit(1)).length > 0;
  if (await refundedAlready(db)) throw conflict(withdrawalMessages.alreadyRefunded);
  const input: RefundInput = { ...how, lines: request.lines.map((l) => ({ item_id: l.itemId, quantity: l.quantity })), shipping: request.shippingCents > 0 };
  const order = await settleRefund(refunds, request.orderId, adminId, input, async (tx, refund) => {
    if (await refundedAlready(tx)) throw conflict(withdrawalMessages.alreadyRefunded);
    await tx.insert(withdrawalRefunds).values({ withdrawalId: id, refundId: refund.id, refundedBy: adminId });
    await recordChange(tx, { entity: 'withdrawal', entityId: id, action: 'refund', after: { orderId: request.orderId, refundId: refund.id, refundCents: refund.amountCents } });
  });
  const [withdrawal] = await withdrawalsOf(db, [request]);
  return { withdrawal: withdrawal as Withdrawal, order };
}

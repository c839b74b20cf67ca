import { and, eq, gt } from 'drizzle-orm';
import { enqueue } from '../../platform/jobs.ts';
import { cancelUnpaidOrder } from '../orders/for-payments.ts';
import { expirePaymentJob } from './jobs.ts';
import { lockedPayment, type PaymentsContext, refreshMbway, settleUnpaid } from './payment-records.ts';
import { payments } from './tables.ts';

/**
 * Job: a payment's time is up. A late MB WAY answer is asked for first; then it ends unpaid. A Multibanco
 * reference is never ended before its own deadline (ifthenpay's ExpiryDate): a job that finds it still
 * payable (run early, or the deadline later than first planned) comes back at the deadline.
 */
export async function expirePayment(ctx: PaymentsContext, paymentId: number) {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment || payment.status !== 'pending') return;
  if ((payment.method === 'multibanco' || payment.method === 'payshop') && payment.expiresAt.getTime() > Date.now()) {
    await ctx.db.transaction((tx) => enqueue(tx, expirePaymentJob, { paymentId }, { runAt: payment.expiresAt }));
    return;
  }
  if (payment.method === 'mbway') {
    await refreshMbway(ctx, { ...payment, expiresAt: new Date(Math.min(payment.expiresAt.getTime(), Date.now())) });
    return;
  }
  await ctx.db.transaction(async (tx) => {
    const row = await lockedPayment(tx, paymentId);
    if (row?.status === 'pending') await settleUnpaid(tx, row, 'expired');
  });
}

/**
 * Job: cancel an order nobody paid, once no payment of it can still be paid (an order whose payment
 * never started is cancelled 48 hours after it was placed).
 */
export async function cancelIfUnpaid({ db, config }: PaymentsContext, orderId: number) {
  await db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending'), gt(payments.expiresAt, new Date())))
      .limit(1);
    if (open) return;
    await cancelUnpaidOrder(tx, config.publicUrl, orderId);
  });
}


import { and, desc, eq, ne } from 'drizzle-orm';
import type { MbwayStatus } from '#shared/schemas/payments.ts';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { enqueue } from '../../platform/jobs.ts';
import { configuredMethods } from '../../platform/payment-methods.ts';
import { markOrderPaid } from '../orders/for-payments.ts';
import { GatewayError, type PaymentGateway } from './gateway.ts';
import { cancelUnpaidOrderJob, expirePaymentJob } from './jobs.ts';
import { payments } from './tables.ts';
import { voidOpenPayments } from './void-payments.ts';
import { countPaymentConfirmed, countPaymentStarted } from '../../platform/metrics.ts';

/*
 * A payment's life once stored: how it is found and locked, how it ends paid or unpaid, and what the
 * gateway says of a pending MB WAY request. Starting, callbacks, jobs and the sandbox all go through here.
 */

export type PaymentRow = typeof payments.$inferSelect;
type UnpaidEnd = 'expired' | 'rejected' | 'failed' | 'canceled';

export type PaymentsContext = { db: Db; config: Config; gateway: PaymentGateway };

/** The shop as an order's mails need it: its address, and the ways to pay they may name (the configured ones). */
export const mailingShop = (config: Config) => ({ publicUrl: config.publicUrl, methods: configuredMethods(config.payments) });

/** After an MB WAY request ends unpaid, the order waits this long for the customer to pay by Multibanco instead. */
const MBWAY_RETRY_GRACE_MS = 15 * 60_000;
/**
 * After a Multibanco reference's last day (ifthenpay's ExpiryDate, to 23:59), the order waits this long
 * before it is cancelled: a payment made at the deadline reaches the shop through the bank, ifthenpay and
 * its callback's retries (decision 0044).
 */
export const MULTIBANCO_GRACE_MS = 2 * 3600_000;
/** A callback may arrive a little after the request's end; the expiry job waits for it. */
const CALLBACK_SLACK_MS = 30_000;

export const sandboxPhoneUrl = (requestId: string) => `/sandbox/mbway/${requestId}`;

/**
 * The sandbox's id of an MB WAY attempt: the one it answered, or, for an attempt whose answer never came
 * (the sandbox's late number), the one it derives from the attempt's gateway order id, as its phone shows it.
 */
export const sandboxRequestId = (row: Pick<PaymentRow, 'requestId' | 'gatewayOrderId'>) => row.requestId ?? `late-${row.gatewayOrderId}`;

export async function latestPayment(tx: Tx, orderId: number, method: PaymentRow['method']) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.method, method)))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row;
}

export const stillPending = (row: PaymentRow | undefined, now = Date.now()): row is PaymentRow =>
  Boolean(row && row.status === 'pending' && row.expiresAt.getTime() > now);

/** Stores a payment the gateway accepted, with the job that ends it if nobody pays in time. */
/**
 * Stores a payment the gateway issued, with its expiry job. Two requests starting the same order's payment
 * at once compute the same gateway order id: the second stores nothing and answers undefined, and its
 * caller answers the first one's payment (the reference it issued is never shown, so never paid).
 */
export async function insertPayment(tx: Tx, values: typeof payments.$inferInsert & { expiresAt: Date }) {
  const [inserted] = await tx.insert(payments).values(values).onConflictDoNothing({ target: [payments.gateway, payments.gatewayOrderId] }).returning();
  if (!inserted) return undefined;
  countPaymentStarted(inserted.method);
  await enqueue(tx, expirePaymentJob, { paymentId: inserted.id }, { runAt: new Date(values.expiresAt.getTime() + CALLBACK_SLACK_MS) });
  return inserted;
}

/**
 * Money arrived for this payment (a genuine callback, or the gateway's own status answer): the payment
 * and its order are paid, whichever attempt of the order it was (also one replaced or timed out), and the
 * order's other open attempts are voided. A request id the shop never heard (its request timed out) is
 * taken from the callback: refunds need it. Answers what became of the order, or 'duplicate' when it was
 * already recorded.
 */
export async function confirmPayment(tx: Tx, config: Config, payment: PaymentRow, requestId: string | null = null) {
  const [updated] = await tx
    .update(payments)
    .set({ status: 'paid', paidAt: new Date(), updatedAt: new Date(), ...(payment.requestId === null && requestId ? { requestId } : {}) })
    .where(and(eq(payments.id, payment.id), ne(payments.status, 'paid')))
    .returning();
  if (!updated) return 'duplicate' as const;
  countPaymentConfirmed(updated.method);
  const outcome = await markOrderPaid(tx, config.publicUrl, payment.orderId, updated.paidAt ?? new Date());
  if (outcome === 'paid') await voidOpenPayments(tx, payment.orderId);
  return outcome;
}

/** A payment that ended unpaid; once nothing else can pay the order, it is cancelled and its stock returned. */
export async function settleUnpaid(tx: Tx, payment: PaymentRow, end: UnpaidEnd) {
  const [updated] = await tx
    .update(payments)
    .set({ status: end, updatedAt: new Date() })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
    .returning();
  if (!updated) return;
  // After MB WAY or a card page the customer is offered another way for the same order: give them time to take
  // it. After a reference's last day (Multibanco, Payshop), a payment made at its end may still be on its way.
  const grace = payment.method === 'mbway' || payment.method === 'card' ? MBWAY_RETRY_GRACE_MS : MULTIBANCO_GRACE_MS;
  await enqueue(tx, cancelUnpaidOrderJob, { orderId: payment.orderId }, { runAt: new Date(Date.now() + grace) });
}

export async function lockedPayment(tx: Tx, id: number) {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).limit(1).for('update');
  return row;
}

/**
 * What the gateway says of a pending MB WAY request, applied: paid, ended unpaid, or past its time.
 * A gateway that cannot be reached leaves the payment as it is.
 */
export async function refreshMbway(ctx: PaymentsContext, payment: PaymentRow): Promise<MbwayStatus> {
  let seen: MbwayStatus = 'pending';
  if (payment.requestId) {
    try {
      seen = await ctx.gateway.mbwayStatus(payment.requestId);
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
    }
  }
  const expired = payment.expiresAt.getTime() <= Date.now();
  if (seen === 'pending' && !expired) return 'pending';
  if (seen === 'unknown_gateway_status' && !expired) return 'unknown_gateway_status';
  await ctx.db.transaction(async (tx) => {
    const row = await lockedPayment(tx, payment.id);
    if (!row || row.status !== 'pending') return;
    if (seen === 'paid') await confirmPayment(tx, ctx.config, row);
    else await settleUnpaid(tx, row, seen === 'pending' || seen === 'unknown_gateway_status' ? 'expired' : seen);
  });
  const [after] = await ctx.db.select().from(payments).where(eq(payments.id, payment.id));
  return after?.status ?? seen;
}


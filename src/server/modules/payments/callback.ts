import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { queueMail } from '../../platform/mail.ts';
import { type AlertOutcome, paymentCheckMail } from './alerts.ts';
import { confirmPayment, type PaymentRow, type PaymentsContext } from './payment-records.ts';
import { paymentCallbackRefusals, paymentCallbacks, payments } from './tables.ts';

type CallbackOutcome = (typeof paymentCallbacks.$inferInsert)['outcome'];

/** The outcomes that need the owner: flagged on the orders tab and mailed to the shop. */
const needsOwner = (outcome: CallbackOutcome): outcome is AlertOutcome => outcome === 'order_cancelled' || outcome === 'not_pending' || outcome === 'amount_mismatch';

type CallbackAnswer = { status: 200 | 400 | 403 | 404; outcome: CallbackOutcome };

/** The parameters ifthenpay documents for its callback (README, decision 0008), the key aside: nothing else is kept. */
const RECORDED_PARAMS = ['orderId', 'amount', 'requestId', 'entity', 'reference', 'payment_datetime'] as const;
/** Longer than any of them ever is (a request id is ~20 characters, a date and time 19). */
const RECORDED_LENGTH = 64;

/** What is kept of a callback: its documented parameters only, each cut to RECORDED_LENGTH. */
export function recordedParams(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(RECORDED_PARAMS.flatMap((name) => (params[name] === undefined ? [] : [[name, params[name].slice(0, RECORDED_LENGTH)]])));
}

/**
 * A callback with a wrong key is counted, not stored: one row per source address per hour, whatever it
 * carried (decision 0028). Nothing it says is believed, so nothing of it is worth keeping but the fact.
 */
async function countRefusal(db: Db, ip: string | null) {
  await db
    .insert(paymentCallbackRefusals)
    .values({ ip: ip ?? 'desconhecido', hour: sql`date_trunc('hour', now())` })
    .onConflictDoUpdate({
      target: [paymentCallbackRefusals.ip, paymentCallbackRefusals.hour],
      set: { count: sql`${paymentCallbackRefusals.count} + 1`, lastSeenAt: sql`now()` },
    });
}

/**
 * The gateway's callback. Genuine only with the anti-phishing key; it must name one of our payments and
 * carry exactly its amount. A repeated delivery changes nothing and still answers 200. Every genuine
 * callback is recorded (its documented parameters, length-capped), a forged one only counted; money that arrived for a cancelled or already paid order, or of another amount, is flagged
 * for the admin (and mailed to the shop) instead of being lost.
 */
export async function handleCallback(ctx: PaymentsContext, params: Record<string, string>, ip: string | null): Promise<CallbackAnswer> {
  const { db, config, gateway } = ctx;
  const recorded = recordedParams(params);
  const parsed = gateway.parseCallback(params);

  const record = async (tx: Tx, outcome: CallbackOutcome, payment: PaymentRow | null, paidCents?: number) => {
    const needsAttention = needsOwner(outcome);
    await tx.insert(paymentCallbacks).values({ paymentId: payment?.id ?? null, outcome, needsAttention, params: recorded, ip });
    if (needsAttention && payment) {
      const to = config.shopEmail ?? config.shop.email;
      const paidOn = recorded.payment_datetime;
      await queueMail(tx, await paymentCheckMail({ to, publicUrl: config.publicUrl, outcome, payment, paidCents: paidCents ?? payment.amountCents, paidOn }));
    }
  };

  if (parsed === null) {
    await countRefusal(db, ip);
    return { status: 403, outcome: 'bad_key' };
  }
  if (parsed === 'malformed') {
    await db.transaction((tx) => record(tx, 'unknown_payment', null));
    return { status: 400, outcome: 'unknown_payment' };
  }

  return db.transaction(async (tx): Promise<CallbackAnswer> => {
    const [found] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.gateway, gateway.name), eq(payments.gatewayOrderId, parsed.gatewayOrderId)))
      .limit(1)
      .for('update');
    const differs = (ours: string | null, theirs: string | null) => Boolean(ours && theirs && ours !== theirs);
    if (
      !found ||
      differs(found.requestId, parsed.requestId) ||
      (found.method === 'multibanco' && (differs(found.entity, parsed.entity) || differs(found.reference, parsed.reference)))
    ) {
      await record(tx, 'unknown_payment', null);
      return { status: 404, outcome: 'unknown_payment' };
    }
    if (parsed.amountCents !== found.amountCents) {
      await record(tx, 'amount_mismatch', found, parsed.amountCents);
      return { status: 400, outcome: 'amount_mismatch' };
    }
    const result = await confirmPayment(tx, config, found);
    const outcome: CallbackOutcome =
      result === 'duplicate' ? 'duplicate' : result === 'cancelled' ? 'order_cancelled' : result === 'already_paid' ? 'not_pending' : 'paid';
    await record(tx, outcome, found);
    return { status: 200, outcome };
  });
}


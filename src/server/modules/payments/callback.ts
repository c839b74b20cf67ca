import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queueMail } from '../../platform/mail.ts';
import { type AlertOutcome, forgedCallbackMail, paymentCheckMail, unknownPaymentMail } from './alerts.ts';
import { parseGatewayAmount } from './gateway.ts';
import { confirmPayment, type PaymentRow, type PaymentsContext } from './payment-records.ts';
import { paymentCallbackRefusals, paymentCallbacks, payments } from './tables.ts';

type CallbackOutcome = (typeof paymentCallbacks.$inferInsert)['outcome'];

/** The outcomes that need the owner: flagged on the orders tab and mailed to the shop. */
const needsOwner = (outcome: CallbackOutcome): outcome is AlertOutcome | 'unknown_payment' =>
  outcome === 'order_cancelled' || outcome === 'not_pending' || outcome === 'amount_mismatch' || outcome === 'unknown_payment';

/**
 * ifthenpay: "if an HTTP 200 status code is received, ifthenpay considers the call successful. If any other
 * status code is returned … the call is considered unsuccessful and will be retried automatically"
 * (ifthenpay-documented/callback.json). So every callback the shop understands is answered 200 once
 * recorded, accepted or not; only what is not a callback at all gets a 400 (decision 0044).
 */
type CallbackAnswer = { status: 200 | 400; outcome: CallbackOutcome };

/** The parameters ifthenpay documents for its callback (ifthenpay-documented/callback.json), the key aside: nothing else is kept. */
const RECORDED_PARAMS = ['orderId', 'amount', 'requestId', 'entity', 'reference', 'payment_datetime'] as const;
/** Longer than any of them ever is (a request id is ~20 characters, a date and time 19). */
const RECORDED_LENGTH = 64;

/** What is kept of a callback: its documented parameters only, each cut to RECORDED_LENGTH. */
export function recordedParams(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(RECORDED_PARAMS.flatMap((name) => (params[name] === undefined ? [] : [[name, params[name].slice(0, RECORDED_LENGTH)]])));
}

/** The same callback sent again (the gateway's retry) has the same fingerprint: its recorded parameters, hashed. */
const fingerprintOf = (recorded: Record<string, string>) =>
  createHash('sha256')
    .update(JSON.stringify(RECORDED_PARAMS.map((name) => recorded[name] ?? null)))
    .digest('hex');

/** A callback's shape, whatever its key: an order id and an amount as the gateway writes them. */
const isCallback = (params: Record<string, string>) => Boolean(params.orderId?.trim()) && parseGatewayAmount(params.amount) !== undefined;

/**
 * A callback with a wrong key is counted, not stored: one row per source address per hour, whatever it
 * carried (decision 0028). Nothing it says is believed, so nothing of it is worth keeping but the fact. The
 * first one of each hour, from any address, is mailed to the shop (a key changed at ifthenpay and not
 * here stops every payment): at most one mail an hour, however many come.
 */
async function countRefusal(ctx: PaymentsContext, ip: string | null) {
  const { db, config } = ctx;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('payment-callback-refusals'))`);
    const [earlier] = await tx.select({ count: paymentCallbackRefusals.count }).from(paymentCallbackRefusals).where(sql`${paymentCallbackRefusals.hour} = date_trunc('hour', now())`).limit(1);
    await tx
      .insert(paymentCallbackRefusals)
      .values({ ip: ip ?? 'desconhecido', hour: sql`date_trunc('hour', now())` })
      .onConflictDoUpdate({
        target: [paymentCallbackRefusals.ip, paymentCallbackRefusals.hour],
        set: { count: sql`${paymentCallbackRefusals.count} + 1`, lastSeenAt: sql`now()` },
      });
    if (!earlier) await queueMail(tx, await forgedCallbackMail({ to: config.shopEmail ?? config.shop.email, publicUrl: config.publicUrl, ip }));
  });
}

/** Records a callback (once: a repeat of the same one answers `false`) and, when it needs the owner, mails the shop. */
async function record(ctx: PaymentsContext, tx: Tx, row: { outcome: CallbackOutcome; payment: PaymentRow | null; paidCents?: number; recorded: Record<string, string>; ip: string | null }) {
  const needsAttention = needsOwner(row.outcome);
  const [inserted] = await tx
    .insert(paymentCallbacks)
    .values({ paymentId: row.payment?.id ?? null, outcome: row.outcome, needsAttention, params: row.recorded, ip: row.ip, fingerprint: fingerprintOf(row.recorded) })
    .onConflictDoNothing({ target: paymentCallbacks.fingerprint })
    .returning({ id: paymentCallbacks.id });
  if (!inserted || !needsAttention) return;
  const to = ctx.config.shopEmail ?? ctx.config.shop.email;
  const paidOn = row.recorded.payment_datetime;
  if (row.outcome === 'unknown_payment' || !row.payment) {
    await queueMail(tx, await unknownPaymentMail({ to, publicUrl: ctx.config.publicUrl, params: row.recorded }));
    return;
  }
  const outcome = row.outcome as AlertOutcome;
  await queueMail(tx, await paymentCheckMail({ to, publicUrl: ctx.config.publicUrl, outcome, payment: row.payment, paidCents: row.paidCents ?? row.payment.amountCents, paidOn }));
}

/** The same callback already recorded (under a lock on its fingerprint, so two deliveries at once record one). */
async function seenBefore(tx: Tx, recorded: Record<string, string>) {
  const fingerprint = fingerprintOf(recorded);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`payment-callback:${fingerprint}`}))`);
  const [seen] = await tx.select({ id: paymentCallbacks.id }).from(paymentCallbacks).where(eq(paymentCallbacks.fingerprint, fingerprint)).limit(1);
  return Boolean(seen);
}

/**
 * The gateway's callback. Genuine only with the anti-phishing key; it must name one of our payments and
 * carry exactly its amount. Every genuine callback is recorded once (its documented parameters,
 * length-capped; the gateway's identical retries are not recorded again and mail nothing), a forged one
 * only counted; money that arrived for a cancelled or already paid order, of another amount, or for no
 * payment of ours, is flagged for the admin (and mailed to the shop) instead of being lost, and answered
 * 200 so the gateway stops calling.
 */
export async function handleCallback(ctx: PaymentsContext, params: Record<string, string>, ip: string | null): Promise<CallbackAnswer> {
  const { db, config, gateway } = ctx;
  const recorded = recordedParams(params);
  const parsed = gateway.parseCallback(params);

  if (parsed === null) {
    await countRefusal(ctx, ip);
    return { status: isCallback(params) ? 200 : 400, outcome: 'bad_key' };
  }

  return db.transaction(async (tx): Promise<CallbackAnswer> => {
    const note = (outcome: CallbackOutcome, payment: PaymentRow | null, paidCents?: number) => record(ctx, tx, { outcome, payment, paidCents, recorded, ip });
    if (await seenBefore(tx, recorded)) return { status: 200, outcome: 'duplicate' };
    // The right key on something unreadable: the gateway's, so answered 200 (a retry would read the same) and shown to the owner.
    if (parsed === 'malformed') {
      await note('unknown_payment', null);
      return { status: 200, outcome: 'unknown_payment' };
    }
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
      await note('unknown_payment', null);
      return { status: 200, outcome: 'unknown_payment' };
    }
    if (parsed.amountCents !== found.amountCents) {
      await note('amount_mismatch', found, parsed.amountCents);
      return { status: 200, outcome: 'amount_mismatch' };
    }
    const result = await confirmPayment(tx, config, found, parsed.requestId);
    const outcome: CallbackOutcome =
      result === 'duplicate' ? 'duplicate' : result === 'cancelled' ? 'order_cancelled' : result === 'already_paid' ? 'not_pending' : 'paid';
    await note(outcome, found);
    return { status: 200, outcome };
  });
}

/** Whether a callback's outcome is money the shop took as its order's payment (or a repeat of one). */
export const acceptedCallback = (outcome: CallbackOutcome) => outcome === 'paid' || outcome === 'duplicate';

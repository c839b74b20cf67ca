import { count, eq } from 'drizzle-orm';
import { toEuros } from '#shared/money.ts';
import type { MbwayStatus } from '#shared/schemas/payments.ts';
import { MULTIBANCO_VALID_HOURS, paymentMessages } from '#shared/schemas/payments.ts';
import { unpaidHoldMessages } from '#shared/schemas/unpaid-holds.ts';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { holdStockUntil, orderForPayment, queueMultibancoOrderMail, type Viewer } from '../orders/for-payments.ts';
import type { MultibancoDetails } from '../orders/mails.ts';
import { GatewayError } from './gateway.ts';
import { deadlineAfterDays, expiryDaysUntil, referenceDeadline } from './lisbon-days.ts';
import { insertPayment, latestPayment, mailingShop, MULTIBANCO_GRACE_MS, type PaymentRow, type PaymentsContext, refreshMbway, stillPending } from './payment-records.ts';
import { payments } from './tables.ts';

export const MULTIBANCO_MS = MULTIBANCO_VALID_HOURS * 3600_000;

/**
 * A payment started now is asked to last until its method's validity runs out, or its order's stock hold
 * does (#26), whichever is sooner.
 */
export const paymentEnd = (order: { stockHeldUntil: Date | null }, validMs: number) =>
  new Date(Math.min(Date.now() + validMs, order.stockHeldUntil?.getTime() ?? Number.POSITIVE_INFINITY));

export function gatewayFailure(err: unknown): never {
  if (err instanceof GatewayError) {
    throw err.refused
      ? new AppError(422, 'PAYMENT_REFUSED', paymentMessages.gatewayRefused)
      : // 503, not 502: the client retries a 502 on its own, and a payment request must not be sent twice.
        new AppError(503, 'PAYMENT_GATEWAY_UNAVAILABLE', paymentMessages.gatewayUnavailable);
  }
  throw err;
}

type PayableOrder = Awaited<ReturnType<typeof orderForPayment>>;

/** Any unpaid order may be paid, also one the shop already moved on (shipped before payment); never a cancelled one. */
export async function unpaidOrder(db: Db, orderId: number, viewer: Viewer) {
  const order = await orderForPayment(db, orderId, viewer);
  if (order.paidAt || order.status === 'cancelled') throw conflict(paymentMessages.notPayable);
  return order;
}

/** Past its hold the order is being cancelled (the job may not have run yet): no new payment of it. */
export function refuseEndedHold(order: PayableOrder) {
  if (order.stockHeldUntil && order.stockHeldUntil.getTime() <= Date.now()) throw conflict(unpaidHoldMessages.holdEnded);
}

export async function payableOrder(db: Db, orderId: number, viewer: Viewer) {
  const order = await unpaidOrder(db, orderId, viewer);
  refuseEndedHold(order);
  return order;
}

/** The order id the gateway sees: one per attempt ("42P1", "42P2"), so a retried payment never collides. */
export async function nextGatewayOrderId(db: Db, orderId: number) {
  const [row] = await db.select({ n: count() }).from(payments).where(eq(payments.orderId, orderId));
  return `${orderId}P${(row?.n ?? 0) + 1}`;
}

/**
 * The order's Multibanco reference: the one still valid, or a new one from the gateway, asked to last to
 * the end of the day (in Lisbon) the order's stock hold ends (48 hours at most). Its deadline is the one
 * ifthenpay answers (ExpiryDate, to 23:59), stored, shown and mailed; the order holds its stock that long
 * plus the grace of decision 0044, and is cancelled only then.
 * The payment page asks for it, and so does the order-received mail of a Multibanco order.
 */
export async function multibancoPayment(ctx: PaymentsContext, orderId: number, viewer: Viewer): Promise<PaymentRow> {
  const order = await unpaidOrder(ctx.db, orderId, viewer);
  return referencePayment(ctx, order, 'multibanco', async (gatewayOrderId, expiryDays) => {
    const issued = await ctx.gateway.createMultibancoReference({ gatewayOrderId, amountCents: order.totalWithTaxCents, expiryDays }).catch(gatewayFailure);
    return {
      requestId: issued.requestId,
      entity: issued.entity,
      reference: issued.reference,
      // The reference's own last day; computed the same way when the answer has none (or one not readable).
      expiresAt: referenceDeadline(issued.expiryDate) ?? deadlineAfterDays(expiryDays),
      gatewayExpiryDate: issued.expiryDate,
    };
  });
}

/** What the gateway answered for a new reference, as stored. */
type IssuedReference = Pick<typeof payments.$inferInsert, 'requestId' | 'entity' | 'reference' | 'gatewayExpiryDate'> & { expiresAt: Date };

/**
 * A reference paid later (Multibanco, Payshop): the one still valid, or a new one `issue` asks the gateway for,
 * to last to the end of the Lisbon day the order's hold ends; stored with the order's stock held to its
 * deadline plus the grace of decision 0044.
 */
export async function referencePayment(
  { db, gateway }: PaymentsContext,
  order: PayableOrder,
  method: 'multibanco' | 'payshop',
  issue: (gatewayOrderId: string, expiryDays: number) => Promise<IssuedReference>,
): Promise<PaymentRow> {
  // The attempt's id is counted before the current reference is read: a reference another request (or the
  // order-received mail's job) stores in between is then either read here, or stored under this same id, so
  // this request's insert collides with it and answers it (never a second reference).
  const gatewayOrderId = await nextGatewayOrderId(db, order.id);
  const current = await latestPayment(db, order.id, method);
  // A reference still payable is answered even past the hold it outlives (its own deadline is the one shown).
  if (stillPending(current)) return current;
  refuseEndedHold(order);
  const issued = await issue(gatewayOrderId, expiryDaysUntil(paymentEnd(order, MULTIBANCO_MS)));
  const stored = await db.transaction(async (tx) => {
    const row = await insertPayment(tx, { orderId: order.id, method, gateway: gateway.name, amountCents: order.totalWithTaxCents, gatewayOrderId, ...issued });
    if (row) await holdStockUntil(tx, order.id, new Date(issued.expiresAt.getTime() + MULTIBANCO_GRACE_MS));
    return row;
  });
  return stored ?? (await storedMeanwhile(db, order.id, method));
}

/** The payment a concurrent request stored first (see insertPayment). */
async function storedMeanwhile(db: Db, orderId: number, method: PaymentRow['method']) {
  const row = await latestPayment(db, orderId, method);
  if (!row) throw new Error(`payment of order ${orderId} neither stored nor found`);
  return row;
}

/** POST /payment/multibanco: asking again answers the same reference while it lasts. */
export async function startMultibanco(ctx: PaymentsContext, orderId: number, viewer: Viewer) {
  const row = await multibancoPayment(ctx, orderId, viewer);
  return {
    order_id: row.orderId,
    entity: row.entity ?? '',
    reference: row.reference ?? '',
    amount: toEuros(row.amountCents),
    expiresAt: row.expiresAt.toISOString(),
    sandbox: row.gateway === 'sandbox',
  };
}

/** GET /payment/mbway/status/{orderId}: the newest MB WAY request of the order. */
export async function mbwayStatus(ctx: PaymentsContext, orderId: number, viewer: Viewer): Promise<MbwayStatus> {
  const order = await orderForPayment(ctx.db, orderId, viewer);
  const payment = await latestPayment(ctx.db, order.id, 'mbway');
  if (!payment) throw notFound(paymentMessages.paymentNotFound);
  // Paid by an earlier attempt (a request that timed out here but reached the phone): the order is paid.
  if (order.paidAt) return 'paid';
  if (payment.status !== 'pending') return payment.status;
  return refreshMbway(ctx, payment);
}

/** The shop itself asking, from a job: sees every order. */
const theShop: Viewer = { userId: null, isAdmin: true };

/**
 * The order-received mail of a Multibanco order, with its reference. When the gateway cannot issue one
 * now, the mail goes without it (the order's page asks again) rather than keeping the customer waiting.
 */
export async function mailMultibancoOrder(ctx: PaymentsContext, orderId: number) {
  let details: MultibancoDetails | undefined;
  try {
    const row = await multibancoPayment(ctx, orderId, theShop);
    if (row.entity && row.reference) details = { entity: row.entity, reference: row.reference, amountCents: row.amountCents, expiresAt: row.expiresAt };
  } catch (err) {
    // Gateway down or refusing (503, 422), or the order no longer payable (409): the mail says what it can.
    if (!(err instanceof AppError)) throw err;
  }
  await queueMultibancoOrderMail(ctx.db, mailingShop(ctx.config), orderId, details);
}

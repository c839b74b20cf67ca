import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { toCents, toEuros } from '#shared/money.ts';
import type { MbwayStatus, mbwayBody } from '#shared/schemas/payments.ts';
import { MBWAY_VALID_MINUTES, MULTIBANCO_VALID_HOURS, paymentMessages } from '#shared/schemas/payments.ts';
import { unpaidHoldMessages } from '#shared/schemas/unpaid-holds.ts';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, invalid, notFound } from '../../platform/errors.ts';
import { orderForPayment, queueMultibancoOrderMail, type Viewer } from '../orders/for-payments.ts';
import type { MultibancoDetails } from '../orders/mails.ts';
import { GatewayError } from './gateway.ts';
import { insertPayment, latestPayment, type PaymentRow, type PaymentsContext, refreshMbway, sandboxPhoneUrl, stillPending } from './payment-records.ts';
import { payments } from './tables.ts';

const MULTIBANCO_MS = MULTIBANCO_VALID_HOURS * 3600_000;
const MBWAY_MS = MBWAY_VALID_MINUTES * 60_000;
const DAY_MS = 24 * 3600_000;

/**
 * A payment started now ends when its method's validity runs out, or sooner when its order's stock hold
 * does (#26): no reference or request outlives the time the order may hold its stock.
 */
const paymentEnd = (order: { stockHeldUntil: Date | null }, validMs: number) =>
  new Date(Math.min(Date.now() + validMs, order.stockHeldUntil?.getTime() ?? Number.POSITIVE_INFINITY));

/**
 * ifthenpay counts a reference's validity in whole days, to 23:59 of the last one: the fewest days that
 * still cover the deadline (24 hours is 1 day). The shop's own deadline is the one shown and kept.
 */
const expiryDaysFor = (end: Date) => Math.max(1, Math.ceil((end.getTime() - Date.now()) / DAY_MS));

function gatewayFailure(err: unknown): never {
  if (err instanceof GatewayError) {
    throw err.refused
      ? new AppError(422, 'PAYMENT_REFUSED', paymentMessages.gatewayRefused)
      : // 503, not 502: the client retries a 502 on its own, and a payment request must not be sent twice.
        new AppError(503, 'PAYMENT_GATEWAY_UNAVAILABLE', paymentMessages.gatewayUnavailable);
  }
  throw err;
}

async function payableOrder(db: Db, orderId: number, viewer: Viewer) {
  const order = await orderForPayment(db, orderId, viewer);
  // Any unpaid order may be paid, also one the shop already moved on (shipped before payment); never a cancelled one.
  if (order.paidAt || order.status === 'cancelled') throw conflict(paymentMessages.notPayable);
  // Past its hold the order is being cancelled (the job may not have run yet): no new payment of it.
  if (order.stockHeldUntil && order.stockHeldUntil.getTime() <= Date.now()) throw conflict(unpaidHoldMessages.holdEnded);
  return order;
}

/** The order id the gateway sees: one per attempt ("42P1", "42P2"), so a retried payment never collides. */
async function nextGatewayOrderId(db: Db, orderId: number) {
  const [row] = await db.select({ n: count() }).from(payments).where(eq(payments.orderId, orderId));
  return `${orderId}P${(row?.n ?? 0) + 1}`;
}

/**
 * The order's Multibanco reference, valid until the order's stock hold ends (48 hours at most): the one
 * still valid, or a new one from the gateway.
 * The payment page asks for it, and so does the order-received mail of a Multibanco order.
 */
export async function multibancoPayment({ db, gateway }: PaymentsContext, orderId: number, viewer: Viewer): Promise<PaymentRow> {
  const order = await payableOrder(db, orderId, viewer);
  // The attempt's id is counted before the current reference is read: a reference another request (or the
  // order-received mail's job) stores in between is then either read here, or stored under this same id, so
  // this request's insert collides with it and answers it (never a second reference).
  const gatewayOrderId = await nextGatewayOrderId(db, order.id);
  const current = await latestPayment(db, order.id, 'multibanco');
  if (stillPending(current)) return current;
  const expiresAt = paymentEnd(order, MULTIBANCO_MS);
  const issued = await gateway
    .createMultibancoReference({ gatewayOrderId, amountCents: order.totalWithTaxCents, expiryDays: expiryDaysFor(expiresAt) })
    .catch(gatewayFailure);
  const stored = await db.transaction((tx) =>
    insertPayment(tx, {
      orderId: order.id,
      method: 'multibanco',
      gateway: gateway.name,
      amountCents: order.totalWithTaxCents,
      gatewayOrderId,
      requestId: issued.requestId,
      entity: issued.entity,
      reference: issued.reference,
      expiresAt,
    }),
  );
  return stored ?? (await storedMeanwhile(db, order.id, 'multibanco'));
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

type MbwayInput = z.output<typeof mbwayBody>;

/** POST /payment/mbway: the request reaches the customer's phone and lives 4 minutes. */
export async function startMbway({ db, gateway }: PaymentsContext, input: MbwayInput, viewer: Viewer) {
  const order = await payableOrder(db, input.order_id, viewer);
  if (toCents(input.amount) !== order.totalWithTaxCents) {
    throw invalid(paymentMessages.amountMismatch, { amount: paymentMessages.amountMismatch });
  }
  const previous = await latestPayment(db, order.id, 'mbway');
  let row: PaymentRow | undefined = stillPending(previous) && previous.phone === input.phone_number ? previous : undefined;
  if (!row) {
    const gatewayOrderId = await nextGatewayOrderId(db, order.id);
    const { requestId } = await gateway
      .startMbway({
        gatewayOrderId,
        amountCents: order.totalWithTaxCents,
        mobile: input.phone_number,
        email: input.email,
        description: `Encomenda n.º ${order.id}`,
      })
      .catch(gatewayFailure);
    const expiresAt = paymentEnd(order, MBWAY_MS);
    row = await db.transaction(async (tx) => {
      // A request to another phone replaces the one still waiting: only the newest can be paid here.
      if (stillPending(previous)) {
        await tx.update(payments).set({ status: 'canceled', updatedAt: new Date() }).where(and(eq(payments.id, previous.id), eq(payments.status, 'pending')));
      }
      const stored = await insertPayment(tx, {
        orderId: order.id,
        method: 'mbway',
        gateway: gateway.name,
        amountCents: order.totalWithTaxCents,
        gatewayOrderId,
        requestId,
        phone: input.phone_number,
        expiresAt,
      });
      return stored;
    });
    row ??= await storedMeanwhile(db, order.id, 'mbway');
  }
  return {
    order_id: order.id,
    status: row.status,
    phone_number: row.phone ?? input.phone_number,
    amount: toEuros(row.amountCents),
    expiresAt: row.expiresAt.toISOString(),
    ...(row.gateway === 'sandbox' && row.requestId ? { sandboxUrl: sandboxPhoneUrl(row.requestId) } : {}),
  };
}

/** GET /payment/mbway/status/{orderId}: the newest MB WAY request of the order. */
export async function mbwayStatus(ctx: PaymentsContext, orderId: number, viewer: Viewer): Promise<MbwayStatus> {
  const order = await orderForPayment(ctx.db, orderId, viewer);
  const payment = await latestPayment(ctx.db, order.id, 'mbway');
  if (!payment) throw notFound(paymentMessages.paymentNotFound);
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
  await queueMultibancoOrderMail(ctx.db, ctx.config.publicUrl, orderId, details);
}

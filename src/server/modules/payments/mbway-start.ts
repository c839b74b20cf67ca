import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { toCents, toEuros } from '#shared/money.ts';
import type { mbwayBody } from '#shared/schemas/payments.ts';
import { MBWAY_VALID_MINUTES, paymentMessages } from '#shared/schemas/payments.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import type { Viewer } from '../orders/for-payments.ts';
import { GatewayError } from './gateway.ts';
import { insertPayment, latestPayment, lockedPayment, type PaymentRow, type PaymentsContext, refreshMbway, sandboxPhoneUrl, sandboxRequestId, settleUnpaid, stillPending } from './payment-records.ts';
import { gatewayFailure, payableOrder, paymentEnd } from './payment-start.ts';
import { payments } from './tables.ts';

/*
 * POST /payment/mbway (issue #27). Each attempt is a payment row stored, with its own gateway order id,
 * before the gateway is called: a request whose answer never came (timeout, network) stays recorded and
 * payable by its callback, and is not sent again under the same id.
 */

const MBWAY_MS = MBWAY_VALID_MINUTES * 60_000;
/** An attempt without an answer younger than this is still being sent: the adapter waits 15 s at most, then it timed out. */
const IN_FLIGHT_MS = 15_000;
/** ifthenpay: "orderId: (string) mandatory (15 chars max)" (ifthenpay-documented/mbway-request.json). */
const MBWAY_ORDER_ID_MAX = 15;

/** The gateway's order id of an attempt: the order and the attempt's own row id ("42P17"); the row id alone if that is too long. */
export const mbwayGatewayOrderId = (orderId: number, paymentId: number) => {
  const full = `${orderId}P${paymentId}`;
  return full.length <= MBWAY_ORDER_ID_MAX ? full : `P${paymentId}`;
};

type MbwayInput = z.output<typeof mbwayBody>;

function answer(row: PaymentRow, status: PaymentRow['status'] | 'paid' = row.status) {
  return {
    order_id: row.orderId,
    status,
    phone_number: row.phone ?? '',
    amount: toEuros(row.amountCents),
    expiresAt: row.expiresAt.toISOString(),
    ...(row.gateway === 'sandbox' ? { sandboxUrl: sandboxPhoneUrl(sandboxRequestId(row)) } : {}),
  };
}

/**
 * The attempt to answer again instead of sending a new request: the newest one to this phone still
 * running. One with a request id is first asked of the gateway (its status API), so an attempt already
 * paid or ended there is seen; one without (its answer never came) is answered only while it may still be
 * on its way, after which a new request is offered (the old one stays payable by its callback).
 */
async function stillRunning(ctx: PaymentsContext, previous: PaymentRow | undefined, phone: string) {
  if (!stillPending(previous) || previous.phone !== phone) return undefined;
  if (!previous.requestId) return Date.now() - previous.createdAt.getTime() < IN_FLIGHT_MS ? previous : undefined;
  const status = await refreshMbway(ctx, previous);
  return status === 'pending' || status === 'paid' ? { ...previous, status } : undefined;
}

/** Stores a new attempt, under a lock on the order so two requests at once store one; the older open ones are replaced. */
async function storeAttempt(ctx: PaymentsContext, orderId: number, amountCents: number, phone: string, expiresAt: Date) {
  return ctx.db.transaction(async (tx: Tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`mbway:${orderId}`}))`);
    const [newest] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.method, 'mbway')))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(1);
    // Stored by a request that held the lock just before this one, to the same phone: that one is the attempt.
    if (stillPending(newest) && newest.phone === phone && Date.now() - newest.createdAt.getTime() < IN_FLIGHT_MS) return { row: newest, fresh: false };
    const row = await insertPayment(tx, {
      orderId,
      method: 'mbway',
      gateway: ctx.gateway.name,
      amountCents,
      gatewayOrderId: `pending-${orderId}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      phone,
      expiresAt,
    });
    if (!row) throw new Error('a fresh MB WAY attempt collided');
    const [named] = await tx.update(payments).set({ gatewayOrderId: mbwayGatewayOrderId(orderId, row.id) }).where(eq(payments.id, row.id)).returning();
    // Only the newest attempt is offered; an older one still pays the order should its callback come.
    await tx
      .update(payments)
      .set({ status: 'canceled', updatedAt: new Date() })
      .where(and(eq(payments.orderId, orderId), eq(payments.method, 'mbway'), eq(payments.status, 'pending'), ne(payments.id, row.id)));
    return { row: named!, fresh: true };
  });
}

/** POST /payment/mbway: the request reaches the customer's phone and lives 4 minutes. */
export async function startMbway(ctx: PaymentsContext, input: MbwayInput, viewer: Viewer) {
  const order = await payableOrder(ctx.db, input.order_id, viewer);
  if (toCents(input.amount) !== order.totalWithTaxCents) {
    throw invalid(paymentMessages.amountMismatch, { amount: paymentMessages.amountMismatch });
  }
  const running = await stillRunning(ctx, await latestPayment(ctx.db, order.id, 'mbway'), input.phone_number);
  if (running) return answer(running, running.status);

  const { row, fresh } = await storeAttempt(ctx, order.id, order.totalWithTaxCents, input.phone_number, paymentEnd(order, MBWAY_MS));
  if (!fresh) return answer(row);
  try {
    const { requestId } = await ctx.gateway.startMbway({
      gatewayOrderId: row.gatewayOrderId,
      amountCents: order.totalWithTaxCents,
      mobile: input.phone_number,
      email: input.email,
      description: `Encomenda n.º ${order.id}`,
    });
    // Its callback may have come first (the phone answered before the gateway did): the id is kept all the same.
    const [stored] = await ctx.db.update(payments).set({ requestId, updatedAt: new Date() }).where(eq(payments.id, row.id)).returning();
    return answer(stored ?? row);
  } catch (err) {
    if (err instanceof GatewayError && !err.refused) {
      // Sent or not, nobody knows: the attempt stays payable (its callback pays the order), the customer is told so.
      throw new AppError(503, 'PAYMENT_GATEWAY_UNAVAILABLE', paymentMessages.mbwayUnconfirmed);
    }
    // Refused: it never reached a phone.
    await ctx.db.transaction(async (tx) => {
      const locked = await lockedPayment(tx, row.id);
      if (locked?.status === 'pending') await settleUnpaid(tx, locked, 'failed');
    });
    return gatewayFailure(err);
  }
}

import { and, desc, eq, gt, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { toEuros } from '#shared/money.ts';
import { paymentMessages } from '#shared/schemas/payments.ts';
import type { Config } from '../../config.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { handleCallback } from './callback.ts';
import { gatewayAmount } from './gateway.ts';
import { lockedPayment, type PaymentRow, type PaymentsContext, refreshMbway, sandboxRequestId, settleUnpaid } from './payment-records.ts';
import { payments } from './tables.ts';

/** The sandbox gateway's payments of one method that also meet `conditions`. */
const sandboxPayments = (ctx: PaymentsContext, method: PaymentRow['method'], ...conditions: (SQL | undefined)[]) =>
  ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, 'sandbox'), eq(payments.method, method), ...conditions));

/** Sandbox: the test phone's view of an MB WAY request. */
export async function sandboxMbwayRequest(ctx: PaymentsContext, requestId: string) {
  const [row] = await sandboxPayments(
    ctx,
    'mbway',
    // An attempt whose answer never came is known by the id the sandbox derives from it (sandboxRequestId).
    requestId.startsWith('late-')
      ? or(eq(payments.requestId, requestId), and(isNull(payments.requestId), eq(payments.gatewayOrderId, requestId.slice('late-'.length))))
      : eq(payments.requestId, requestId),
  ).limit(1);
  if (!row) throw notFound(paymentMessages.sandboxRequestNotFound);
  const status = row.status === 'pending' && row.expiresAt.getTime() <= Date.now() ? await refreshMbway(ctx, row) : row.status;
  return {
    row,
    view: {
      requestId,
      order_id: row.orderId,
      amount: toEuros(row.amountCents),
      phone_number: row.phone ?? '',
      status,
      expiresAt: row.expiresAt.toISOString(),
    },
  };
}

const callbackParams = (config: Config, row: PaymentRow): Record<string, string> => ({
  key: config.payments.callbackKey,
  orderId: row.gatewayOrderId,
  amount: gatewayAmount(row.amountCents),
  requestId: sandboxRequestId(row),
  ...(row.entity ? { entity: row.entity } : {}),
  ...(row.reference ? { reference: row.reference } : {}),
  payment_datetime: new Date().toISOString(),
});

/** Sandbox: the customer accepts (the gateway calls back, as ifthenpay would) or refuses on the test phone. */
export async function sandboxDecide(ctx: PaymentsContext, requestId: string, accept: boolean) {
  const { row, view } = await sandboxMbwayRequest(ctx, requestId);
  if (view.status !== 'pending') throw conflict(paymentMessages.notPayable);
  if (accept) {
    await handleCallback(ctx, callbackParams(ctx.config, row), '127.0.0.1');
  } else {
    await ctx.db.transaction(async (tx) => {
      const locked = await lockedPayment(tx, row.id);
      if (locked?.status === 'pending') await settleUnpaid(tx, locked, 'rejected');
    });
  }
  return (await sandboxMbwayRequest(ctx, requestId)).view;
}

/**
 * A reference the ATM or the agent still takes: not paid, and before its deadline. One the shop withdrew (the
 * order paid another way, or cancelled) included: the shop cannot withdraw it at ifthenpay, so the customer can
 * still pay it, and the shop must then give the money back (decision 0049's "pay another way").
 */
const payableReference = () => and(inArray(payments.status, ['pending', 'canceled']), gt(payments.expiresAt, new Date()));

/**
 * Sandbox: the counter takes the money and the gateway calls the shop back, as ifthenpay would. Money the order
 * no longer waited for (paid already, or cancelled) is taken too, and flagged by the shop for a refund.
 */
async function payAtCounter(ctx: PaymentsContext, row: PaymentRow | undefined, amountCents: number, notFoundMessage: string) {
  if (!row) throw notFound(notFoundMessage);
  if (row.amountCents !== amountCents) throw invalid(paymentMessages.sandboxAmountMismatch, { amount: paymentMessages.sandboxAmountMismatch });
  const answer = await handleCallback(ctx, callbackParams(ctx.config, row), '127.0.0.1');
  if (answer.outcome === 'paid') return { message: paymentMessages.sandboxPaid };
  if (answer.outcome === 'not_pending' || answer.outcome === 'order_cancelled') return { message: paymentMessages.sandboxPaidForRefund };
  throw conflict(paymentMessages.notPayable);
}

/** Sandbox: pays a Multibanco reference as an ATM would, through the same callback as the real gateway. */
export async function sandboxPayReference(ctx: PaymentsContext, entity: string, reference: string, amountCents: number) {
  const [row] = await sandboxPayments(ctx, 'multibanco', eq(payments.entity, entity), eq(payments.reference, reference), payableReference())
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return payAtCounter(ctx, row, amountCents, paymentMessages.sandboxReferenceNotFound);
}

/** Sandbox: the card page's view of one card payment. */
export async function sandboxCardPayment(ctx: PaymentsContext, requestId: string) {
  const [row] = await sandboxPayments(ctx, 'card', eq(payments.requestId, requestId)).limit(1);
  if (!row) throw notFound(paymentMessages.sandboxCardNotFound);
  return { row, view: { requestId, order_id: row.orderId, amount: toEuros(row.amountCents), status: row.status } };
}

/**
 * Sandbox: the card page's outcome. Accepted, the gateway calls back exactly as ifthenpay would (the return page
 * pays nothing); refused or cancelled, the attempt ends and the order may be paid another way.
 */
export async function sandboxCardOutcome(ctx: PaymentsContext, requestId: string, action: 'accept' | 'refuse' | 'cancel') {
  const { row } = await sandboxCardPayment(ctx, requestId);
  if (row.status !== 'pending' || row.expiresAt.getTime() <= Date.now()) throw conflict(paymentMessages.notPayable);
  if (action === 'accept') {
    const answer = await handleCallback(ctx, callbackParams(ctx.config, row), '127.0.0.1');
    if (answer.outcome !== 'paid') throw conflict(paymentMessages.notPayable);
  } else {
    await ctx.db.transaction(async (tx) => {
      const locked = await lockedPayment(tx, row.id);
      if (locked?.status === 'pending') await settleUnpaid(tx, locked, action === 'refuse' ? 'rejected' : 'canceled');
    });
  }
  return (await sandboxCardPayment(ctx, requestId)).view;
}

/** Sandbox: pays a Payshop reference as an agent's counter would, through the same callback as the real gateway. */
export async function sandboxPayPayshop(ctx: PaymentsContext, reference: string, amountCents: number) {
  const [row] = await sandboxPayments(ctx, 'payshop', eq(payments.reference, reference), payableReference())
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return payAtCounter(ctx, row, amountCents, paymentMessages.sandboxPayshopNotFound);
}

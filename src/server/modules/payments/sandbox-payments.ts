import { and, desc, eq, gt, isNull, or, type SQL } from 'drizzle-orm';
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

/** Sandbox: pays a Multibanco reference as an ATM would, through the same callback as the real gateway. */
export async function sandboxPayReference(ctx: PaymentsContext, entity: string, reference: string, amountCents: number) {
  const [row] = await sandboxPayments(
    ctx,
    'multibanco',
    eq(payments.entity, entity),
    eq(payments.reference, reference),
    eq(payments.status, 'pending'),
    gt(payments.expiresAt, new Date()),
  )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!row) throw notFound(paymentMessages.sandboxReferenceNotFound);
  if (row.amountCents !== amountCents) throw invalid(paymentMessages.sandboxAmountMismatch, { amount: paymentMessages.sandboxAmountMismatch });
  const answer = await handleCallback(ctx, callbackParams(ctx.config, row), '127.0.0.1');
  if (answer.outcome !== 'paid') throw conflict(paymentMessages.notPayable);
  return { message: paymentMessages.sandboxPaid };
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
  const [row] = await sandboxPayments(ctx, 'payshop', eq(payments.reference, reference), eq(payments.status, 'pending'), gt(payments.expiresAt, new Date()))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!row) throw notFound(paymentMessages.sandboxPayshopNotFound);
  if (row.amountCents !== amountCents) throw invalid(paymentMessages.sandboxAmountMismatch, { amount: paymentMessages.sandboxAmountMismatch });
  const answer = await handleCallback(ctx, callbackParams(ctx.config, row), '127.0.0.1');
  if (answer.outcome !== 'paid') throw conflict(paymentMessages.notPayable);
  return { message: paymentMessages.sandboxPaid };
}

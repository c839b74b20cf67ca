import { toEuros } from '#shared/money.ts';
import { paymentMessages } from '#shared/schemas/payments.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import { holdStockUntil, queuePayshopOrderMail, type Viewer } from '../orders/for-payments.ts';
import { deadlineAfterDays, expiryDaysUntil, lastDayText } from './lisbon-days.ts';
import { insertPayment, latestPayment, mailingShop, MULTIBANCO_GRACE_MS, type PaymentRow, type PaymentsContext, stillPending } from './payment-records.ts';
import { gatewayFailure, MULTIBANCO_MS, nextGatewayOrderId, paymentEnd, refuseEndedHold, storedMeanwhile, unpaidOrder } from './payment-start.ts';

/*
 * POST /payment/payshop (issue #27): a reference paid in cash at a Payshop agent or a CTT post office, issued and
 * kept like a Multibanco one (payment-start.ts): the one still valid is answered again, a new one lasts to the end
 * of the Lisbon day the order's hold ends, and the order holds its stock to that deadline plus the grace.
 */

/** The order's Payshop reference: the one still valid, or a new one from the gateway. */
export async function payshopPayment({ db, gateway }: PaymentsContext, orderId: number, viewer: Viewer): Promise<PaymentRow> {
  const order = await unpaidOrder(db, orderId, viewer);
  if (!gateway.offers.payshop) throw invalid(paymentMessages.methodNotOffered, { payment_method: paymentMessages.methodNotOffered });
  // Counted before the current reference is read, as for Multibanco: two requests at once store one reference.
  const gatewayOrderId = await nextGatewayOrderId(db, order.id);
  const current = await latestPayment(db, order.id, 'payshop');
  if (stillPending(current)) return current;
  refuseEndedHold(order);
  const expiryDays = expiryDaysUntil(paymentEnd(order, MULTIBANCO_MS));
  const issued = await gateway
    .createPayshopReference({ gatewayOrderId, amountCents: order.totalWithTaxCents, lastDay: lastDayText(expiryDays) })
    .catch(gatewayFailure);
  // Payable to the end of its `validade` day (decision 0052: the SDK reads a day more; the shop keeps the earlier).
  const expiresAt = deadlineAfterDays(expiryDays);
  const stored = await db.transaction(async (tx) => {
    const row = await insertPayment(tx, {
      orderId: order.id,
      method: 'payshop',
      gateway: gateway.name,
      amountCents: order.totalWithTaxCents,
      gatewayOrderId,
      requestId: issued.requestId,
      reference: issued.reference,
      expiresAt,
      gatewayExpiryDate: lastDayText(expiryDays),
    });
    if (row) await holdStockUntil(tx, order.id, new Date(expiresAt.getTime() + MULTIBANCO_GRACE_MS));
    return row;
  });
  return stored ?? (await storedMeanwhile(db, order.id, 'payshop'));
}

/** POST /payment/payshop: asking again answers the same reference while it lasts. */
export async function startPayshop(ctx: PaymentsContext, orderId: number, viewer: Viewer) {
  const row = await payshopPayment(ctx, orderId, viewer);
  return {
    order_id: row.orderId,
    reference: row.reference ?? '',
    amount: toEuros(row.amountCents),
    expiresAt: row.expiresAt.toISOString(),
    sandbox: row.gateway === 'sandbox',
  };
}

/** The shop itself asking, from a job: sees every order. */
const theShop: Viewer = { userId: null, isAdmin: true };

/** A Payshop order's "Recebemos a sua encomenda", with its reference (or, when none can be issued now, without). */
export async function mailPayshopOrder(ctx: PaymentsContext, orderId: number) {
  let details: { reference: string; amountCents: number; expiresAt: Date } | undefined;
  try {
    const row = await payshopPayment(ctx, orderId, theShop);
    if (row.reference) details = { reference: row.reference, amountCents: row.amountCents, expiresAt: row.expiresAt };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
  }
  await queuePayshopOrderMail(ctx.db, mailingShop(ctx.config), orderId, details);
}

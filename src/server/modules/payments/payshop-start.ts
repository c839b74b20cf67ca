import { toEuros } from '#shared/money.ts';
import { paymentMessages } from '#shared/schemas/payments.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import { queuePayshopOrderMail, type Viewer } from '../orders/for-payments.ts';
import { deadlineAfterDays, lastDayText } from './lisbon-days.ts';
import { mailingShop, type PaymentRow, type PaymentsContext } from './payment-records.ts';
import { gatewayFailure, referencePayment, unpaidOrder } from './payment-start.ts';

/*
 * POST /payment/payshop (issue #27): a reference paid in cash at a Payshop agent or a CTT post office, issued and
 * kept like a Multibanco one (payment-start.ts): the one still valid is answered again, a new one lasts to the end
 * of the Lisbon day the order's hold ends, and the order holds its stock to that deadline plus the grace.
 */

/** The order's Payshop reference: the one still valid, or a new one from the gateway. */
export async function payshopPayment(ctx: PaymentsContext, orderId: number, viewer: Viewer): Promise<PaymentRow> {
  const order = await unpaidOrder(ctx.db, orderId, viewer);
  if (!ctx.gateway.offers.payshop) throw invalid(paymentMessages.methodNotOffered, { payment_method: paymentMessages.methodNotOffered });
  return referencePayment(ctx, order, 'payshop', async (gatewayOrderId, expiryDays) => {
    const issued = await ctx.gateway
      .createPayshopReference({ gatewayOrderId, amountCents: order.totalWithTaxCents, lastDay: lastDayText(expiryDays) })
      .catch(gatewayFailure);
    return {
      requestId: issued.requestId,
      reference: issued.reference,
      // Payable to the end of its `validade` day (decision 0052: the SDK reads a day more; the shop keeps the earlier).
      expiresAt: deadlineAfterDays(expiryDays),
      gatewayExpiryDate: lastDayText(expiryDays),
    };
  });
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

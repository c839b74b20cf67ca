import { randomBytes } from 'node:crypto';
import { cardReturnPath } from '#shared/card-paths.ts';
import { paymentMessages } from '#shared/schemas/payments.ts';
import { invalid } from '../../platform/errors.ts';
import type { Viewer } from '../orders/for-payments.ts';
import type { CardReturnUrls } from './gateway.ts';
import { insertPayment, type PaymentsContext } from './payment-records.ts';
import { gatewayFailure, payableOrder, paymentEnd } from './payment-start.ts';

/*
 * POST /payment/card (issue #27): the customer is sent to the gateway's card page and comes back to a page of
 * the shop. The order is paid by the gateway's callback only: the return address pays nothing (anyone can
 * type it), it only says what to do next.
 */

/** How long a card page stays payable (ifthenpay's SDK example: 'minutesToExpire' => 30). */
export const CARD_VALID_MINUTES = 30;

/** The shop's pages the card page sends the customer back to; a guest's carry the order's token (she has no session). */
export const cardReturnUrls = (publicUrl: string, orderId: number, token: string | undefined): CardReturnUrls => ({
  success: `${publicUrl}${cardReturnPath('sucesso', orderId, token)}`,
  error: `${publicUrl}${cardReturnPath('erro', orderId, token)}`,
  cancel: `${publicUrl}${cardReturnPath('cancelado', orderId, token)}`,
});

/**
 * The gateway's order id of a card attempt: the order and a random part ("42C1f3a9b0c"), unique per attempt and
 * never derived from a count (issue #27); within the SDK's 25 characters.
 */
const cardGatewayOrderId = (orderId: number) => `${orderId}C${randomBytes(5).toString('hex')}`;

/**
 * A new card page for an unpaid order, placed with any method (pay another way). Each call opens a new one:
 * an earlier page left open stays payable until it expires, and whichever is paid first pays the order (the
 * others are then voided, as for MB WAY attempts).
 */
export async function startCard(ctx: PaymentsContext, orderId: number, viewer: Viewer, token: string | undefined) {
  const { db, gateway, config } = ctx;
  const order = await payableOrder(db, orderId, viewer);
  if (!gateway.offers.card) throw invalid(paymentMessages.methodNotOffered, { payment_method: paymentMessages.methodNotOffered });
  const gatewayOrderId = cardGatewayOrderId(order.id);
  const opened = await gateway
    .startCard({ gatewayOrderId, amountCents: order.totalWithTaxCents, returnUrls: cardReturnUrls(config.publicUrl, order.id, token) })
    .catch(gatewayFailure);
  await db.transaction((tx) =>
    insertPayment(tx, {
      orderId: order.id,
      method: 'card',
      gateway: gateway.name,
      amountCents: order.totalWithTaxCents,
      gatewayOrderId,
      requestId: opened.requestId,
      expiresAt: paymentEnd(order, CARD_VALID_MINUTES * 60_000),
    }),
  );
  return { paymentUrl: opened.paymentUrl };
}

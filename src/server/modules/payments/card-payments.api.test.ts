import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '#shared/schemas/orders.ts';
import { paymentMessages } from '#shared/schemas/payments.ts';
import { PUBLIC_URL, signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { ifthenpayCardPayshopEnv, paidCallbackUrl, useFakeIfthenpay } from '../../../../tests/helpers/fake-ifthenpay.ts';
import { paymentRows } from '../../../../tests/helpers/payments.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';
import ccardDoc from './ifthenpay-documented/ccard-init.json' with { type: 'json' };
import { paymentCallbacks } from './tables.ts';

/*
 * Issue #27: cards through ifthenpay's card page, against the stand-in that answers as its SDK documents it
 * (ifthenpay-documented/ccard-init.json). The order is paid by the callback only, never by the return address.
 */

const fake = useFakeIfthenpay();
const ctx = useTestApp(() => ({ ...ifthenpayCardPayshopEnv(fake), SHOP_EMAIL: 'loja@example.pt' }));

afterEach(() => expect(fake.refused).toEqual([]));

const db = () => ctx.database.db;
const { orderRow, paymentsOf, expireAttempts } = paymentRows(ctx);
const callback = (url: string) => ctx.app.inject({ method: 'GET', url });
const startCard = (payload: object, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/payment/card', headers: cookie ? { cookie } : {}, payload });

async function newOrder(method: 'multibanco' | 'mbway' | 'card' | 'payshop', signedIn = true) {
  const user = signedIn ? await signedInUser(ctx) : undefined;
  const p = await insertProduct(ctx, { priceCents: 2000 });
  const order = await placeOrder(ctx, [{ product_id: p.id, quantity: 1 }], { cookie: user?.cookie, method });
  return { cookie: user?.cookie, order };
}

/** The callback ifthenpay sends once the card was charged (ccard-init.json's callback, with this payment's values). */
async function chargeCard(order: Order) {
  const [card] = (await paymentsOf(order.id)).filter((p) => p.method === 'card').slice(-1);
  fake.payCard(card!.requestId!);
  return callback(paidCallbackUrl(card!));
}

describe('a card payment', () => {
  it('sends the customer to the gateway\'s page with the shop\'s return pages, and only the callback pays the order', async () => {
    const { cookie, order } = await newOrder('card');
    expect(order.payment_method).toBe('card');
    const opened = await startCard({ orderId: order.id }, cookie);
    expect(opened.statusCode, opened.body).toBe(200);
    const sent = fake.cards.at(-1)!;
    expect(opened.json()).toEqual({ paymentUrl: `https://ifthenpay.example/ccard/${sent.requestId}` });
    expect(sent).toMatchObject({
      amount: order.total_price_with_tax.toFixed(2),
      successUrl: `${PUBLIC_URL}/pagamento/cartao/sucesso/${order.id}`,
      errorUrl: `${PUBLIC_URL}/pagamento/cartao/erro/${order.id}`,
      cancelUrl: `${PUBLIC_URL}/pagamento/cartao/cancelado/${order.id}`,
    });
    const [attempt] = await paymentsOf(order.id);
    expect(attempt).toMatchObject({ method: 'card', status: 'pending', requestId: sent.requestId, gatewayOrderId: sent.orderId, amountCents: 2000 + 600 });

    // The success return's parameters (ccard-init.json successReturn) sent to the shop pay nothing: no key, not a callback.
    const returned = await callback(`/api/payment/callback?${new URLSearchParams({ ...ccardDoc.successReturn, id: sent.orderId, requestId: sent.requestId, amount: sent.amount }).toString()}`);
    expect(returned.statusCode).toBe(400);
    expect((await orderRow(order.id)).paidAt).toBeNull();

    const paid = await chargeCard(order);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ message: 'paid' });
    const row = await orderRow(order.id);
    expect(row.status).toBe('processing');
    expect(row.paidAt).not.toBeNull();
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['paid']);
    // The gateway's retry of the same callback is recorded once.
    expect((await chargeCard(order)).statusCode).toBe(200);
    expect(await db().select().from(paymentCallbacks).where(eq(paymentCallbacks.paymentId, attempt!.id))).toHaveLength(1);
  });

  it('is opened for a guest with her token, and the return pages carry it; a stranger gets 404', async () => {
    const { order } = await newOrder('card', false);
    expect(order.accessToken).toBeTruthy();
    const stranger = await signedInUser(ctx);
    const refused = await startCard({ orderId: order.id }, stranger.cookie);
    expect(refused.statusCode).toBe(404);
    expect(await paymentsOf(order.id)).toEqual([]);
    const opened = await startCard({ orderId: order.id, token: order.accessToken });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(fake.cards.at(-1)!.successUrl).toBe(`${PUBLIC_URL}/pagamento/cartao/sucesso/${order.id}/${order.accessToken}`);
  });

  it('refused by the gateway: 422 in pt-PT and no attempt stored; a cancelled page leaves the order to pay another way', async () => {
    const { cookie, order } = await newOrder('card');
    fake.refuseCard = '-1';
    const refused = await startCard({ orderId: order.id }, cookie);
    fake.refuseCard = undefined;
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(paymentMessages.gatewayRefused);
    expect(await paymentsOf(order.id)).toEqual([]);

    // She opens the page and cancels it (the shop only sees her come back): the order still waits, and a
    // Payshop reference pays it; the card page is voided when it does.
    expect((await startCard({ orderId: order.id }, cookie)).statusCode).toBe(200);
    const payshop = await ctx.app.inject({ method: 'POST', url: '/api/payment/payshop', headers: { cookie }, payload: { orderId: order.id } });
    expect(payshop.statusCode, payshop.body).toBe(200);
    const [, reference] = await paymentsOf(order.id);
    expect((await callback(paidCallbackUrl(reference!))).json()).toEqual({ message: 'paid' });
    expect((await paymentsOf(order.id)).map((p) => [p.method, p.status])).toEqual([
      ['card', 'canceled'],
      ['payshop', 'paid'],
    ]);
    expect((await orderRow(order.id)).status).toBe('processing');
  });

  it('an attempt left open expires, and the order is cancelled once nothing can pay it', async () => {
    const { cookie, order } = await newOrder('card');
    expect((await startCard({ orderId: order.id }, cookie)).statusCode).toBe(200);
    await expireAttempts(order.id);
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['expired']);
    expect((await orderRow(order.id)).status).toBe('cancelled');
    expect((await startCard({ orderId: order.id }, cookie)).statusCode).toBe(409);
  });

  it('gives the money back through the same refund call as MB WAY', async () => {
    const { order } = await newOrder('card');
    const admin = await signedInUser(ctx, { isAdmin: true });
    expect((await startCard({ orderId: order.id }, admin.cookie)).statusCode).toBe(200);
    expect((await chargeCard(order)).json()).toEqual({ message: 'paid' });
    const view = (await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: { cookie: admin.cookie } })).json<Order>();
    expect(view.mbway_refundable).toBe(true);
    const itemId = view.orderItems[0]!.id;
    const done = await ctx.app.inject({ method: 'POST', url: `/api/order/${order.id}/refund`, headers: { cookie: admin.cookie }, payload: { method: 'mbway', lines: [{ item_id: itemId, quantity: 1 }] } });
    expect(done.statusCode, done.body).toBe(200);
    expect(fake.refunds.at(-1)).toEqual({ requestId: fake.cards.at(-1)!.requestId, amount: '20.00' });
  });
});

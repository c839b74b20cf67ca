import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '#shared/schemas/orders.ts';
import { formatLongDateTime } from '#shared/dates.ts';
import { paymentMessages } from '#shared/schemas/payments.ts';
import { deliverMail, signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { ifthenpayEnv, paidCallbackUrl, useFakeIfthenpay } from '../../../../tests/helpers/fake-ifthenpay.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';
import { jobs } from '../../db/schema.ts';
import { orders } from '../orders/tables.ts';
import { cancelUnpaidOrderJob } from './jobs.ts';
import { expiryDateText, referenceDeadline } from './lisbon-days.ts';
import { paymentCallbacks, payments } from './tables.ts';

/*
 * Issue #27, the shop against a stand-in that answers as ifthenpay's documentation shows
 * (ifthenpay-documented/): each failure the issue found, as a test that failed before.
 */

const fake = useFakeIfthenpay();
// A 47-hour hold asks ifthenpay for two days or more: a reference payable well past +48 h.
const ctx = useTestApp(() => ({ ...ifthenpayEnv(fake), SHOP_EMAIL: 'loja@example.pt', STOCK_HOLD_MULTIBANCO_HOURS: '47' }));

afterEach(() => expect(fake.refused).toEqual([]));

const db = () => ctx.database.db;
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentsOf = (orderId: number) => db().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
const callback = (url: string) => ctx.app.inject({ method: 'GET', url });
const checkMails = (orderId: number) => ctx.mailbox.to('loja@example.pt').filter((m) => m.subject === `Pagamento a verificar: encomenda n.º ${orderId}`);

async function runJobsNow(type?: string) {
  await db()
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(type ? sql`done_at IS NULL AND failed_at IS NULL AND type = ${type}` : sql`done_at IS NULL AND failed_at IS NULL`);
  await ctx.app.jobs.drain();
}

async function newOrder(method: 'multibanco' | 'mbway') {
  const { cookie } = await signedInUser(ctx);
  const p = await insertProduct(ctx, { priceCents: 2000 });
  const order = await placeOrder(ctx, [{ product_id: p.id, quantity: 1 }], { cookie, method });
  return { cookie, order };
}

const startMbway = (cookie: string, order: Order, overrides: object = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/payment/mbway',
    headers: { cookie },
    payload: { order_id: order.id, amount: order.total_price_with_tax, phone_number: '912 345 678', email: 'maria@example.pt', ...overrides },
  });
const mbwayStatus = async (cookie: string, orderId: number) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/payment/mbway/status/${orderId}`, headers: { cookie } })).json().status as string;

describe('callbacks, answered as ifthenpay documents (200 once recorded)', () => {
  it('records a repeated amount-mismatch callback once: one alert, one "Pagamento a verificar", 200 each time', async () => {
    const { cookie, order } = await newOrder('multibanco');
    expect((await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', headers: { cookie }, payload: { order_id: order.id } })).statusCode).toBe(200);
    const [payment] = await paymentsOf(order.id);
    await deliverMail(ctx);
    ctx.mailbox.clear();

    const url = paidCallbackUrl(payment!, { amount: '0.01' });
    for (let i = 0; i < 3; i++) expect((await callback(url)).statusCode).toBe(200);

    const recorded = await db().select().from(paymentCallbacks).where(eq(paymentCallbacks.paymentId, payment!.id));
    expect(recorded.map((r) => [r.outcome, r.needsAttention])).toEqual([['amount_mismatch', true]]);
    const admin = await signedInUser(ctx, { isAdmin: true });
    const alerts = (await ctx.app.inject({ method: 'GET', url: '/api/payment/alerts', headers: { cookie: admin.cookie } })).json();
    expect(alerts.filter((a: { order_id: number }) => a.order_id === order.id)).toHaveLength(1);
    await deliverMail(ctx);
    expect(checkMails(order.id)).toHaveLength(1);
    expect((await orderRow(order.id)).status).toBe('pending');
  });

  it('alerts an unknown payment with the callback’s details, once', async () => {
    ctx.mailbox.clear();
    const url = paidCallbackUrl({ gatewayOrderId: '999999P9', amountCents: 4250, requestId: 'tid000000109', entity: null, reference: null });
    for (let i = 0; i < 2; i++) expect((await callback(url)).statusCode).toBe(200);
    const recorded = await db().select().from(paymentCallbacks).where(and(eq(paymentCallbacks.outcome, 'unknown_payment'), isNull(paymentCallbacks.paymentId)));
    expect(recorded.filter((r) => (r.params as Record<string, string>).orderId === '999999P9').map((r) => r.needsAttention)).toEqual([true]);
    await deliverMail(ctx);
    const mails = ctx.mailbox.to('loja@example.pt').filter((m) => m.subject === 'Pagamento a verificar: confirmação sem pagamento correspondente');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('A ifthenpay confirmou um pagamento de 42,50');
    expect(mails[0]!.text).toContain('identificador 999999P9, pedido tid000000109');
  });

  it('answers 400 only to what is not a callback at all', async () => {
    expect((await callback(`/api/payment/callback?key=${encodeURIComponent('x')}`)).statusCode).toBe(400);
    expect((await callback('/api/payment/callback?orderId=1P1&amount=lots')).statusCode).toBe(400);
  });
});

describe('MB WAY as documented', () => {
  it(
    'keeps a start the gateway answered in 17 s, sends a new request on the retry, and the first push’s callback pays the order',
    async () => {
      const { cookie, order } = await newOrder('mbway');
      fake.mbwayDelayMs = 17_000;
      let slow;
      try {
        slow = await startMbway(cookie, order);
      } finally {
        fake.mbwayDelayMs = 0;
      }
      expect(slow.statusCode).toBe(503);
      expect(slow.json().error).toBe(paymentMessages.mbwayUnconfirmed);
      const first = fake.mbway.at(-1)!;
      const [attempt] = await paymentsOf(order.id);
      // Stored before the call, under its own id; its request id never came.
      expect(attempt).toMatchObject({ status: 'pending', requestId: null, gatewayOrderId: first.orderId });
      expect(first.orderId).toBe(`${order.id}P${attempt!.id}`);

      const retry = await startMbway(cookie, order);
      expect(retry.statusCode, retry.body).toBe(200);
      const second = fake.mbway.at(-1)!;
      expect(second.orderId).not.toBe(first.orderId);

      // The customer accepts the first push on her phone.
      fake.setMbwayStatus(first.requestId, '000');
      const paid = await callback(paidCallbackUrl({ gatewayOrderId: first.orderId, amountCents: attempt!.amountCents, requestId: first.requestId, entity: null, reference: null }));
      expect(paid.statusCode).toBe(200);
      expect(paid.json()).toEqual({ message: 'paid' });
      expect((await orderRow(order.id)).status).toBe('processing');
      const after = await paymentsOf(order.id);
      expect(after.map((r) => [r.status, r.requestId])).toEqual([
        ['paid', first.requestId],
        ['canceled', second.requestId],
      ]);
      expect(await mbwayStatus(cookie, order.id)).toBe('paid');
    },
    60_000,
  );

  it('asks the status API before offering a new request to the same phone', async () => {
    const { cookie, order } = await newOrder('mbway');
    expect((await startMbway(cookie, order)).statusCode).toBe(200);
    const first = fake.mbway.at(-1)!;
    // Still waiting on the phone: the same attempt, no second request.
    expect((await startMbway(cookie, order)).json().status).toBe('pending');
    expect(fake.mbway.at(-1)).toBe(first);
    // Paid meanwhile (its callback not yet here): the status API says so and no new request goes out.
    fake.setMbwayStatus(first.requestId, '000');
    const again = await startMbway(cookie, order);
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('paid');
    expect(fake.mbway.at(-1)).toBe(first);
    expect((await orderRow(order.id)).status).toBe('processing');
  });

  it('ends an attempt ifthenpay answers 123 "Request not found" for', async () => {
    const { cookie, order } = await newOrder('mbway');
    await startMbway(cookie, order);
    const sent = fake.mbway.pop()!;
    expect(await mbwayStatus(cookie, order.id)).toBe('failed');
    expect((await paymentsOf(order.id)).map((r) => [r.requestId, r.status])).toEqual([[sent.requestId, 'failed']]);
    // A new request can be asked for.
    expect((await startMbway(cookie, order)).json().status).toBe('pending');
  });

  it('accepts foreign numbers with their country code and normalises Portuguese ones; the e-mail within 100 characters', async () => {
    const { cookie, order } = await newOrder('mbway');
    const spanish = await startMbway(cookie, order, { phone_number: '+34 612 345 678' });
    expect(spanish.statusCode, spanish.body).toBe(200);
    expect(spanish.json().phone_number).toBe('+34612345678');
    expect(fake.mbway.at(-1)!.mobileNumber).toBe('34#612345678');

    const long = `${'m'.repeat(95)}@example.pt`;
    const portuguese = await startMbway(cookie, order, { phone_number: '00351 912 345 678', email: long });
    expect(portuguese.json().phone_number).toBe('912345678');
    expect(fake.mbway.at(-1)).toMatchObject({ mobileNumber: '351#912345678', email: '' });
    expect((await startMbway(cookie, order, { phone_number: '+999 1234567' })).statusCode).toBe(400);
  });
});

describe('Multibanco deadlines as ifthenpay answers them', () => {
  it('keeps the order payable until the reference’s ExpiryDate: a payment after +48 h pays it', async () => {
    const { cookie, order } = await newOrder('multibanco');
    fake.expiryDate = expiryDateText(3);
    try {
      expect((await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', headers: { cookie }, payload: { order_id: order.id } })).statusCode).toBe(200);
    } finally {
      fake.expiryDate = undefined;
    }
    expect(fake.references.at(-1)!.expiryDays).toBeGreaterThanOrEqual(1);
    const [payment] = await paymentsOf(order.id);
    const deadline = referenceDeadline(expiryDateText(3))!;
    expect(payment!.expiresAt).toEqual(deadline);
    expect(deadline.getTime() - Date.now()).toBeGreaterThan(48 * 3600_000);

    // Every job due by +48 h (the hold, the shop's old deadline) runs: the reference is still payable, the order waits.
    await runJobsNow();
    await runJobsNow();
    expect((await orderRow(order.id)).status).toBe('pending');
    expect((await paymentsOf(order.id))[0]!.status).toBe('pending');
    // The reference's own deadline is the one shown (the order's payments) and mailed (the order-received mail).
    const listed = (await ctx.app.inject({ method: 'GET', url: `/api/payment/order/${order.id}`, headers: { cookie } })).json().payments;
    expect(listed[0].expiresAt).toBe(deadline.toISOString());
    await deliverMail(ctx);
    const received = ctx.mailbox.received.find((m) => m.subject === `Recebemos a sua encomenda n.º ${order.id}`);
    expect(received?.text).toContain(`A referência é válida até ${formatLongDateTime(deadline.toISOString())}`);

    const paid = await callback(paidCallbackUrl(payment!));
    expect(paid.json()).toEqual({ message: 'paid' });
    expect((await orderRow(order.id)).status).toBe('processing');
  });

  it('cancels only after the deadline plus the grace: a payment in the grace pays the order', async () => {
    const { cookie, order } = await newOrder('multibanco');
    await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', headers: { cookie }, payload: { order_id: order.id } });
    const [payment] = await paymentsOf(order.id);
    await db().update(payments).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(payments.id, payment!.id));
    await runJobsNow('payment.expire');
    expect((await paymentsOf(order.id))[0]!.status).toBe('expired');
    expect((await orderRow(order.id)).status).toBe('pending');
    const [cancel] = await db().select().from(jobs).where(sql`type = ${cancelUnpaidOrderJob.name} AND done_at IS NULL AND payload->>'orderId' = ${String(order.id)} AND run_at > now() + interval '100 minutes'`);
    expect(cancel).toBeDefined();

    // Paid in the grace: the order is paid.
    expect((await callback(paidCallbackUrl(payment!))).json()).toEqual({ message: 'paid' });
    expect((await orderRow(order.id)).status).toBe('processing');
  });
});

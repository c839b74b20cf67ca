import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatCents } from '#shared/money.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { paymentMessages } from '#shared/schemas/payments.ts';
import { deliverMail, signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { FAKE_ENTITY, FAKE_KEYS, ifthenpayEnv, paidCallbackUrl, useFakeIfthenpay } from '../../../../tests/helpers/fake-ifthenpay.ts';
import { insertProduct, placeOrder as placeTestOrder } from '../../../../tests/helpers/shop.ts';
import { products } from '../catalog/tables.ts';
import { orders } from '../orders/tables.ts';
import { jobs } from '../../db/schema.ts';
import { cancelUnpaidOrderJob } from './jobs.ts';
import { expiryDaysUntil, referenceDeadline } from './lisbon-days.ts';
import { paymentCallbackRefusals, paymentCallbacks, payments } from './tables.ts';

const fake = useFakeIfthenpay();
const ctx = useTestApp(() => ({ ...ifthenpayEnv(fake), SHOP_EMAIL: 'loja@example.pt' }));

const product = (values: Partial<typeof products.$inferInsert> = {}) => insertProduct(ctx, values);
const stockOf = async (id: number) => (await ctx.database.db.select().from(products).where(eq(products.id, id)))[0]?.stock;
const orderRow = async (id: number) => (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentsOf = (orderId: number) => ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
const placeOrder = (items: { product_id: number; quantity: number }[], cookie?: string, method: 'multibanco' | 'mbway' = 'multibanco') =>
  placeTestOrder(ctx, items, { cookie, method });

/** The callback ifthenpay sends for a paid reference or request. */
const paidCallback = (payment: typeof payments.$inferSelect, overrides: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: paidCallbackUrl(payment, overrides) });

/** Makes the queued jobs (of one type) due now, as time passing would, and runs them. */
async function runJobsNow(type?: string) {
  await ctx.database.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(type ? sql`done_at IS NULL AND failed_at IS NULL AND type = ${type}` : sql`done_at IS NULL AND failed_at IS NULL`);
  await ctx.app.jobs.drain();
}

describe('Multibanco through ifthenpay', () => {
  it('issues a reference, keeps it, and answers the same one when asked again', async () => {
    const { cookie } = await signedInUser(ctx);
    const p = await product({ priceCents: 2350 });
    const order = await placeOrder([{ product_id: p.id, quantity: 1 }], cookie);

    const res = await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', headers: { cookie }, payload: { order_id: order.id, phone_number: '912345678' } });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    const sent = fake.references.at(-1)!;
    // The reference is asked to last to the end of the (Lisbon) day the order's 24-hour hold ends (#26, #27):
    // `expiryDays` as a number, as documented; its deadline is the one ifthenpay answers (ExpiryDate, to 23:59).
    expect(sent).toMatchObject({ orderId: `${order.id}P1`, amount: '29.50', expiryDays: expiryDaysUntil(new Date(Date.now() + 24 * 3600_000)) });
    expect(answer).toMatchObject({ order_id: order.id, entity: FAKE_ENTITY, reference: sent.reference, amount: 29.5, sandbox: false });
    const deadline = referenceDeadline(sent.expiryDate)!;
    expect(answer.expiresAt).toBe(deadline.toISOString());
    expect(deadline.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(deadline.getTime() - Date.now()).toBeLessThanOrEqual(48 * 3600_000);

    const [stored] = await paymentsOf(order.id);
    expect(stored).toMatchObject({ method: 'multibanco', gateway: 'ifthenpay', status: 'pending', amountCents: 2950, entity: FAKE_ENTITY, reference: sent.reference, requestId: sent.requestId });
    expect(stored).toMatchObject({ expiresAt: deadline, gatewayExpiryDate: sent.expiryDate });
    // The order holds its stock until then, plus the grace of decision 0044.
    expect((await orderRow(order.id)).stockHeldUntil).toEqual(new Date(deadline.getTime() + 2 * 3600_000));

    const again = await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', headers: { cookie }, payload: { order_id: order.id } });
    expect(again.json().reference).toBe(answer.reference);
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });

  it('lets only the owner, the guest with the token, or an admin start or read a payment', async () => {
    const p = await product();
    const owner = await signedInUser(ctx);
    const stranger = await signedInUser(ctx);
    const admin = await signedInUser(ctx, { isAdmin: true });
    const order = await placeOrder([{ product_id: p.id, quantity: 1 }], owner.cookie);
    const guestOrder = await placeOrder([{ product_id: p.id, quantity: 1 }]);

    for (const headers of [{ cookie: stranger.cookie }, {}]) {
      const start = await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', headers, payload: { order_id: order.id } });
      expect(start.statusCode).toBe(404);
      const read = await ctx.app.inject({ method: 'GET', url: `/api/payment/order/${order.id}`, headers });
      expect(read.statusCode).toBe(404);
      const status = await ctx.app.inject({ method: 'GET', url: `/api/payment/mbway/status/${order.id}`, headers });
      expect(status.statusCode).toBe(404);
    }
    expect(await paymentsOf(order.id)).toHaveLength(0);

    const noToken = await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', payload: { order_id: guestOrder.id } });
    expect(noToken.statusCode).toBe(404);
    const wrongToken = await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', payload: { order_id: guestOrder.id, token: 'x'.repeat(40) } });
    expect(wrongToken.statusCode).toBe(404);
    const guest = await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', payload: { order_id: guestOrder.id, token: guestOrder.accessToken } });
    expect(guest.statusCode, guest.body).toBe(200);

    const asAdmin = await ctx.app.inject({ method: 'GET', url: `/api/payment/order/${guestOrder.id}`, headers: { cookie: admin.cookie } });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().payments[0]).toMatchObject({ gateway: 'ifthenpay', gatewayOrderId: `${guestOrder.id}P1` });
    const asGuest = await ctx.app.inject({ method: 'GET', url: `/api/payment/order/${guestOrder.id}?token=${guestOrder.accessToken}` });
    expect(asGuest.json().payments[0].gateway).toBe('ifthenpay');
    expect(asGuest.json().payments[0].gatewayOrderId).toBeUndefined();
    expect(asGuest.json().payments[0].requestId).toBeUndefined();
    expect(asGuest.json().alerts).toBeUndefined();
  });

  it('marks the order paid on a genuine callback, once, and mails the customer', async () => {
    const { cookie } = await signedInUser(ctx);
    const p = await product();
    const order = await placeOrder([{ product_id: p.id, quantity: 2 }], cookie);
    await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', headers: { cookie }, payload: { order_id: order.id } });
    const [payment] = await paymentsOf(order.id);
    await deliverMail(ctx);
    ctx.mailbox.clear();

    // Every callback understood is answered 200 once recorded, accepted or not: ifthenpay retries anything else
    // (ifthenpay-documented/callback.json, issue #27).
    const wrongKey = await paidCallback(payment!, { key: 'not-the-key' });
    expect(wrongKey.statusCode).toBe(200);
    const wrongAmount = await paidCallback(payment!, { amount: '0.01' });
    expect(wrongAmount.statusCode).toBe(200);
    const unknown = await paidCallback(payment!, { orderId: '999999P1' });
    expect(unknown.statusCode).toBe(200);
    const otherReference = await paidCallback(payment!, { reference: '999999999' });
    expect(otherReference.statusCode).toBe(200);
    expect((await orderRow(order.id)).status).toBe('pending');
    expect((await paymentsOf(order.id))[0]!.status).toBe('pending');

    const paid = await paidCallback(payment!);
    expect(paid.statusCode).toBe(200);
    const row = await orderRow(order.id);
    expect(row.status).toBe('processing');
    expect(row.paidAt).toBeInstanceOf(Date);
    expect((await paymentsOf(order.id))[0]).toMatchObject({ status: 'paid' });
    expect(await stockOf(p.id)).toBe(8);

    const paidAt = (await paymentsOf(order.id))[0]!.paidAt;
    const again = await paidCallback(payment!);
    expect(again.statusCode).toBe(200);
    expect((await paymentsOf(order.id))[0]!.paidAt).toEqual(paidAt);

    // The gateway's identical retry is recorded once (#27); the unknown ones are recorded without a payment.
    const recorded = await ctx.database.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.paymentId, payment!.id)).orderBy(paymentCallbacks.id);
    expect(recorded.map((c) => c.outcome)).toEqual(['amount_mismatch', 'paid']);
    const unknowns = await ctx.database.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.outcome, 'unknown_payment'));
    expect(unknowns.map((c) => [c.paymentId, c.needsAttention, (c.params as Record<string, string>).orderId])).toEqual([
      [null, true, '999999P1'],
      [null, true, payment!.gatewayOrderId],
    ]);
    expect(JSON.stringify(recorded)).not.toContain(FAKE_KEYS.callbackKey);
    // A forged callback is counted per address and hour, not stored (issue #26: it filled the disk).
    expect(await ctx.database.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.outcome, 'bad_key'))).toEqual([]);
    const [forged] = await ctx.database.db.select().from(paymentCallbackRefusals);
    expect(forged).toMatchObject({ ip: '127.0.0.1', count: 1 });

    await deliverMail(ctx);
    const customerMails = ctx.mailbox.to('maria@example.pt').filter((m) => m.subject?.startsWith('Pagamento recebido'));
    expect(customerMails).toHaveLength(1);
    expect(customerMails[0]!.subject).toBe(`Pagamento recebido: encomenda n.º ${order.id}`);
    // The wrong amount was real money of another amount: the shop is told.
    const check = ctx.mailbox.to('loja@example.pt').find((m) => m.subject === `Pagamento a verificar: encomenda n.º ${order.id}`);
    // In words (issue #25), not the callback's JSON: the order, the amounts in euros, what happened, what to do.
    expect(check?.text).toContain(`Recebemos ${formatCents(1)} por Multibanco para a encomenda n.º ${order.id}, mas o valor pedido era ${formatCents(payment!.amountCents)}.`);
    expect(check?.text).toContain(`entidade ${payment!.entity}, referência ${payment!.reference}`);
    expect(check?.text).toContain('O que fazer: confirme o valor no backoffice da ifthenpay.');
    expect(check?.text).not.toMatch(/[{}"]/);

    const view = await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: { cookie } });
    expect(view.json().status).toBe('processing');
    expect(view.json().paid_at).toBe(row.paidAt!.toISOString());
  });

  it('records and flags money that arrives for a cancelled order, without reviving it', async () => {
    const { cookie } = await signedInUser(ctx);
    const admin = await signedInUser(ctx, { isAdmin: true });
    const p = await product();
    const order = await placeOrder([{ product_id: p.id, quantity: 1 }], cookie);
    await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', headers: { cookie }, payload: { order_id: order.id } });
    const [payment] = await paymentsOf(order.id);
    const cancel = await ctx.app.inject({ method: 'PUT', url: `/api/order/${order.id}/cancel`, headers: { cookie } });
    expect(cancel.statusCode).toBe(200);
    expect(await stockOf(p.id)).toBe(10);

    const res = await paidCallback(payment!);
    expect(res.statusCode).toBe(200);
    expect((await orderRow(order.id)).status).toBe('cancelled');
    expect(await stockOf(p.id)).toBe(10);

    const alerts = await ctx.app.inject({ method: 'GET', url: '/api/payment/alerts', headers: { cookie: admin.cookie } });
    const alert = alerts.json().find((a: { order_id: number }) => a.order_id === order.id);
    expect(alert).toMatchObject({ outcome: 'order_cancelled' });
    const inOrder = await ctx.app.inject({ method: 'GET', url: `/api/payment/order/${order.id}`, headers: { cookie: admin.cookie } });
    expect(inOrder.json().alerts).toHaveLength(1);

    expect((await ctx.app.inject({ method: 'GET', url: '/api/payment/alerts', headers: { cookie } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/payment/alerts' })).statusCode).toBe(401);
    const resolved = await ctx.app.inject({ method: 'PUT', url: `/api/payment/alerts/${alert.id}/resolve`, headers: { cookie: admin.cookie } });
    expect(resolved.statusCode).toBe(204);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/payment/alerts', headers: { cookie: admin.cookie } });
    expect(after.json().some((a: { id: number }) => a.id === alert.id)).toBe(false);
  });

  it('cancels an unpaid order when its reference expires and gives the stock back, even via the durable queue', async () => {
    const { cookie } = await signedInUser(ctx);
    const p = await product();
    const order = await placeOrder([{ product_id: p.id, quantity: 3 }], cookie);
    await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', headers: { cookie }, payload: { order_id: order.id } });
    expect(await stockOf(p.id)).toBe(7);

    // Not yet: the jobs exist but are not due.
    await ctx.app.jobs.drain();
    expect((await orderRow(order.id)).status).toBe('pending');

    await ctx.database.db.update(payments).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(payments.orderId, order.id));
    await runJobsNow();
    await runJobsNow();
    expect((await paymentsOf(order.id))[0]!.status).toBe('expired');
    expect((await orderRow(order.id)).status).toBe('cancelled');
    expect(await stockOf(p.id)).toBe(10);
    expect(ctx.mailbox.to('maria@example.pt').some((m) => m.subject === `Encomenda n.º ${order.id} cancelada por falta de pagamento`)).toBe(true);

    const late = await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', headers: { cookie }, payload: { order_id: order.id } });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(paymentMessages.notPayable);
  });

  it('has no sandbox pages with a real gateway', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/payment/sandbox/mbway/abc' })).statusCode).toBe(404);
    const pay = await ctx.app.inject({ method: 'POST', url: '/api/payment/sandbox/multibanco', payload: { entity: '12345', reference: '123000125', amount: 20 } });
    expect(pay.statusCode).toBe(404);
  });

  it('answers 503 and stores nothing when the gateway is down', async () => {
    const { cookie } = await signedInUser(ctx);
    const p = await product();
    const order = await placeOrder([{ product_id: p.id, quantity: 1 }], cookie);
    fake.down = true;
    try {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', headers: { cookie }, payload: { order_id: order.id } });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toBe(paymentMessages.gatewayUnavailable);
    } finally {
      fake.down = false;
    }
    expect(await paymentsOf(order.id)).toHaveLength(0);
  });
});

describe('MB WAY through ifthenpay', () => {
  async function startMbway(cookie: string, order: Order, overrides: object = {}) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/payment/mbway',
      headers: { cookie },
      payload: { order_id: order.id, amount: order.total_price_with_tax, phone_number: '+351 912 345 678', email: 'maria@example.pt', ...overrides },
    });
  }
  const status = async (cookie: string, orderId: number) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/payment/mbway/status/${orderId}`, headers: { cookie } })).json().status as string;

  it('sends the request to the phone, polls it and marks the order paid when accepted', async () => {
    const { cookie } = await signedInUser(ctx);
    const p = await product({ priceCents: 8000 });
    const order = await placeOrder([{ product_id: p.id, quantity: 1 }], cookie, 'mbway');

    const res = await startMbway(cookie, order);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ order_id: order.id, status: 'pending', phone_number: '912345678', amount: 80 });
    expect(res.json().sandboxUrl).toBeUndefined();
    const sent = fake.mbway.at(-1)!;
    const [attempt] = await paymentsOf(order.id);
    // The gateway's order id is the attempt's own row id, stored before the call (#27), not a count of rows.
    expect(attempt).toMatchObject({ gatewayOrderId: `${order.id}P${attempt!.id}`, requestId: fake.mbway.at(-1)!.requestId });
    expect(sent).toMatchObject({ orderId: `${order.id}P${attempt!.id}`, amount: '80.00', mobileNumber: '351#912345678', email: 'maria@example.pt' });

    expect(await status(cookie, order.id)).toBe('pending');
    fake.setMbwayStatus(sent.requestId, '000');
    expect(await status(cookie, order.id)).toBe('paid');
    expect((await orderRow(order.id)).status).toBe('processing');

    // The gateway's callback after the poll already saw it: recorded, nothing changes.
    const [payment] = await paymentsOf(order.id);
    expect((await paidCallback(payment!)).statusCode).toBe(200);
    const outcomes = await ctx.database.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.paymentId, payment!.id));
    expect(outcomes.map((o) => o.outcome)).toEqual(['duplicate']);
  });

  it('reports a refused request, keeps the order for a Multibanco retry, then cancels it', async () => {
    const { cookie } = await signedInUser(ctx);
    const p = await product();
    const order = await placeOrder([{ product_id: p.id, quantity: 1 }], cookie, 'mbway');
    await startMbway(cookie, order);
    fake.setMbwayStatus(fake.mbway.at(-1)!.requestId, '020');
    expect(await status(cookie, order.id)).toBe('rejected');
    expect((await orderRow(order.id)).status).toBe('pending');

    const retry = await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', headers: { cookie }, payload: { order_id: order.id } });
    expect(retry.statusCode).toBe(200);
    await runJobsNow(cancelUnpaidOrderJob.name);
    // The Multibanco reference is still valid: the order waits for it.
    expect((await orderRow(order.id)).status).toBe('pending');

    const refused = await placeOrder([{ product_id: p.id, quantity: 1 }], cookie, 'mbway');
    await startMbway(cookie, refused);
    fake.setMbwayStatus(fake.mbway.at(-1)!.requestId, '020');
    expect(await status(cookie, refused.id)).toBe('rejected');
    await runJobsNow(cancelUnpaidOrderJob.name);
    expect((await orderRow(refused.id)).status).toBe('cancelled');
    expect(await stockOf(p.id)).toBe(9);
  });

  it('expires a request nobody answered', async () => {
    const { cookie } = await signedInUser(ctx);
    const p = await product();
    const order = await placeOrder([{ product_id: p.id, quantity: 1 }], cookie, 'mbway');
    await startMbway(cookie, order);
    await ctx.database.db.update(payments).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(payments.orderId, order.id));
    expect(await status(cookie, order.id)).toBe('expired');
    await runJobsNow();
    expect((await orderRow(order.id)).status).toBe('cancelled');
    expect(await stockOf(p.id)).toBe(10);
  });

  it('checks the amount and the phone, and passes a refusal on', async () => {
    const { cookie } = await signedInUser(ctx);
    const p = await product();
    const order = await placeOrder([{ product_id: p.id, quantity: 1 }], cookie, 'mbway');

    const wrongAmount = await startMbway(cookie, order, { amount: order.total_price_with_tax - 1 });
    expect(wrongAmount.statusCode).toBe(400);
    expect(wrongAmount.json().error).toBe(paymentMessages.amountMismatch);
    for (const phone of ['212345678', '91234567', '+351 212345678', 'telemovel']) {
      const bad = await startMbway(cookie, order, { phone_number: phone });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields.phone_number).toBe(paymentMessages.mobileInvalid);
    }
    fake.refuseMbway = '999';
    try {
      const refused = await startMbway(cookie, order);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error).toBe(paymentMessages.gatewayRefused);
    } finally {
      fake.refuseMbway = undefined;
    }
    // The attempt was stored before the call (#27); refused, it never reached a phone.
    expect((await paymentsOf(order.id)).map((r) => r.status)).toEqual(['failed']);
  });
});

describe('digital products', () => {
  it('deliver their link only once the order is paid', async () => {
    const { cookie } = await signedInUser(ctx);
    const ebook = await product({ name: 'Guia digital', isDigital: true, stock: null, link: 'https://exemplo.pt/guia-secreto' });
    const order = await placeOrder([{ product_id: ebook.id, quantity: 1 }], cookie);
    const before = await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: { cookie } });
    expect(before.json().orderItems[0].product.link).toBeNull();
    expect(before.body).not.toContain('guia-secreto');

    await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', headers: { cookie }, payload: { order_id: order.id } });
    const [payment] = await paymentsOf(order.id);
    expect((await paidCallback(payment!)).statusCode).toBe(200);

    const after = await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: { cookie } });
    expect(after.json().orderItems[0].product.link).toBe('https://exemplo.pt/guia-secreto');
    await deliverMail(ctx);
    const mail = ctx.mailbox.to('maria@example.pt').find((m) => m.subject === `Pagamento recebido: encomenda n.º ${order.id}`);
    expect(mail?.text).toContain('https://exemplo.pt/guia-secreto');
  });
});

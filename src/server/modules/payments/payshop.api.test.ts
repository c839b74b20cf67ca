import { afterEach, describe, expect, it } from 'vitest';
import { formatLongDateTime } from '#shared/dates.ts';
import { paymentMessages } from '#shared/schemas/payments.ts';
import { deliverMail, signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { ifthenpayCardPayshopEnv, paidCallbackUrl, useFakeIfthenpay } from '../../../../tests/helpers/fake-ifthenpay.ts';
import { paymentRows } from '../../../../tests/helpers/payments.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';
import { deadlineAfterDays, expiryDaysUntil, lastDayText } from './lisbon-days.ts';

/*
 * Issue #27: Payshop references through ifthenpay, against the stand-in that answers as its SDK documents them
 * (ifthenpay-documented/payshop-reference.json): issued, mailed, shown, paid by the callback, expired.
 */

const fake = useFakeIfthenpay();
const ctx = useTestApp(() => ({ ...ifthenpayCardPayshopEnv(fake), SHOP_EMAIL: 'loja@example.pt' }));

afterEach(() => expect(fake.refused).toEqual([]));

const { orderRow, paymentsOf, expireAttempts } = paymentRows(ctx);
const startPayshop = (payload: object, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/payment/payshop', headers: cookie ? { cookie } : {}, payload });

async function newOrder(method: 'multibanco' | 'mbway' | 'payshop') {
  const user = await signedInUser(ctx);
  const p = await insertProduct(ctx, { priceCents: 2000 });
  const order = await placeOrder(ctx, [{ product_id: p.id, quantity: 1 }], { cookie: user.cookie, method });
  return { cookie: user.cookie, email: order.email, order };
}

describe('a Payshop order', () => {
  it('gets its reference with the order-received mail, asks for the hold\'s last day, and is paid by the callback', async () => {
    const { cookie, email, order } = await newOrder('payshop');
    const held = (await orderRow(order.id)).stockHeldUntil!;
    await deliverMail(ctx);
    const [sent] = fake.payshop.slice(-1);
    expect(sent).toMatchObject({ valor: '26.00', validade: lastDayText(expiryDaysUntil(held)) });
    const mail = ctx.mailbox.to(email).find((m) => m.subject === `Recebemos a sua encomenda n.º ${order.id}`);
    expect(mail?.text).toContain('agente Payshop ou numa estação dos CTT');
    expect(mail?.text).toContain(`Referência Payshop: ${sent!.reference.replace(/(\d{3})(?=\d)/g, '$1 ')}. Valor: 26,00`);
    const deadline = deadlineAfterDays(expiryDaysUntil(held));
    expect(mail?.text).toContain(`A referência é válida até ${formatLongDateTime(deadline.toISOString())}`);

    // Asked again (the order page): the same reference while it lasts.
    const answer = await startPayshop({ orderId: order.id }, cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ order_id: order.id, reference: sent!.reference, amount: 26, expiresAt: deadline.toISOString(), sandbox: false });
    expect(fake.payshop.filter((r) => r.id === sent!.id)).toHaveLength(1);
    // The order holds its stock to the reference's deadline plus the grace.
    expect((await orderRow(order.id)).stockHeldUntil!.getTime()).toBe(deadline.getTime() + 2 * 3600_000);

    const [row] = await paymentsOf(order.id);
    expect(row).toMatchObject({ method: 'payshop', reference: sent!.reference, requestId: sent!.requestId, gatewayOrderId: sent!.id });
    const wrongAmount = await ctx.app.inject({ method: 'GET', url: paidCallbackUrl(row!, { amount: '2.60' }) });
    expect(wrongAmount.json()).toEqual({ message: 'amount_mismatch' });
    expect((await orderRow(order.id)).paidAt).toBeNull();
    const paid = await ctx.app.inject({ method: 'GET', url: paidCallbackUrl(row!) });
    expect(paid.json()).toEqual({ message: 'paid' });
    expect((await orderRow(order.id)).status).toBe('processing');
  });

  it('expires at its deadline, then the order is cancelled and no new reference is issued', async () => {
    const { cookie, order } = await newOrder('payshop');
    expect((await startPayshop({ orderId: order.id }, cookie)).statusCode).toBe(200);
    await expireAttempts(order.id);
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['expired']);
    expect((await orderRow(order.id)).status).toBe('cancelled');
    const again = await startPayshop({ orderId: order.id }, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(paymentMessages.notPayable);
  });

  it('pays a Multibanco order another way: a Payshop reference, the Multibanco one voided when it is paid', async () => {
    const { cookie, order } = await newOrder('multibanco');
    await deliverMail(ctx);
    const issued = await startPayshop({ orderId: order.id }, cookie);
    expect(issued.statusCode, issued.body).toBe(200);
    const rows = await paymentsOf(order.id);
    expect(rows.map((p) => p.method)).toEqual(['multibanco', 'payshop']);
    expect((await ctx.app.inject({ method: 'GET', url: paidCallbackUrl(rows[1]!) })).json()).toEqual({ message: 'paid' });
    expect((await paymentsOf(order.id)).map((p) => [p.method, p.status])).toEqual([
      ['multibanco', 'canceled'],
      ['payshop', 'paid'],
    ]);
  });

  it('refuses a body of another shape with a 400, and changes nothing', async () => {
    const { cookie, order } = await newOrder('mbway');
    const res = await startPayshop({ order_id: order.id }, cookie);
    expect(res.statusCode).toBe(400);
    expect(await paymentsOf(order.id)).toEqual([]);
  });
});

describe('which ways to pay the checkout offers, in the owner\'s order', () => {
  it('offers the spec\'s two first by default, and every configured method', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/payment/methods' });
    expect(res.json()).toEqual({ methods: ['multibanco', 'mbway', 'card', 'payshop'] });
  });

  it('keeps the order the owner chooses (audited), refuses a wrong one in pt-PT, and only for admins', async () => {
    const admin = await signedInUser(ctx, { isAdmin: true });
    const customer = await signedInUser(ctx);
    const put = (cookie: string, order: string[]) => ctx.app.inject({ method: 'PUT', url: '/api/payment/methods/order', headers: { cookie }, payload: { order } });
    expect((await put(customer.cookie, ['card', 'payshop', 'multibanco', 'mbway'])).statusCode).toBe(403);
    for (const wrong of [['card', 'card', 'multibanco', 'mbway'], ['card', 'multibanco', 'mbway'], ['card', 'multibanco', 'mbway', 'paypal']]) {
      const refused = await put(admin.cookie, wrong);
      expect(refused.statusCode).toBe(400);
      expect(JSON.stringify(refused.json())).toContain(paymentMessages.methodOrder);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/payment/methods' })).json().methods).toEqual(['multibanco', 'mbway', 'card', 'payshop']);

    const saved = await put(admin.cookie, ['card', 'mbway', 'payshop', 'multibanco']);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(paymentMessages.methodOrderSaved);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/payment/methods' })).json().methods).toEqual(['card', 'mbway', 'payshop', 'multibanco']);
    const settings = await ctx.app.inject({ method: 'GET', url: '/api/payment/methods/settings', headers: { cookie: admin.cookie } });
    expect(settings.json()).toEqual({ order: ['card', 'mbway', 'payshop', 'multibanco'], configured: ['multibanco', 'mbway', 'card', 'payshop'] });
    const audit = await ctx.app.inject({ method: 'GET', url: '/api/audit?entity=settings', headers: { cookie: admin.cookie } });
    expect(JSON.stringify(audit.json())).toContain('meios-de-pagamento');
    await put(admin.cookie, ['multibanco', 'mbway', 'card', 'payshop']);
  });
});

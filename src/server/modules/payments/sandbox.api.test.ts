import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentMessages } from '#shared/schemas/payments.ts';
import { signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';
import { orders } from '../orders/tables.ts';
import { multibancoReference } from './multibanco-reference.ts';
import { SANDBOX_ENTITY, SANDBOX_SUB_ENTITY } from './sandbox.ts';

// No PAYMENT_GATEWAY: the sandbox is the default.
const ctx = useTestApp();

async function orderToPay(cookie: string, method: 'multibanco' | 'mbway') {
  const p = await insertProduct(ctx, { name: 'Caixa organizadora', description: 'Caixa', priceCents: 1500, stock: 5, minPriceCents: 1500 });
  return placeOrder(ctx, [{ product_id: p.id, quantity: 1 }], { cookie, method, details: { name: 'Rui Costa', email: 'rui@example.pt' } });
}
/** The customer asks to pay `order` by MB WAY from `phone`, as the checkout page does. */
const payByMbway = (cookie: string, order: { id: number; total_price_with_tax: number }, phone: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/payment/mbway',
    headers: { cookie },
    payload: { order_id: order.id, amount: order.total_price_with_tax, phone_number: phone, email: 'rui@example.pt' },
  });
const statusOf = async (id: number) => (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]?.status;

describe('the sandbox gateway', () => {
  it('issues references with the real check digits and pays them as an ATM would', async () => {
    const { cookie } = await signedInUser(ctx);
    const order = await orderToPay(cookie, 'multibanco');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', headers: { cookie }, payload: { order_id: order.id } });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    // 15,00 € + 6,00 € shipping; the seed comes from the gateway order id ("<id>P1").
    expect(answer).toMatchObject({ entity: SANDBOX_ENTITY, amount: 21, sandbox: true });
    expect(answer.reference).toBe(multibancoReference(SANDBOX_ENTITY, SANDBOX_SUB_ENTITY, `${order.id}1`.slice(-4), 2100));

    const pay = (amount: number) =>
      ctx.app.inject({ method: 'POST', url: '/api/payment/sandbox/multibanco', payload: { entity: answer.entity, reference: answer.reference, amount } });
    const wrong = await pay(20);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(paymentMessages.sandboxAmountMismatch);
    expect(await statusOf(order.id)).toBe('pending');

    const ok = await pay(21);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(paymentMessages.sandboxPaid);
    expect(await statusOf(order.id)).toBe('processing');

    const twice = await pay(21);
    expect(twice.statusCode).toBe(404);
    expect(twice.json().error).toBe(paymentMessages.sandboxReferenceNotFound);
  });

  it('lets the test phone accept or refuse an MB WAY request', async () => {
    const { cookie } = await signedInUser(ctx);
    for (const accept of [true, false]) {
      const order = await orderToPay(cookie, 'mbway');
      const start = await payByMbway(cookie, order, '936000111');
      expect(start.statusCode, start.body).toBe(200);
      const { sandboxUrl } = start.json();
      expect(sandboxUrl).toMatch(/^\/sandbox\/mbway\/[0-9a-f]{20}$/);
      const requestId = sandboxUrl.split('/').at(-1);

      const phone = await ctx.app.inject({ method: 'GET', url: `/api/payment/sandbox/mbway/${requestId}` });
      expect(phone.json()).toMatchObject({ order_id: order.id, amount: 21, phone_number: '936000111', status: 'pending' });

      const decided = await ctx.app.inject({ method: 'POST', url: `/api/payment/sandbox/mbway/${requestId}`, payload: { accept } });
      expect(decided.statusCode, decided.body).toBe(200);
      expect(decided.json().status).toBe(accept ? 'paid' : 'rejected');
      const polled = await ctx.app.inject({ method: 'GET', url: `/api/payment/mbway/status/${order.id}`, headers: { cookie } });
      expect(polled.json().status).toBe(accept ? 'paid' : 'rejected');
      expect(await statusOf(order.id)).toBe(accept ? 'processing' : 'pending');

      const again = await ctx.app.inject({ method: 'POST', url: `/api/payment/sandbox/mbway/${requestId}`, payload: { accept: true } });
      expect(again.statusCode).toBe(409);
    }
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/payment/sandbox/mbway/0000' });
    expect(unknown.statusCode).toBe(404);
  });

  it('plays a gateway that answers too late on its number 910 000 000: the request is on the test phone, accepting it pays the order', async () => {
    const { cookie } = await signedInUser(ctx);
    const order = await orderToPay(cookie, 'mbway');
    const start = await payByMbway(cookie, order, '910 000 000');
    expect(start.statusCode).toBe(503);
    expect(start.json().error).toBe(paymentMessages.mbwayUnconfirmed);

    const listed = (await ctx.app.inject({ method: 'GET', url: `/api/payment/order/${order.id}`, headers: { cookie } })).json().payments;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ method: 'mbway', status: 'pending', phone_number: '910000000' });
    const requestId = String(listed[0].sandboxUrl).replace('/sandbox/mbway/', '');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/payment/sandbox/mbway/${requestId}` })).json()).toMatchObject({ order_id: order.id, status: 'pending' });

    const accepted = await ctx.app.inject({ method: 'POST', url: `/api/payment/sandbox/mbway/${requestId}`, payload: { accept: true } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().status).toBe('paid');
    expect(await statusOf(order.id)).toBe('processing');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/payment/mbway/status/${order.id}`, headers: { cookie } })).json().status).toBe('paid');
  });
  it("still takes a reference the shop withdrew when the order was paid another way, and the shop flags the second payment for a refund", async () => {
    const { cookie } = await signedInUser(ctx);
    const order = await orderToPay(cookie, 'multibanco');
    const reference = (await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', headers: { cookie }, payload: { order_id: order.id } })).json();
    const { sandboxUrl } = (await payByMbway(cookie, order, '936000111')).json();
    const accepted = await ctx.app.inject({ method: 'POST', url: `/api/payment/sandbox/mbway/${String(sandboxUrl).split('/').at(-1)}`, payload: { accept: true } });
    expect(accepted.json().status).toBe('paid');
    const paidAt = (await ctx.database.db.select().from(orders).where(eq(orders.id, order.id)))[0]?.paidAt;

    // The bank knows nothing of the shop's withdrawal: the ATM takes the money, the shop keeps the order paid once.
    const atm = () => ctx.app.inject({ method: 'POST', url: '/api/payment/sandbox/multibanco', payload: { entity: reference.entity, reference: reference.reference, amount: 21 } });
    const late = await atm();
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().message).toBe(paymentMessages.sandboxPaidForRefund);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'processing', paidAt });
    const admin = await signedInUser(ctx, { isAdmin: true });
    const alerts = (await ctx.app.inject({ method: 'GET', url: '/api/payment/alerts', headers: { cookie: admin.cookie } })).json();
    expect(alerts.filter((a: { order_id: number | null }) => a.order_id === order.id).map((a: { outcome: string }) => a.outcome)).toEqual(['not_pending']);
    expect((await atm()).statusCode).toBe(404);
  });
});

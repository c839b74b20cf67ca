import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentMessages } from '#shared/schemas/payments.ts';
import { signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';
import { orders } from '../orders/tables.ts';
import { payments } from './tables.ts';

/* Issue #27: the sandbox's card page (accept, refuse, cancel) and its Payshop counter, as the default gateway. */

const ctx = useTestApp();
const statusOf = async (id: number) => (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]?.status;
const paymentsOf = (orderId: number) => ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);

async function orderToPay(method: 'card' | 'payshop') {
  const { cookie } = await signedInUser(ctx);
  const p = await insertProduct(ctx, { priceCents: 1500 });
  return { cookie, order: await placeOrder(ctx, [{ product_id: p.id, quantity: 1 }], { cookie, method }) };
}

describe('the sandbox card page', () => {
  it('sends the customer to its page with the shop\'s return pages; accept pays through the callback, refuse and cancel do not', async () => {
    const answers: Record<string, string | undefined> = {};
    for (const action of ['refuse', 'cancel', 'accept'] as const) {
      const { cookie, order } = await orderToPay('card');
      const start = await ctx.app.inject({ method: 'POST', url: '/api/payment/card', headers: { cookie }, payload: { orderId: order.id } });
      expect(start.statusCode, start.body).toBe(200);
      const url = new URL(start.json().paymentUrl as string, 'http://loja.test');
      const requestId = url.pathname.split('/').at(-1)!;
      expect(url.pathname).toBe(`/sandbox/cartao/${requestId}`);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        success: `/pagamento/cartao/sucesso/${order.id}`,
        error: `/pagamento/cartao/erro/${order.id}`,
        cancel: `/pagamento/cartao/cancelado/${order.id}`,
      });
      const seen = await ctx.app.inject({ method: 'GET', url: `/api/payment/sandbox/card/${requestId}` });
      expect(seen.json()).toEqual({ requestId, order_id: order.id, amount: 21, status: 'pending' });
      const decided = await ctx.app.inject({ method: 'POST', url: `/api/payment/sandbox/card/${requestId}`, payload: { action } });
      expect(decided.statusCode, decided.body).toBe(200);
      answers[action] = decided.json().status;
      expect(await statusOf(order.id)).toBe(action === 'accept' ? 'processing' : 'pending');
      const again = await ctx.app.inject({ method: 'POST', url: `/api/payment/sandbox/card/${requestId}`, payload: { action: 'accept' } });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe(paymentMessages.notPayable);
    }
    expect(answers).toEqual({ refuse: 'rejected', cancel: 'canceled', accept: 'paid' });
  });

  it('answers 404 for a card payment it does not know, and 400 for an action it does not have', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/payment/sandbox/card/nope' })).json().error).toBe(paymentMessages.sandboxCardNotFound);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/payment/sandbox/card/nope', payload: { action: 'steal' } })).statusCode).toBe(400);
  });
});

describe('the sandbox Payshop counter', () => {
  it('issues a 13-digit reference and pays it like its Multibanco ATM', async () => {
    const { cookie, order } = await orderToPay('payshop');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/payment/payshop', headers: { cookie }, payload: { orderId: order.id } });
    expect(res.statusCode, res.body).toBe(200);
    const { reference } = res.json();
    expect(res.json()).toMatchObject({ order_id: order.id, amount: 21, sandbox: true });
    expect(reference).toMatch(/^\d{13}$/);
    const pay = (amount: number) => ctx.app.inject({ method: 'POST', url: '/api/payment/sandbox/payshop', payload: { reference, amount } });
    const wrong = await pay(20);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(paymentMessages.sandboxAmountMismatch);
    expect(await statusOf(order.id)).toBe('pending');
    const ok = await pay(21);
    expect(ok.json().message).toBe(paymentMessages.sandboxPaid);
    expect(await statusOf(order.id)).toBe('processing');
    expect((await paymentsOf(order.id)).map((p) => [p.method, p.status])).toEqual([['payshop', 'paid']]);
    expect((await pay(21)).json().error).toBe(paymentMessages.sandboxPayshopNotFound);
  });
});

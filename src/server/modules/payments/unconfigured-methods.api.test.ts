import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentMessages } from '#shared/schemas/payments.ts';
import { signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { checkoutAnswer } from '../../../../tests/helpers/checkout.ts';
import { ifthenpayEnv, useFakeIfthenpay } from '../../../../tests/helpers/fake-ifthenpay.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';
import { orders } from '../orders/tables.ts';
import { payments } from './tables.ts';

/* Issue #27: with ifthenpay's Multibanco and MB WAY keys only, cards and Payshop are neither offered nor taken. */

const fake = useFakeIfthenpay();
const ctx = useTestApp(() => ifthenpayEnv(fake));

describe('cards and Payshop without their keys', () => {
  it('are not offered, whatever the owner\'s order', async () => {
    const admin = await signedInUser(ctx, { isAdmin: true });
    await ctx.app.inject({ method: 'PUT', url: '/api/payment/methods/order', headers: { cookie: admin.cookie }, payload: { order: ['payshop', 'card', 'mbway', 'multibanco'] } });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/payment/methods' })).json()).toEqual({ methods: ['mbway', 'multibanco'] });
  });

  it('refuse an order placed with them (400 in pt-PT, nothing stored), and a card or Payshop for another order', async () => {
    const { cookie } = await signedInUser(ctx);
    const p = await insertProduct(ctx, { priceCents: 2000 });
    const before = (await ctx.database.db.select().from(orders)).length;
    for (const method of ['card', 'payshop'] as const) {
      const res = await checkoutAnswer(ctx.app, [{ product_id: p.id, quantity: 1 }], { cookie, method });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: paymentMessages.methodNotOffered, fields: { payment_method: paymentMessages.methodNotOffered } });
    }
    expect(await ctx.database.db.select().from(orders)).toHaveLength(before);

    const order = await placeOrder(ctx, [{ product_id: p.id, quantity: 1 }], { cookie, method: 'multibanco' });
    for (const url of ['/api/payment/card', '/api/payment/payshop']) {
      const res = await ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload: { orderId: order.id } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(paymentMessages.methodNotOffered);
    }
    expect((await ctx.database.db.select().from(payments).where(eq(payments.orderId, order.id))).filter((r) => r.method !== 'multibanco')).toEqual([]);
    expect(fake.cards).toEqual([]);
    expect(fake.payshop).toEqual([]);
  });
});

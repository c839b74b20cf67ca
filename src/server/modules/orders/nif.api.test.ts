import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderMessages, type Order } from '#shared/schemas/orders.ts';
import { signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';
import { orders } from './tables.ts';

/* The customer's tax number at checkout (issue #16): optional, checked, kept on the order and the profile. */

const ctx = useTestApp();

const orderCount = async () => (await ctx.database.db.select().from(orders)).length;

describe('NIF at checkout', () => {
  it('keeps a valid NIF (typed with spaces) and the company on the order, for the customer and the admin', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const admin = await signedInUser(ctx, { isAdmin: true });
    const p = await insertProduct(ctx);
    const order = await placeOrder(ctx, [{ product_id: p.id, quantity: 1 }], { cookie, details: { email: user.email, nif: '501 964 843', company: 'Arrumações Lda.' } });
    expect(order).toMatchObject({ nif: '501964843', company: 'Arrumações Lda.' });
    for (const who of [cookie, admin.cookie]) {
      const seen = await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: { cookie: who } });
      expect(seen.json<Order>()).toMatchObject({ nif: '501964843', company: 'Arrumações Lda.' });
    }
    // The profile keeps it for the next checkout.
    const billing = await ctx.app.inject({ method: 'GET', url: '/api/user/billing', headers: { cookie } });
    expect(billing.json()).toEqual({ nif: '501964843', company: 'Arrumações Lda.' });
  });

  it('without a NIF the order is "Consumidor final" (no NIF, no company), and the profile keeps what it had', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const p = await insertProduct(ctx);
    await placeOrder(ctx, [{ product_id: p.id, quantity: 1 }], { cookie, details: { email: user.email, nif: '123456789' } });
    const order = await placeOrder(ctx, [{ product_id: p.id, quantity: 1 }], { cookie, details: { email: user.email, nif: '', company: 'Sem NIF' } });
    expect(order).toMatchObject({ nif: null, company: null });
    const billing = await ctx.app.inject({ method: 'GET', url: '/api/user/billing', headers: { cookie } });
    expect(billing.json()).toEqual({ nif: '123456789', company: null });
  });

  it('refuses a wrong check digit, a wrong length and letters with the pt-PT message, creating nothing', async () => {
    const p = await insertProduct(ctx);
    const totals = (await ctx.app.inject({ method: 'POST', url: '/api/order/calculate-totals', payload: { items: [{ product_id: p.id, quantity: 1 }] } })).json();
    const before = await orderCount();
    for (const nif of ['123456780', '12345678', '12345678A', '400000000']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: {
          items: [{ product_id: p.id, quantity: 1 }],
          email: 'nif@example.pt',
          phone: '912345678',
          // The spec's body, with the NIF alongside.
          shipping_address: 'Rita Sá, Rua 1, Porto, 4000-001, Portugal',
          payment_method: 'multibanco',
          nif,
          shipping_cost: totals.shippingCost,
          total_price_without_tax: totals.totalPriceWithoutTax,
          total_tax: totals.totalTax,
          total_price_with_tax: totals.totalWithTax,
        },
      });
      expect(res.statusCode, nif).toBe(400);
      expect(res.json().fields, nif).toEqual({ nif: orderMessages.nif });
    }
    expect(await orderCount()).toBe(before);
  });

  it("keeps a guest's NIF on the order only", async () => {
    const p = await insertProduct(ctx);
    const order = await placeOrder(ctx, [{ product_id: p.id, quantity: 1 }], { details: { nif: '999999990' } });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ nif: '999999990', userId: null });
  });
});

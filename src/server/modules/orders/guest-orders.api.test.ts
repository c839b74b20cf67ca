import { describe, expect, it } from 'vitest';
import type { Order } from '#shared/schemas/orders.ts';
import { deliverMail, login, signedInUser, uniqueEmail, useTestApp } from '../../../../tests/helpers/app.ts';
import { linkIn } from '../../../../tests/helpers/mailbox.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';

/* issue #25: a guest's past orders join her account once she proves the address is hers. */

const ctx = useTestApp();

const myOrders = async (cookie: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/order/myorders', headers: { cookie } })).json<{ orders: Order[] }>().orders.map((order) => order.id);

describe("a guest's orders join her account", () => {
  it('when she registers and verifies the same e-mail (any case), and only hers; the guest link keeps working', async () => {
    const email = uniqueEmail('convidada');
    const box = await insertProduct(ctx, { priceCents: 1200, stock: 10 });
    const first = await placeOrder(ctx, [{ product_id: box.id, quantity: 1 }], { details: { email } });
    const second = await placeOrder(ctx, [{ product_id: box.id, quantity: 2 }], { details: { email: email.toUpperCase() } });
    const someoneElse = await placeOrder(ctx, [{ product_id: box.id, quantity: 1 }], { details: { email: uniqueEmail('outra') } });

    const registered = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: { username: 'Rita', email, password: 'segredo12' } });
    expect(registered.statusCode).toBe(201);
    await deliverMail(ctx);
    const link = new URL(linkIn(ctx.mailbox.to(email).find((mail) => mail.subject === 'Confirme o seu email')));
    expect((await ctx.app.inject({ method: 'GET', url: `/api/auth/verify${link.search}` })).statusCode).toBe(200);

    const cookie = await login(ctx, email, 'segredo12');
    expect((await myOrders(cookie)).sort()).toEqual([first.id, second.id].sort());
    expect(await myOrders(cookie)).not.toContain(someoneElse.id);
    const guestLink = await ctx.app.inject({ method: 'GET', url: `/api/order/${first.id}?token=${first.accessToken}` });
    expect(guestLink.statusCode).toBe(200);
    expect(guestLink.json<Order>().user_id).not.toBeNull();
  });
});

/* issue #25: the guest's order page is a status page; its timeline dates each step the shop recorded. */
describe("a guest's order carries the dates of its steps", () => {
  const guestView = async (order: { id: number; accessToken?: string | undefined }) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}?token=${order.accessToken}` })).json<Order>();

  it('shipped and delivered as the back office set them, none before', async () => {
    const admin = (await signedInUser(ctx, { isAdmin: true })).cookie;
    const box = await insertProduct(ctx, { priceCents: 900, stock: 10 });
    const order = await placeOrder(ctx, [{ product_id: box.id, quantity: 1 }], { details: { email: uniqueEmail('convidada') } });
    expect((await guestView(order)).status_dates).toEqual({ shipped: null, delivered: null, cancelled: null });

    const step = (status: string) => ctx.app.inject({ method: 'PATCH', url: `/api/order/${order.id}/status`, headers: { cookie: admin }, payload: { status } });
    expect((await ctx.app.inject({ method: 'POST', url: `/api/order/${order.id}/mark-paid`, headers: { cookie: admin }, payload: { method: 'transfer' } })).statusCode).toBe(200);
    const before = Date.now();
    expect((await step('shipped')).statusCode).toBe(200);
    const shipped = await guestView(order);
    expect(shipped.status).toBe('shipped');
    expect(shipped.paid_at).not.toBeNull();
    expect(new Date(shipped.status_dates?.shipped ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(shipped.status_dates?.delivered).toBeNull();

    expect((await step('delivered')).statusCode).toBe(200);
    const delivered = await guestView(order);
    expect(delivered.status_dates?.delivered).not.toBeNull();
    expect(delivered.status_dates?.shipped).toBe(shipped.status_dates?.shipped);
  });

  it('an unpaid order the guest cancelled is dated by its cancellation', async () => {
    const box = await insertProduct(ctx, { priceCents: 900, stock: 10 });
    const order = await placeOrder(ctx, [{ product_id: box.id, quantity: 1 }], { details: { email: uniqueEmail('convidada') } });
    const before = Date.now();
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/order/${order.id}/cancel?token=${order.accessToken}` })).statusCode).toBe(200);
    const cancelled = await guestView(order);
    expect(cancelled.status).toBe('cancelled');
    expect(new Date(cancelled.status_dates?.cancelled ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('a paid order the guest cancelled is dated by its cancellation, and owes her the money', async () => {
    const admin = (await signedInUser(ctx, { isAdmin: true })).cookie;
    const box = await insertProduct(ctx, { priceCents: 900, stock: 10 });
    const order = await placeOrder(ctx, [{ product_id: box.id, quantity: 1 }], { details: { email: uniqueEmail('convidada') } });
    expect((await ctx.app.inject({ method: 'POST', url: `/api/order/${order.id}/mark-paid`, headers: { cookie: admin }, payload: { method: 'transfer' } })).statusCode).toBe(200);
    const before = Date.now();
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/order/${order.id}/cancel?token=${order.accessToken}` })).statusCode).toBe(200);
    const cancelled = await guestView(order);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.refund_due).not.toBeNull();
    expect(new Date(cancelled.status_dates?.cancelled ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});

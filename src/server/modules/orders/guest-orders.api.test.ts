import { describe, expect, it } from 'vitest';
import type { Order } from '#shared/schemas/orders.ts';
import { deliverMail, login, uniqueEmail, useTestApp } from '../../../../tests/helpers/app.ts';
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

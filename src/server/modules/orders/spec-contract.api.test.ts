import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Order, orderMessages } from '#shared/schemas/orders.ts';
import { deliverMail, signedInUser, uniqueEmail, useTestApp } from '../../../../tests/helpers/app.ts';
import { linkIn } from '../../../../tests/helpers/mailbox.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';
import { orders } from './tables.ts';

/* issue #12: the calls work with exactly the payloads the spec's call tables list (storefront.md §7,
   backoffice.md §7), so a client written from them can check out, pay, and run the orders. */

const ctx = useTestApp();

const orderRow = async (id: number) => (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** POST /order with the storefront table's fields and nothing else. */
async function specCheckout(items: { product_id: number; quantity: number }[], email: string, cookie?: string) {
  const totals = (await ctx.app.inject({ method: 'POST', url: '/api/order/calculate-totals', payload: { items } })).json();
  return ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: cookie ? { cookie } : {},
    payload: {
      items,
      email,
      shipping_cost: totals.shippingCost,
      shipping_address: 'Maria Silva, Rua das Flores 10, Lisboa, 1100-200, Portugal',
      payment_method: 'multibanco',
      phone: '912345678',
      total_price_without_tax: totals.totalPriceWithoutTax,
      total_tax: totals.totalTax,
      total_price_with_tax: totals.totalWithTax,
    },
  });
}

describe("the storefront's call table", () => {
  it('a guest checks out with the spec body and pays by Multibanco with {order_id, phone_number}', async () => {
    const p = await insertProduct(ctx, { priceCents: 2000 });
    const email = uniqueEmail('convidado');
    const res = await specCheckout([{ product_id: p.id, quantity: 2 }], email);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Order>();
    expect(order).toMatchObject({ user_id: null, email, shipping_address: 'Maria Silva, Rua das Flores 10, Lisboa, 1100-200, Portugal', shipping_cost: 6, total_price_with_tax: 46 });
    expect(order.accessToken).toBeTruthy();

    const pay = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment/multibanco',
      // A guest proves the order is theirs with the token its checkout answered (the only field beyond the table's).
      payload: { order_id: order.id, phone_number: '912345678', token: order.accessToken },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json()).toMatchObject({ amount: 46 });
    expect(pay.json().entity).toBeTruthy();
    expect(pay.json().reference).toBeTruthy();
  });

  it('a signed-in customer checks out with the same body', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const p = await insertProduct(ctx, { priceCents: 8000 });
    const res = await specCheckout([{ product_id: p.id, quantity: 1 }], user.email, cookie);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Order>()).toMatchObject({ user_id: user.id, shipping_cost: 0, total_price_with_tax: 80 });
    const mbway = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment/mbway',
      headers: { cookie },
      payload: { order_id: res.json<Order>().id, amount: 80, phone_number: '912345678', email: user.email },
    });
    expect(mbway.statusCode, mbway.body).toBe(200);
  });

  it("the shop's own checkout still sends the address in parts, and a missing part says which", async () => {
    const p = await insertProduct(ctx);
    const placed = await placeOrder(ctx, [{ product_id: p.id, quantity: 1 }]);
    expect(placed.shipping_address).toBe('Maria Silva, Rua das Flores 10, Lisboa, 1100-200, Portugal');
    const body = { items: [{ product_id: p.id, quantity: 1 }], email: 'a@example.pt', phone: '912345678', payment_method: 'multibanco', shipping_cost: 6, total_price_without_tax: 1, total_tax: 1, total_price_with_tax: 1 };
    const noName = await ctx.app.inject({ method: 'POST', url: '/api/order', payload: body });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields).toMatchObject({ name: orderMessages.name });
    const noAddress = await ctx.app.inject({ method: 'POST', url: '/api/order', payload: { ...body, name: 'Ana' } });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().fields).toEqual({ address: orderMessages.address, city: orderMessages.city, postal_code: orderMessages.postalCode });
  });

  it('a basket of digital products only needs no postal address (issue #12)', async () => {
    const pdf = await insertProduct(ctx, { name: 'Guia (PDF)', isDigital: true, stock: 100, link: 'https://exemplo.pt/guia.pdf', priceCents: 900 });
    const items = [{ product_id: pdf.id, quantity: 1 }];
    const totals = (await ctx.app.inject({ method: 'POST', url: '/api/order/calculate-totals', payload: { items } })).json();
    expect(totals.shippingCost).toBe(0);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: { items, name: 'Ana Lopes', email: 'ana@example.pt', phone: '912345678', payment_method: 'multibanco', shipping_cost: 0, total_price_without_tax: totals.totalPriceWithoutTax, total_tax: totals.totalTax, total_price_with_tax: totals.totalWithTax },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Order>()).toMatchObject({ shipping_address: 'Ana Lopes', shipping_cost: 0, total_price_with_tax: 9 });
  });
});

describe("the back office's call table", () => {
  async function adminCookie() {
    return (await signedInUser(ctx, { isAdmin: true })).cookie;
  }

  it('creates an order with the form fields, items and totals with shipping_cost 0; another cost is kept too', async () => {
    const { user } = await signedInUser(ctx);
    const admin = await adminCookie();
    const p = await insertProduct(ctx, { priceCents: 1000 });
    const body = (shipping: number) => ({
      user_id: user.id,
      payment_method: 'multibanco',
      shipping_address: 'Rua A 1, 1000-001 Lisboa',
      phone: '912345678',
      status: 'pending',
      items: [{ product_id: p.id, quantity: 2 }],
      shipping_cost: shipping,
      total_price_without_tax: 0,
      total_tax: 0,
      total_price_with_tax: 0,
    });
    const free = await ctx.app.inject({ method: 'POST', url: '/api/order/createOrder', headers: { cookie: admin }, payload: body(0) });
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json<Order>()).toMatchObject({ shipping_cost: 0, total_price_with_tax: 20 });
    const paidShipping = await ctx.app.inject({ method: 'POST', url: '/api/order/createOrder', headers: { cookie: admin }, payload: body(4.5) });
    expect(paidShipping.json<Order>()).toMatchObject({ shipping_cost: 4.5, total_price_with_tax: 24.5, total_tax: 4.58 });

    const noCustomer = await ctx.app.inject({ method: 'POST', url: '/api/order/createOrder', headers: { cookie: admin }, payload: { ...body(0), user_id: undefined } });
    expect(noCustomer.statusCode).toBe(400);
    expect(noCustomer.json().fields.user_id).toBe(orderMessages.customer);
  });

  it("edits a guest's order as it is: status, address, phone and items, still a guest's, then ships it", async () => {
    const admin = await adminCookie();
    const p = await insertProduct(ctx, { priceCents: 1500, stock: 10 });
    const email = uniqueEmail('convidado');
    const guest = (await specCheckout([{ product_id: p.id, quantity: 1 }], email)).json<Order>();

    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/order/${guest.id}`,
      headers: { cookie: admin },
      payload: {
        payment_method: 'multibanco',
        shipping_address: 'Maria Silva, Rua Nova 2, Porto, 4000-001, Portugal',
        phone: '934567890',
        status: 'processing',
        items: [{ product_id: p.id, quantity: 3 }],
        shipping_cost: 0,
        total_price_without_tax: 0,
        total_tax: 0,
        total_price_with_tax: 0,
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json<Order>()).toMatchObject({ user_id: null, email, status: 'processing', phone: '934567890', shipping_address: 'Maria Silva, Rua Nova 2, Porto, 4000-001, Portugal' });
    expect(edit.json<Order>().orderItems[0]?.quantity).toBe(3);

    const ship = await ctx.app.inject({
      method: 'PUT',
      url: `/api/order/${guest.id}`,
      headers: { cookie: admin },
      payload: { user_id: null, payment_method: 'multibanco', shipping_address: 'Maria Silva, Rua Nova 2, Porto, 4000-001, Portugal', phone: '934567890', status: 'shipped', items: [{ product_id: p.id, quantity: 3 }] },
    });
    expect(ship.statusCode, ship.body).toBe(200);
    const row = await orderRow(guest.id);
    expect(row).toMatchObject({ userId: null, email, status: 'shipped' });
    await deliverMail(ctx);
    const shipped = ctx.mailbox.to(email).find((m) => m.subject === `Encomenda n.º ${guest.id}: Enviada`);
    // The guest's mail opens their own order, with its token, never the home page.
    const link = new URL(linkIn(shipped, '/order-success'));
    expect(link.pathname).toBe('/order-success');
    expect(link.searchParams.get('id')).toBe(String(guest.id));
    const opened = await ctx.app.inject({ method: 'GET', url: `/api/order/${guest.id}?token=${link.searchParams.get('token')}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.json<Order>().status).toBe('shipped');
  });

  it("a guest's payment-received and cancellation mails link to their order too", async () => {
    const admin = await adminCookie();
    const p = await insertProduct(ctx, { priceCents: 1500, stock: 10 });
    const email = uniqueEmail('convidado');
    const guest = (await specCheckout([{ product_id: p.id, quantity: 1 }], email)).json<Order>();
    expect((await ctx.app.inject({ method: 'POST', url: `/api/order/${guest.id}/mark-paid`, headers: { cookie: admin }, payload: { method: 'transfer' } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/order/${guest.id}/cancel?token=${guest.accessToken}` })).statusCode).toBe(200);
    await deliverMail(ctx);
    const mails = ctx.mailbox.to(email);
    for (const subject of [`Pagamento recebido: encomenda n.º ${guest.id}`, `Encomenda n.º ${guest.id}: Cancelada`]) {
      const mail = mails.find((m) => m.subject === subject);
      expect(linkIn(mail, '/order-success'), subject).toBe(`http://loja.test/order-success?id=${guest.id}&token=${guest.accessToken}`);
    }
  });
});

describe("the orders list's one step (issue #12)", () => {
  it("moves an order to its next status only, mails the customer when it ships, and records no payment", async () => {
    const admin = (await signedInUser(ctx, { isAdmin: true })).cookie;
    const p = await insertProduct(ctx);
    const email = uniqueEmail('convidado');
    const guest = (await specCheckout([{ product_id: p.id, quantity: 1 }], email)).json<Order>();
    const step = (status: string, cookie = admin) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/order/${guest.id}/status`, headers: { cookie }, payload: { status } });

    const skip = await step('shipped');
    expect(skip.statusCode).toBe(409);
    expect(skip.json().error).toBe(orderMessages.notNextStatus);
    expect((await step('processing')).json<Order>()).toMatchObject({ status: 'processing', paid_at: null });
    expect((await step('shipped')).json<Order>().status).toBe('shipped');
    expect((await step('processing')).statusCode).toBe(409);
    expect((await step('cancelled')).statusCode).toBe(409);
    const customer = (await signedInUser(ctx)).cookie;
    expect((await step('delivered', customer)).statusCode).toBe(403);
    await deliverMail(ctx);
    const subjects = ctx.mailbox.to(email).map((m) => m.subject);
    expect(subjects).toContain(`Encomenda n.º ${guest.id}: Enviada`);
    expect(subjects).not.toContain(`Pagamento recebido: encomenda n.º ${guest.id}`);
    expect((await orderRow(guest.id)).paidAt).toBeNull();
  });
});

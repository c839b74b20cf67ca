import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderMessages, type Order } from '#shared/schemas/orders.ts';
import { catalogMessages } from '#shared/schemas/catalog.ts';
import { deliverMail, signedInUser, uniqueEmail, useTestApp } from '../../../../tests/helpers/app.ts';
import { insertProduct } from '../../../../tests/helpers/shop.ts';
import { products, productVariants } from '../catalog/tables.ts';
import { orderItems, orders } from './tables.ts';

const ctx = useTestApp();

/** The products of these tests cost 10,00 € unless told otherwise (or sell through their variants). */
const product = (values: Parameters<typeof insertProduct>[1] = {}) => insertProduct(ctx, values.variants ? values : { priceCents: 1000, ...values });

const stockOf = async (id: number) => (await ctx.database.db.select().from(products).where(eq(products.id, id)))[0]?.stock;
const variantStock = async (id: number) => (await ctx.database.db.select().from(productVariants).where(eq(productVariants.id, id)))[0]?.stock;

const shipping = {
  name: 'Maria Silva',
  email: 'maria@example.pt',
  phone: '+351 912 345 678',
  address: 'Rua das Flores 10',
  city: 'Lisboa',
  postal_code: '1100-200',
  country: 'Portugal',
  payment_method: 'multibanco',
};

async function totalsFor(items: object[]) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/order/calculate-totals', payload: { items } });
  expect(res.statusCode, res.body).toBe(200);
  const t = res.json();
  return { shipping_cost: t.shippingCost, total_price_without_tax: t.totalPriceWithoutTax, total_tax: t.totalTax, total_price_with_tax: t.totalWithTax };
}

async function checkout(items: object[], options: { cookie?: string; key?: string; overrides?: object } = {}) {
  const totals = await totalsFor(items);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...(options.key ? { 'idempotency-key': options.key } : {}) },
    payload: { items, ...shipping, ...totals, ...options.overrides },
  });
}

describe('totals', () => {
  it('are computed from the database prices, with shipping and the VAT contained', async () => {
    const a = await product({ priceCents: 2500 });
    const b = await product({ variants: [{ name: 'A5', priceCents: 1230, stock: 3 }, { name: 'A4', priceCents: 1500, stock: 3 }] });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/calculate-totals',
      payload: { items: [{ product_id: a.id, quantity: 2 }, { product_id: b.id, variant_id: b.variantRows[0]!.id, quantity: 1 }] },
    });
    expect(res.statusCode).toBe(200);
    // 50,00 + 12,30 = 62,30 (< 70: 6,00 shipping) = 68,30; VAT inside 12,77.
    // Each line as the shop has it now (price and stock), so the cart can correct itself.
    expect(res.json()).toEqual({
      subtotalWithTax: 62.3,
      shippingCost: 6,
      totalWithTax: 68.3,
      totalTax: 12.77,
      totalPriceWithoutTax: 55.53,
      taxRate: 0.23,
      // One rate (the mainland's normal): one VAT line (decision 0053).
      vat_lines: [{ rate: 23, tax: 12.77, label: 'IVA (23%) incluído' }],
      vat_exempt: false,
      vat_note: null,
      lines: [
        { product_id: a.id, variant_id: null, price: 25, stock: 10 },
        { product_id: b.id, variant_id: b.variantRows[0]!.id, price: 12.3, stock: 3 },
      ],
    });
  });

  it('refuses unknown products, a missing variant and impossible quantities', async () => {
    const withVariants = await product({ variants: [{ name: 'A5', priceCents: 100, stock: 1 }] });
    const simple = await product();
    const cases: [object, number][] = [
      [{ product_id: 999999, quantity: 1 }, 400],
      [{ product_id: withVariants.id, quantity: 1 }, 400],
      [{ product_id: simple.id, quantity: 0 }, 400],
      [{ product_id: simple.id, quantity: -2 }, 400],
      [{ product_id: simple.id, quantity: 1.5 }, 400],
      [{ product_id: simple.id, quantity: 100_000 }, 400],
    ];
    for (const [item, status] of cases) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/order/calculate-totals', payload: { items: [item] } });
      expect(res.statusCode, JSON.stringify(item)).toBe(status);
    }
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/order/calculate-totals', payload: { items: [] } });
    expect(empty.json().error).toBe(orderMessages.itemsRequired);
  });
});

describe('checkout', () => {
  it('creates the order at the server prices, takes the stock and mails the customer', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const p = await product({ priceCents: 1990, stock: 5 });
    const res = await checkout([{ product_id: p.id, quantity: 2 }], { cookie, overrides: { email: user.email } });
    expect(res.statusCode, res.body).toBe(201);
    const placed: Order = res.json();
    expect(placed).toMatchObject({ user_id: user.id, status: 'pending', payment_method: 'multibanco', total_price_with_tax: 45.8, shipping_cost: 6 });
    expect(placed.accessToken).toBeUndefined();
    expect(placed.shipping_address).toBe('Maria Silva, Rua das Flores 10, Lisboa, 1100-200, Portugal');
    expect(placed.orderItems).toMatchObject([{ product_id: p.id, quantity: 2, price: 19.9 }]);
    expect(await stockOf(p.id)).toBe(3);
    await deliverMail(ctx);
    expect(ctx.mailbox.to(user.email).at(-1)?.subject).toBe(`Recebemos a sua encomenda n.º ${placed.id}`);
  });

  it('refuses tampered totals with the fresh ones, changing nothing', async () => {
    const p = await product({ priceCents: 1000, stock: 5 });
    const before = (await ctx.database.db.select().from(orders)).length;
    const res = await checkout([{ product_id: p.id, quantity: 1 }], { overrides: { total_price_with_tax: 1, total_tax: 0.19, total_price_without_tax: 0.81 } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'TOTALS_CHANGED', error: orderMessages.totalsChanged, totals: { totalWithTax: 16 } });
    expect(await stockOf(p.id)).toBe(5);
    expect(await ctx.database.db.select().from(orders)).toHaveLength(before);
  });

  it('refuses more than the stock with a 409 naming the product, taking nothing', async () => {
    const a = await product({ name: 'Caixa A', stock: 5 });
    const b = await product({ name: 'Etiquetas B', stock: 1 });
    const res = await checkout([
      { product_id: a.id, quantity: 2 },
      { product_id: b.id, quantity: 2 },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Não há stock suficiente de Etiquetas B: restam 1.');
    expect(await stockOf(a.id)).toBe(5);
    expect(await stockOf(b.id)).toBe(1);
  });

  it('validates the shipping form with the spec messages', async () => {
    const p = await product();
    const res = await checkout([{ product_id: p.id, quantity: 1 }], { overrides: { name: '', phone: '12345', postal_code: '1100200', email: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      name: orderMessages.name,
      phone: orderMessages.phoneInvalid,
      postal_code: orderMessages.postalCodeInvalid,
      email: orderMessages.email,
    });
    const method = await checkout([{ product_id: p.id, quantity: 1 }], { overrides: { payment_method: 'paypal' } });
    expect(method.statusCode).toBe(400);
  });

  it('makes one order for a repeated Idempotency-Key and refuses the key with another body', async () => {
    const p = await product({ stock: 5 });
    const key = `chk-${crypto.randomUUID()}`;
    const first = await checkout([{ product_id: p.id, quantity: 1 }], { key });
    const again = await checkout([{ product_id: p.id, quantity: 1 }], { key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(await stockOf(p.id)).toBe(4);
    const other = await checkout([{ product_id: p.id, quantity: 2 }], { key });
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toBe(orderMessages.idempotencyMismatch);
    expect(await ctx.database.db.select().from(orders).where(eq(orders.idempotencyKey, key))).toHaveLength(1);
  });

  it("lets a guest reach the order only with its token, and hides it from everyone else", async () => {
    const p = await product({ stock: 5 });
    const res = await checkout([{ product_id: p.id, quantity: 1 }], { overrides: { email: uniqueEmail('convidado') } });
    const placed: Order = res.json();
    expect(placed.user_id).toBeNull();
    expect(placed.accessToken).toMatch(/^[\w-]{40,}$/);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/order/${placed.id}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/order/${placed.id}?token=errado` })).statusCode).toBe(404);
    const { cookie } = await signedInUser(ctx);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/order/${placed.id}`, headers: { cookie } })).statusCode).toBe(404);
    const own = await ctx.app.inject({ method: 'GET', url: `/api/order/${placed.id}?token=${placed.accessToken}` });
    expect(own.statusCode).toBe(200);
    expect(own.json().accessToken).toBeUndefined();
  });
});

describe('the shop after a sale', () => {
  it('shows a product sold out at once, and back in stock after a cancellation', async () => {
    const p = await product({ name: 'Última unidade', stock: 1 });
    const stockShown = async () => (await ctx.app.inject({ method: 'GET', url: `/api/product/${p.id}` })).json().stock;
    expect(await stockShown()).toBe(1);
    const placed: Order = (await checkout([{ product_id: p.id, quantity: 1 }])).json();
    expect(await stockShown()).toBe(0);
    const cancel = await ctx.app.inject({ method: 'PUT', url: `/api/order/${placed.id}/cancel?token=${placed.accessToken}` });
    expect(cancel.statusCode).toBe(200);
    expect(await stockShown()).toBe(1);
  });
});

describe('my orders and cancelling', () => {
  it("pages the customer's own orders, newest first, and hides others' orders", async () => {
    const { user, cookie } = await signedInUser(ctx);
    const p = await product({ stock: 50 });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await checkout([{ product_id: p.id, quantity: 1 }], { cookie, overrides: { email: user.email } })).json().id);
    const page1 = await ctx.app.inject({ method: 'GET', url: '/api/order/myorders?pageSize=2', headers: { cookie } });
    expect(page1.json().orders.map((o: Order) => o.id)).toEqual([ids[2], ids[1]]);
    expect(page1.json().pagination).toEqual({ page: 1, pageSize: 2, total: 3, totalPages: 2 });
    const page2 = await ctx.app.inject({ method: 'GET', url: '/api/order/myorders?pageSize=2&page=2', headers: { cookie } });
    expect(page2.json().orders.map((o: Order) => o.id)).toEqual([ids[0]]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/order/myorders' })).statusCode).toBe(401);
    const stranger = await signedInUser(ctx);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/order/${ids[0]}`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/order/${ids[0]}/cancel`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
  });

  it('cancels a pending order once, giving the stock back exactly once even when asked twice at once', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const p = await product({ variants: [{ name: 'Azul', priceCents: 800, stock: 4 }] });
    const variantId = p.variantRows[0]!.id;
    const placed: Order = (await checkout([{ product_id: p.id, variant_id: variantId, quantity: 3 }], { cookie, overrides: { email: user.email } })).json();
    expect(await variantStock(variantId)).toBe(1);
    const [a, b] = await Promise.all([
      ctx.app.inject({ method: 'PUT', url: `/api/order/${placed.id}/cancel`, headers: { cookie } }),
      ctx.app.inject({ method: 'PUT', url: `/api/order/${placed.id}/cancel`, headers: { cookie } }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await variantStock(variantId)).toBe(4);
    const reloaded = await ctx.app.inject({ method: 'GET', url: `/api/order/${placed.id}`, headers: { cookie } });
    expect(reloaded.json().status).toBe('cancelled');
  });
});

describe('admin orders', () => {
  it('are for admins only', async () => {
    const { cookie } = await signedInUser(ctx);
    for (const [method, url] of [
      ['GET', '/api/order'],
      ['POST', '/api/order/createOrder'],
      ['PUT', '/api/order/1'],
      ['DELETE', '/api/order/1'],
    ] as const) {
      // Refused before the body is read: never a 400 that describes the admin body.
      const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
      expect((await ctx.app.inject({ method, url, payload })).statusCode, `${method} ${url}`).toBe(401);
      expect((await ctx.app.inject({ method, url, headers: { cookie }, payload })).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('create an order for a customer and move stock with the status', async () => {
    const { cookie } = await signedInUser(ctx, { isAdmin: true });
    const customer = await signedInUser(ctx);
    const p = await product({ priceCents: 4000, stock: 6 });
    const body = {
      user_id: customer.user.id,
      payment_method: 'paypal',
      shipping_address: 'Ana, Rua A 1, Porto, 4000-100, Portugal',
      phone: '221234567',
      status: 'processing',
      items: [
        { product_id: p.id, quantity: 1 },
        { product_id: p.id, quantity: 1 },
      ],
    };
    const created = await ctx.app.inject({ method: 'POST', url: '/api/order/createOrder', headers: { cookie }, payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const o: Order = created.json();
    expect(o).toMatchObject({ user_id: customer.user.id, email: customer.user.email, total_price_with_tax: 80, shipping_cost: 0 });
    expect(o.orderItems).toMatchObject([{ quantity: 2 }]);
    expect(await stockOf(p.id)).toBe(4);

    const noItems = await ctx.app.inject({ method: 'POST', url: '/api/order/createOrder', headers: { cookie }, payload: { ...body, items: [] } });
    expect(noItems.json().error).toBe(orderMessages.itemsRequired);

    const put = (status: string) =>
      ctx.app.inject({ method: 'PUT', url: `/api/order/${o.id}`, headers: { cookie }, payload: { ...body, items: [{ product_id: p.id, quantity: 2 }], status } });
    expect((await put('shipped')).statusCode).toBe(200);
    expect(await stockOf(p.id)).toBe(4);
    await deliverMail(ctx);
    expect(ctx.mailbox.to(customer.user.email).at(-1)?.subject).toBe(`Encomenda n.º ${o.id}: Enviada`);
    expect((await put('cancelled')).statusCode).toBe(200);
    expect(await stockOf(p.id)).toBe(6);
    expect((await put('cancelled')).statusCode).toBe(200);
    expect(await stockOf(p.id)).toBe(6);
    expect((await put('pending')).statusCode).toBe(200);
    expect(await stockOf(p.id)).toBe(4);

    const customerCancel = await ctx.app.inject({ method: 'PUT', url: `/api/order/${o.id}/cancel`, headers: { cookie: customer.cookie } });
    expect(customerCancel.statusCode).toBe(200);
    expect(await stockOf(p.id)).toBe(6);
    await put('shipped');
    const late = await ctx.app.inject({ method: 'PUT', url: `/api/order/${o.id}/cancel`, headers: { cookie: customer.cookie } });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(orderMessages.notCancellable);

    const list = await ctx.app.inject({ method: 'GET', url: '/api/order?status=shipped', headers: { cookie } });
    expect(list.json().orders.map((x: Order) => x.id)).toContain(o.id);
    expect(list.json().orders.every((x: Order) => x.status === 'shipped')).toBe(true);

    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/order/${o.id}`, headers: { cookie } });
    expect(del.statusCode).toBe(200);
    expect(await stockOf(p.id)).toBe(6);
    expect(await ctx.database.db.select().from(orderItems).where(eq(orderItems.orderId, o.id))).toHaveLength(0);
  });

  it('archives instead of deleting a product that appears in orders', async () => {
    const { cookie } = await signedInUser(ctx, { isAdmin: true });
    const p = await product({ name: 'Cesto vendido', stock: 3 });
    const placed: Order = (await checkout([{ product_id: p.id, quantity: 1 }])).json();
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/product/${p.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(catalogMessages.productArchived);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/product/${p.id}` })).statusCode).toBe(404);
    const kept = await ctx.app.inject({ method: 'GET', url: `/api/order/${placed.id}?token=${placed.accessToken}` });
    expect(kept.json().orderItems[0].product.name).toBe('Cesto vendido');
  });
});

describe('list sizes and messages (issue #12)', () => {
  it('clamps a page size above the maximum instead of refusing it, and answers wrong types in Portuguese', async () => {
    const { cookie } = await signedInUser(ctx);
    const big = await ctx.app.inject({ method: 'GET', url: '/api/order/myorders?pageSize=100', headers: { cookie } });
    expect(big.statusCode, big.body).toBe(200);
    expect(big.json().pagination.pageSize).toBe(50);
    const small = await ctx.app.inject({ method: 'GET', url: '/api/order/myorders?pageSize=0', headers: { cookie } });
    expect(small.json().pagination.pageSize).toBe(1);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/product?pageSize=1000' });
    expect(list.statusCode).toBe(200);

    const wrong = await ctx.app.inject({ method: 'GET', url: '/api/order/myorders?pageSize=muitos', headers: { cookie } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).not.toMatch(/expected|invalid|number|received/i);
    expect(JSON.stringify(wrong.json())).toContain('Valor inválido.');
  });
});

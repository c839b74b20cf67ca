import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '#shared/schemas/catalog.ts';
import { orderMessages } from '#shared/schemas/orders.ts';
import { createUser, uniqueEmail } from '../../../tests/helpers/app.ts';
import { multipart } from '../../../tests/helpers/images.ts';
import { checkoutAnswer, insertProduct } from '../../../tests/helpers/shop.ts';
import { hasPostgres, hasRedis, REDIS_URL } from '../../../tests/helpers/services.ts';
import { useTwoApps } from '../../../tests/helpers/two-apps.ts';
import type { App } from '../app.ts';
import { queueMail } from './mail.ts';

/**
 * How the shop grows past one machine: several app processes on one PostgreSQL and one Redis, sharing
 * everything that matters. Two apps with their own pools, caches, rate-limit stores and job runners.
 */
/** A client address of its own per login: the limits of earlier runs (kept in Redis for 15 minutes) do not apply. */
const randomAddress = () => `10.${[...randomBytes(3)].join('.')}`;

/** Milliseconds until `seen` holds (asked every 2 ms, for at most 2 s): how long a change took to reach the other process. */
async function propagation(seen: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await seen())) {
    if (performance.now() - started > 2_000) return Number.POSITIVE_INFINITY;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return performance.now() - started;
}

const what = 'two-processes.api.test.ts (two app processes on one database and one Redis)';
describe.runIf(hasPostgres(what) && (await hasRedis(what)))('two app processes on one PostgreSQL and one Redis', () => {
  const two = useTwoApps({ REDIS_URL, AUTH_RATE_LIMIT: '4', CHECKOUT_EMAIL_RATE_LIMIT: '3', CHECKOUT_RATE_LIMIT: '4', JOB_POLL_MS: '50' });
  /** The first app as the test helpers know it (users are made in the shared database). */
  const ctx = two.ctx;
  let a: App;
  let b: App;
  beforeAll(() => {
    ({ a, b } = two);
  });

  const login = (app: App, email: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  it('shows a product changed through one at once through the other', async () => {
    const admin = await createUser(ctx, { isAdmin: true });
    const cookie = String((await login(a, admin.email, admin.password, randomAddress())).headers['set-cookie']).split(';')[0] as string;
    const form = { name: 'Caixa', description: 'Caixa em cartão.', order: '1', price: '12,50', stock: '7', isDigital: 'false', hasVariants: 'false' };
    const created = await a.inject({ method: 'POST', url: '/api/product', headers: { cookie }, payload: multipart(form) });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<Product>();

    // B has the product's answer in its cache before the change...
    expect((await b.inject({ method: 'GET', url: `/api/product/${id}` })).json<Product>().price).toBe(12.5);
    const updated = await a.inject({ method: 'PUT', url: `/api/product/${id}`, headers: { cookie }, payload: multipart({ ...form, price: '9,90' }) });
    expect(updated.statusCode, updated.body).toBe(200);
    // ...and answers the new price as soon as PostgreSQL's notification of the commit reaches it.
    expect(await propagation(async () => (await b.inject({ method: 'GET', url: `/api/product/${id}` })).json<Product>().price === 9.9)).toBeLessThan(500);
  });

  it('shows the stock left after a sale through one at once on the other, and again after a cancellation (issue #12)', async () => {
    const admin = await createUser(ctx, { isAdmin: true });
    const cookie = String((await login(a, admin.email, admin.password, randomAddress())).headers['set-cookie']).split(';')[0] as string;
    const form = { name: 'Cesto', description: 'Cesto de vime.', order: '1', price: '20', stock: '5', isDigital: 'false', hasVariants: 'false' };
    const { id } = (await a.inject({ method: 'POST', url: '/api/product', headers: { cookie }, payload: multipart(form) })).json<Product>();
    const stockOnB = async () => (await b.inject({ method: 'GET', url: `/api/product/${id}` })).json<Product>().stock;
    expect(await stockOnB()).toBe(5);

    const items = [{ product_id: id, quantity: 2 }];
    const totals = (await a.inject({ method: 'POST', url: '/api/order/calculate-totals', payload: { items } })).json();
    const order = await a.inject({
      method: 'POST',
      url: '/api/order',
      // An e-mail and client address of this run's: the checkout counters in Redis outlive it.
      remoteAddress: randomAddress(),
      payload: {
        items,
        email: uniqueEmail('maria'),
        shipping_address: 'Maria Silva, Rua A 1, Lisboa, 1100-200, Portugal',
        phone: '912345678',
        payment_method: 'multibanco',
        shipping_cost: totals.shippingCost,
        total_price_without_tax: totals.totalPriceWithoutTax,
        total_tax: totals.totalTax,
        total_price_with_tax: totals.totalWithTax,
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    // Two of five sold (not sold out, so the catalogue version did not move): B hears of it and says 3.
    expect(await propagation(async () => (await stockOnB()) === 3)).toBeLessThan(500);
    const { id: orderId, accessToken } = order.json<{ id: number; accessToken: string }>();
    expect((await a.inject({ method: 'PUT', url: `/api/order/${orderId}/cancel?token=${accessToken}` })).statusCode).toBe(200);
    expect(await propagation(async () => (await stockOnB()) === 5)).toBeLessThan(500);
  });

  it('keeps a session made on one valid on the other, and its logout too', async () => {
    const user = await createUser(ctx);
    const res = await login(a, user.email, user.password, randomAddress());
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']).split(';')[0] as string;
    expect((await b.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie } })).json()).toMatchObject({ email: user.email });
    expect((await b.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode).toBe(200);
    expect((await a.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie } })).statusCode).toBe(401);
  });

  it('counts login attempts from one address across both (the limit is 4 per window)', async () => {
    const address = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const statuses = [];
    for (const app of [a, b, a, b, a]) statuses.push((await login(app, 'ninguem@example.pt', 'errada123', address)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });

  it('counts checkouts per e-mail address and per client address across both (3 and 4 per hour here)', async () => {
    const items = [{ product_id: (await insertProduct(ctx, { stock: 100 })).id, quantity: 1 }];
    const victim = `vitima.${randomBytes(4).toString('hex')}@example.pt`;
    const perEmail = [];
    for (const app of [a, b, a, b]) perEmail.push((await checkoutAnswer(app, items, { email: victim, remoteAddress: randomAddress() })).statusCode);
    expect(perEmail).toEqual([201, 201, 201, 429]);

    const client = randomAddress();
    const perAddress = [];
    for (const app of [a, b, a, b, a]) perAddress.push(await checkoutAnswer(app, items, { email: uniqueEmail('cliente'), remoteAddress: client }));
    expect(perAddress.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 429]);
    expect(perAddress[4]?.json()).toMatchObject({ code: 'TOO_MANY_ORDERS', error: orderMessages.tooManyOrders });
  });

  it('sends N queued e-mails exactly N times between them', async () => {
    ctx.mailbox.clear();
    const run = randomBytes(4).toString('hex');
    await ctx.database.db.transaction(async (tx) => {
      for (let i = 0; i < 30; i++) await queueMail(tx, { to: `cliente${i}@example.pt`, subject: `${run} #${i}`, html: '<p>Olá</p>', text: 'Olá' });
    });
    a.jobs.start();
    b.jobs.start();
    const started = Date.now();
    while (ctx.mailbox.received.filter((m) => m.subject?.startsWith(run)).length < 30 && Date.now() - started < 20_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // A little longer: a second copy would arrive now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const subjects = ctx.mailbox.received.filter((m) => m.subject?.startsWith(run)).map((m) => m.subject);
    expect(subjects).toHaveLength(30);
    expect(new Set(subjects).size).toBe(30);
  });
});

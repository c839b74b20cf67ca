import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { useTestApp } from '../../../tests/helpers/app.ts';
import { hasPostgres } from '../../../tests/helpers/services.ts';
import { insertProduct, shippingDetails } from '../../../tests/helpers/shop.ts';
import { isDatabaseDown } from './errors.ts';

describe('isDatabaseDown', () => {
  it('knows a dropped connection, a refused one and an administrator shutdown, however wrapped', () => {
    expect(isDatabaseDown(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseDown(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseDown(new Error('Failed query', { cause: Object.assign(new Error('terminating'), { code: '57P01' }) }))).toBe(true);
    expect(isDatabaseDown(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseDown(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});

// Only a server has connections to terminate; PGlite lives in the process.
describe.runIf(hasPostgres('database-down.api.test.ts (PostgreSQL dropping every connection under load)'))('when PostgreSQL drops every connection under load', () => {
  const ctx = useTestApp();

  async function terminateBackends() {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const name = (await ctx.database.db.execute(sql`SELECT current_database() AS name`)) as unknown as { rows: { name: string }[] };
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
      name.rows[0]?.name,
    ]);
    await admin.end();
  }

  const checkout = (productId: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        items: [{ product_id: productId, quantity: 1 }],
        ...shippingDetails,
        payment_method: 'multibanco',
        shipping_cost: 6,
        total_price_without_tax: 21.14,
        total_tax: 4.86,
        total_price_with_tax: 26,
      },
    });

  it('answers 503 in pt-PT to the requests it loses, keeps every order whole, and serves again at once, cut after cut', async () => {
    const product = await insertProduct(ctx, { stock: 1000 });
    // Cut after cut: a connection lost at the wrong moment must not stay out of the pool (it used to, until none was left).
    for (let round = 0; round < 8; round++) {
      const inFlight = Array.from({ length: 20 }, () => checkout(product.id));
      await new Promise((resolve) => setTimeout(resolve, 3 + round));
      await terminateBackends();
      const answers = await Promise.all(inFlight);

      for (const res of answers) {
        expect([201, 503], res.body).toContain(res.statusCode);
        if (res.statusCode === 503) expect(res.json()).toMatchObject({ message: messages.unavailable, code: 'UNAVAILABLE' });
      }

      // Back within 5 s, with no restart.
      const started = Date.now();
      let ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      while (ready.statusCode !== 200 && Date.now() - started < 5000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      }
      expect(ready.statusCode, `round ${round}`).toBe(200);
      expect((await checkout(product.id)).statusCode, `round ${round}`).toBe(201);
    }
    const pool = ctx.database.client as { totalCount: number; idleCount: number; waitingCount: number };
    // Every connection the pool holds is idle again: none is held by a request that ended.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pool.totalCount - pool.idleCount).toBe(0);

    // Nothing half-done: every order has its item, and the stock taken is exactly the orders made.
    const counts = (await ctx.database.db.execute(sql`
      SELECT (SELECT count(*) FROM orders)::int AS orders,
             (SELECT count(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id))::int AS empty,
             (SELECT stock FROM products WHERE id = ${product.id})::int AS stock`)) as unknown as {
      rows: { orders: number; empty: number; stock: number }[];
    };
    const row = counts.rows[0];
    expect(row?.empty).toBe(0);
    expect(row?.stock).toBe(1000 - (row?.orders ?? 0));
  });
});

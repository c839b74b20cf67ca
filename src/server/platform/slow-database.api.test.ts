import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { serverDatabase } from '../../../tests/helpers/database.ts';
import { render } from '../../web/entry-server.tsx';
import { injectTransport } from '../modules/seo/server-render.ts';
import { shippingDetails } from '../../../tests/helpers/shop.ts';

// Issue #26: with a stalled database, requests hung 15-30 s and the home page did not answer in 15 s while
// /api/health stayed green. Every statement now has a deadline (DB_STATEMENT_TIMEOUT_MS) and every page a
// render deadline (PAGE_RENDER_TIMEOUT_MS): a 503 with Retry-After within seconds.
//
// Only a server can be stalled this way: another connection holds the lock the request needs. PGlite runs
// in this process, one statement at a time, with no other connection to hold a lock; a statement it runs
// long blocks the whole process (timers included), so no deadline could answer meanwhile. There the render
// deadline still holds for slow API calls, and the embedded database is for one shop on one machine.
describe.skipIf(!process.env.DATABASE_URL)('with PostgreSQL stalled by a lock held elsewhere', () => {
  const STATEMENT_MS = 1500;
  const RENDER_MS = 1000;
  let server: { url: string; drop(): Promise<void> };
  let database: Database;
  let app: App;
  let staller: pg.Client;
  const dataDir = mkdtempSync(join(tmpdir(), 'loja-slow-db-'));

  beforeAll(async () => {
    server = await serverDatabase(process.env.DATABASE_URL as string);
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://loja.test', DATA_DIR: dataDir, DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS), PAGE_RENDER_TIMEOUT_MS: String(RENDER_MS) });
    database = openDatabase({ url: server.url, statementTimeoutMs: config.statementTimeoutMs });
    await database.migrate();
    // A built shell with the storefront's server render (from the sources): the product page reads the product.
    const webDist = join(dataDir, 'web');
    mkdirSync(webDist, { recursive: true });
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    app = await buildApp({ config: { ...config, webDist }, database, logger: false, renderer: render });
    await app.ready();
    // Rendered once before the deadlines count: a page's first render from the sources also compiles its code.
    await render('http://loja.test/produtos/1', injectTransport((options) => app.inject(options)));
    staller = new pg.Client({ connectionString: server.url });
    await staller.connect();
  });

  afterAll(async () => {
    await staller?.end();
    await app?.close();
    await database?.close();
    await server?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const timed = async <T>(work: Promise<T>) => {
    const started = performance.now();
    const result = await work;
    return { result, ms: performance.now() - started };
  };

  it('answers 503 with Retry-After in pt-PT within the statement deadline, and is itself again once the lock goes', async () => {
    const [product] = (await staller.query<{ id: number }>(
      "INSERT INTO products (name, description, price_cents, stock, min_price_cents) VALUES ('Caixa', 'Caixa.', 2000, 5, 2000) RETURNING id",
    )).rows;
    const id = product?.id ?? 0;
    await staller.query('BEGIN');
    await staller.query('LOCK TABLE products, catalog_state IN ACCESS EXCLUSIVE MODE');
    try {
      const [read, list, order, page, health, ready] = await Promise.all([
        timed(app.inject({ method: 'GET', url: `/api/product/${id}` })),
        timed(app.inject({ method: 'GET', url: '/api/product?page=1&pageSize=12' })),
        timed(
          app.inject({
            method: 'POST',
            url: '/api/order',
            payload: { items: [{ product_id: id, quantity: 1 }], ...shippingDetails, payment_method: 'multibanco', shipping_cost: 6, total_price_without_tax: 21.14, total_tax: 4.86, total_price_with_tax: 26 },
          }),
        ),
        timed(app.inject({ method: 'GET', url: `/produtos/${id}` })),
        timed(app.inject({ method: 'GET', url: '/api/health' })),
        timed(app.inject({ method: 'GET', url: '/api/ready' })),
      ]);
      for (const call of [read, list, order]) {
        expect(call.result.statusCode, call.result.body).toBe(503);
        expect(call.result.headers['retry-after']).toBe('5');
        expect(call.result.json()).toMatchObject({ message: messages.unavailable, error: messages.unavailable, code: 'UNAVAILABLE' });
        expect(call.ms).toBeLessThan(STATEMENT_MS + 1500);
      }
      // The page: the plain app shell, which asks the API itself and says the same in pt-PT.
      expect(page.result.statusCode).toBe(503);
      expect(page.result.headers['retry-after']).toBe('5');
      expect(page.result.body).toContain('<div id="root"></div>');
      expect(page.ms).toBeLessThan(RENDER_MS + 1500);
      // Liveness stays up (the process is fine); readiness answers: SELECT 1 needs no table.
      expect(health.result.statusCode).toBe(200);
      expect(ready.result.statusCode).toBe(200);
    } finally {
      await staller.query('ROLLBACK');
    }
    const again = await app.inject({ method: 'GET', url: `/api/product/${id}` });
    expect(again.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/produtos/${id}` })).statusCode).toBe(200);
  });
});

describe.runIf(!process.env.DATABASE_URL)('on PGlite', () => {
  it.skip('is not stalled by a lock held elsewhere: no other connection exists, and a long statement blocks the whole process (covered on PostgreSQL)', () => {});
});

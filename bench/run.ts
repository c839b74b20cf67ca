// `npm run bench`: starts the app on a fresh PGlite (or, with DATABASE_URL, a fresh database on that
// PostgreSQL server, dropped at the end), fills the catalogue with 10,000 products and measures the hot
// calls with autocannon (in a worker thread, so the load does not run on the server's event loop).
// Prints requests/s, latency percentiles, database queries per request, the bytes of one answer and each
// call's throughput as a share of a bare node:http server answering a fixed 2 KB body in the same run (a bare
// Fastify route is measured too). autocannon sends no Accept-Encoding, so the catalogue calls are measured
// both so (plain JSON) and as a browser asks (`accept-encoding: br, gzip`). Not part of `npm test`.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { productFields } from '#shared/schemas/catalog.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { createProduct } from '../src/server/modules/catalog/products.ts';
import { seedDemoContent } from '../src/server/modules/content/demo.ts';
import { processImage } from '../src/server/modules/media/processing.ts';
import { seedDemoServices } from '../src/server/modules/services/demo.ts';
import { insertUser } from '../src/server/modules/users/users.ts';
import { serverDatabase } from '../tests/helpers/database.ts';

const PRODUCTS = 10_000;
const CONNECTIONS = 50;
const SECONDS = 10;

const dataDir = mkdtempSync(join(tmpdir(), 'loja-bench-'));
const serverUrl = process.env.DATABASE_URL?.trim() || undefined;
// A new database beside the one DATABASE_URL names, as the tests do; `drop` removes it again.
const benchDatabase = serverUrl ? await serverDatabase(serverUrl, 'loja_bench') : undefined;
const config = {
  ...loadConfig({ ...process.env, DATABASE_URL: benchDatabase?.url ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '1000000', CHECKOUT_RATE_LIMIT: '1000000', CHECKOUT_EMAIL_RATE_LIMIT: '1000000', UNPAID_UNITS_PER_EMAIL: '1000000', UNPAID_UNITS_PER_ADDRESS: '1000000' }),
  webDist: undefined,
};
const database = openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : join(dataDir, 'db') });

/**
 * Counts the statements the app sends, to show the queries each call costs (no N+1): every query on the
 * driver, including those inside a transaction (PGlite's transaction handle, a pooled pg client).
 */
function countQueries(db: Database): { value: number } {
  const counter = { value: 0 };
  type Queryable = { query: (...args: unknown[]) => unknown };
  const wrapped = new WeakSet<Queryable>();
  const counted = <T extends Queryable>(target: T): T => {
    // A pool hands the same client out again: wrap it once.
    if (wrapped.has(target)) return target;
    wrapped.add(target);
    const query = target.query.bind(target);
    target.query = (...args: unknown[]) => {
      counter.value++;
      return query(...args);
    };
    return target;
  };
  const client = counted(db.client as Queryable & Partial<Record<'transaction' | 'connect', (...args: never[]) => Promise<unknown>>>);
  if (db.engine === 'pglite' && client.transaction) {
    const transaction = client.transaction.bind(client) as (run: (tx: Queryable) => Promise<unknown>) => Promise<unknown>;
    client.transaction = ((run: (tx: Queryable) => Promise<unknown>) => transaction((tx) => run(counted(tx)))) as never;
  }
  if (db.engine === 'postgres' && client.connect) {
    const connect = client.connect.bind(client) as (callback?: unknown) => Promise<Queryable> | undefined;
    // pg's own pool.query checks a client out with a callback (and is counted itself): that form passes through.
    client.connect = ((callback?: unknown) => (callback ? connect(callback) : connect()?.then(counted))) as never;
  }
  return counter;
}

/**
 * 10,000 products in a few set-based statements: names from a shop's vocabulary (one in eight is a
 * 'Caixa ...'), every fifth product sold in three variants, one in ten digital; five products made
 * through the admin path with a picture, so image URLs appear in the answers too.
 */
async function seedCatalogue(db: Database['db']) {
  await db.execute(sql`
    INSERT INTO products (name, description, price_cents, stock, min_price_cents, is_digital, link, display_order, has_variants)
    SELECT
      (ARRAY['Caixa organizadora', 'Cesto entrançado', 'Etiquetas de despensa', 'Planner semanal', 'Agenda anual', 'Cabides de veludo', 'Divisória de gaveta', 'Frasco hermético'])[1 + i % 8]
        || ' ' || (ARRAY['pequena', 'média', 'grande', 'natural', 'cinzenta', 'terracota', 'salva'])[1 + (i / 8) % 7] || ' n.º ' || i,
      'Produto de organização pessoal número ' || i || ', pensado para arrumar a casa com pouco esforço e muito estilo.',
      CASE WHEN i % 5 = 0 THEN NULL ELSE 290 + (i * 37) % 8610 END,
      CASE WHEN i % 5 = 0 THEN NULL ELSE i % 40 END,
      CASE WHEN i % 5 = 0 THEN 290 + (i * 53) % 6000 ELSE 290 + (i * 37) % 8610 END,
      i % 10 = 3,
      CASE WHEN i % 10 = 3 THEN 'https://loja.example.pt/downloads/bench-' || i ELSE NULL END,
      i,
      i % 5 = 0
    FROM generate_series(1, ${PRODUCTS - 5}) AS i`);
  await db.execute(sql`
    INSERT INTO product_variants (product_id, name, price_cents, stock, sku, position)
    SELECT p.id, (ARRAY['Pequeno', 'Médio', 'Grande'])[v], p.min_price_cents + (v - 1) * 400, (p.id + v) % 12, 'BENCH-' || p.id || '-' || v, v - 1
    FROM products p CROSS JOIN generate_series(1, 3) AS v
    WHERE p.has_variants`);
  const picture = await processImage(await sharp({ create: { width: 1000, height: 750, channels: 3, background: '#c49a6c' } }).png().toBuffer(), {
    allowSvg: false,
  });
  for (let i = 0; i < 5; i++) {
    await createProduct(db, productFields.parse({ name: `Caixa com fotografia ${i + 1}`, description: 'Com imagem.', order: i, price: '9,90', stock: '5' }), [picture]);
  }
  // Settled statistics and visibility map, as autovacuum leaves a live shop.
  await db.execute(sql`VACUUM ANALYZE`);
}

const seedStart = performance.now();
await database.migrate();
await seedCatalogue(database.db);
// The home page's other calls: the demo services and welcome text.
await seedDemoServices(database.db);
await seedDemoContent(database.db);
const seedSeconds = ((performance.now() - seedStart) / 1000).toFixed(1);

const app = await buildApp({ config, database, logger: false });
// A reference inside the app: what Fastify answers when no database and no module is involved.
app.get('/bench/bare', async () => ({ ok: true }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });

// The reference the goals are measured against: a bare node:http server answering a fixed 2 KB JSON body.
const bareBody = JSON.stringify({ rows: Array.from({ length: 20 }, (_, i) => ({ id: i, name: `Produto de referência n.º ${i}`, price: 12.5 })) }).padEnd(2048, ' ');
const bareServer = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(bareBody) });
  res.end(bareBody);
});
await new Promise<void>((resolve) => bareServer.listen(0, '127.0.0.1', resolve));
const bareAddress = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}`;
const queries = countQueries(database);
// A run ends when autocannon stops sending, not when the server has answered what it took in: wait
// until no query has been sent for a quarter of a second.
async function settled() {
  for (let last = -1, waited = 0; last !== queries.value && waited < 30_000; waited += 250) {
    last = queries.value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

await insertUser(database.db, { username: 'Bench', email: 'bench@example.pt', password: 'segredo123', isVerified: true });
const login = await fetch(`${address}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'bench@example.pt', password: 'segredo123' }),
});
const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
const someProduct = (await (await fetch(`${address}/api/product?page=400`)).json()) as { rows: { id: number }[] };
const productId = someProduct.rows[0]?.id ?? 1;

/** `perRequest`: queries of one request alone; `repeated`: of the same request once more (a warm cache's cost). */
type Measured = { title: string; rps: number; p50: number; p99: number; perRequest: number; repeated?: number; errors: number; bytes?: number; cpu?: number };
const results: Measured[] = [];

async function measure(title: string, path: string, headers: Record<string, string> = {}, base = address) {
  // Queries of one request alone (under load, requests still in flight at the end would blur the count).
  await settled();
  const before = queries.value;
  await fetch(`${base}${path}`, { headers });
  const perRequest = queries.value - before;
  const beforeRepeat = queries.value;
  await fetch(`${base}${path}`, { headers });
  const repeated = queries.value - beforeRepeat;
  // The server's own CPU time per answer (autocannon runs in a worker thread): steadier than requests/s on a busy machine.
  const cpuBefore = process.threadCpuUsage();
  const result = await autocannon({ url: `${base}${path}`, headers, connections: CONNECTIONS, duration: SECONDS, workers: 1 });
  const cpu = process.threadCpuUsage(cpuBefore);
  const measured = {
    title,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    perRequest,
    repeated,
    errors: result.errors + result.timeouts + result.non2xx,
    bytes: result.throughput.total / result.requests.total,
    cpu: (cpu.user + cpu.system) / result.requests.total,
  };
  report(measured);
}

function report(measured: Measured) {
  results.push(measured);
  const bare = results[0]?.rps ?? measured.rps;
  console.log(
    `${measured.title.padEnd(38)} ${String(Math.round(measured.rps)).padStart(7)} req/s ${`${Math.round((measured.rps / bare) * 100)}%`.padStart(5)} of bare   p50 ${String(measured.p50).padStart(3)} ms   p99 ${String(measured.p99).padStart(4)} ms   ${measured.perRequest}${measured.repeated === undefined ? '' : `/${measured.repeated}`} queries/req   errors ${measured.errors}${measured.bytes ? `   ${(measured.bytes / 1024).toFixed(1)} KB/answer` : ''}${measured.cpu ? `   server CPU ${Math.round(measured.cpu)} µs/answer` : ''}`,
  );
}

/** 800 different searches in a cycle, more than the answer cache keeps: every request reaches the database. */
async function measureUncachedSearch() {
  await settled();
  let n = 0;
  const result = await autocannon({
    url: address,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ setupRequest: (req) => ({ ...req, path: `/api/product?q=${['caixa', 'agenda', 'planner', 'cesto'][n % 4]}&page=${(n++ % 200) + 1}` }) }],
  });
  report({ title: 'GET /api/product?q=…&page=… (uncached)', rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, perRequest: 5, errors: result.errors + result.timeouts + result.non2xx });
}

/**
 * The payment callback as a gateway that delivers it again and again: each one is checked, recorded and
 * answered without paying anything twice (the first delivery pays, the rest are duplicates).
 */
async function measureCallback() {
  await settled();
  const [product] = await database.db
    .execute(sql`INSERT INTO products (name, description, price_cents, stock, min_price_cents) VALUES ('Bench callback', 'x', 2500, 10, 2500) RETURNING id`)
    .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
  const items = [{ product_id: product!.id, quantity: 1 }];
  const totals = (await (
    await fetch(`${address}/api/order/calculate-totals`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items }) })
  ).json()) as { shippingCost: number; totalWithTax: number; totalTax: number; totalPriceWithoutTax: number };
  const order = (await (
    await fetch(`${address}/api/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        items, name: 'Cliente Bench', email: 'bench@example.pt', phone: '912345678', address: 'Rua do Teste 1', city: 'Lisboa',
        postal_code: '1000-100', payment_method: 'multibanco', shipping_cost: totals.shippingCost, total_price_with_tax: totals.totalWithTax,
        total_tax: totals.totalTax, total_price_without_tax: totals.totalPriceWithoutTax,
      }),
    })
  ).json()) as { id: number };
  const reference = (await (
    await fetch(`${address}/api/payment/multibanco`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ order_id: order.id }) })
  ).json()) as { entity: string; reference: string; amount: number };
  const query = new URLSearchParams({
    key: config.payments.callbackKey,
    orderId: `${order.id}P1`,
    amount: reference.amount.toFixed(2),
    entity: reference.entity,
    reference: reference.reference,
  });
  await measure('GET /api/payment/callback (repeated)', `/api/payment/callback?${query.toString()}`);
  const rows = (await database.db.execute(
    sql`SELECT count(*) FILTER (WHERE outcome = 'paid')::int AS paid, count(*)::int AS received FROM payment_callbacks`,
  )) as unknown as { rows: { paid: number; received: number }[] };
  console.log(`Callback books: ${rows.rows[0]!.received} callbacks recorded, ${rows.rows[0]!.paid} paid (${rows.rows[0]!.paid === 1 ? 'exactly once' : 'WRONG'})`);
}

/** Checkouts under load, then the books must balance: stock taken equals units ordered. */
async function measureCheckout() {
  await settled();
  const STOCK = 1_000_000;
  const [product] = await database.db.execute(
    sql`INSERT INTO products (name, description, price_cents, stock, min_price_cents) VALUES ('Bench checkout', 'x', 1990, ${STOCK}, 1990) RETURNING id`,
  ).then((r) => (r as unknown as { rows: { id: number }[] }).rows);
  const items = [{ product_id: product!.id, quantity: 1 }];
  const totals = (await (
    await fetch(`${address}/api/order/calculate-totals`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items }) })
  ).json()) as { shippingCost: number; totalWithTax: number; totalTax: number; totalPriceWithoutTax: number };
  const body = JSON.stringify({
    items,
    name: 'Cliente Bench',
    email: 'bench@example.pt',
    phone: '912345678',
    address: 'Rua do Teste 1',
    city: 'Lisboa',
    postal_code: '1000-100',
    country: 'Portugal',
    payment_method: 'multibanco',
    shipping_cost: totals.shippingCost,
    total_price_with_tax: totals.totalWithTax,
    total_tax: totals.totalTax,
    total_price_without_tax: totals.totalPriceWithoutTax,
  });
  const result = await autocannon({
    url: `${address}/api/order`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  await settled();
  const rows = (await database.db.execute(
    sql`SELECT (SELECT count(*)::int FROM orders) AS orders, (SELECT stock FROM products WHERE id = ${product!.id}) AS stock`,
  )) as unknown as { rows: { orders: number; stock: number }[] };
  const { orders, stock } = rows.rows[0]!;
  report({ title: 'POST /api/order (checkout)', rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, perRequest: 0, errors: result.errors + result.timeouts + result.non2xx });
  console.log(`Checkout books: ${orders} orders created, stock ${STOCK} -> ${stock} (${STOCK - stock === orders ? 'balanced' : 'MISMATCH'})`);
}

/**
 * A sale must show in the product's stock at once in every process: a second app on the same database
 * (PostgreSQL) keeps the product's page cached, a checkout goes through the first, and the second is
 * asked every millisecond until it answers the new stock. On PGlite (one process) the same app is asked.
 */
async function measureSalePropagation() {
  const other = database.engine === 'postgres' ? openDatabase({ url: config.databaseUrl }) : undefined;
  const second = other ? await buildApp({ config, database: other, logger: false }) : app;
  if (other) await second.ready();
  try {
    const [product] = await database.db
      .execute(sql`INSERT INTO products (name, description, price_cents, stock, min_price_cents) VALUES ('Bench propagation', 'x', 1000, 50, 1000) RETURNING id`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    const stockThere = async () => (await second.inject({ method: 'GET', url: `/api/product/${product!.id}` })).json<{ stock: number }>().stock;
    const times: number[] = [];
    for (let sale = 1; sale <= 20; sale++) {
      await stockThere();
      const items = [{ product_id: product!.id, quantity: 1 }];
      const totals = (await (await app.inject({ method: 'POST', url: '/api/order/calculate-totals', payload: { items } })).json()) as Record<string, number>;
      const placed = await app.inject({
        method: 'POST',
        url: '/api/order',
        payload: {
          items, name: 'Cliente Bench', email: 'bench@example.pt', phone: '912345678', address: 'Rua do Teste 1', city: 'Lisboa', postal_code: '1000-100',
          payment_method: 'multibanco', shipping_cost: totals.shippingCost, total_price_with_tax: totals.totalWithTax, total_tax: totals.totalTax,
          total_price_without_tax: totals.totalPriceWithoutTax,
        },
      });
      if (placed.statusCode !== 201) throw new Error(`checkout failed: ${placed.body}`);
      const started = performance.now();
      while ((await stockThere()) !== 50 - sale) {
        if (performance.now() - started > 5_000) throw new Error('the sale never reached the other process');
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `Sale to stock shown ${other ? 'by a second process' : 'in the same process'}: median ${times[10]!.toFixed(1)} ms, worst ${times.at(-1)!.toFixed(1)} ms over 20 sales (every one seen).`,
    );
  } finally {
    if (other) {
      await second.close();
      await other.close();
    }
  }
}

/** What a browser's fetch sends for encodings (the catalogue's cached answers are kept in these two). */
const browser = { 'accept-encoding': 'br, gzip' };

try {
  console.log(
    `Loja bench on ${database.engine}: ${PRODUCTS} products seeded in ${seedSeconds} s; ${CONNECTIONS} connections, ${SECONDS} s each; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  await measure('bare node:http, 2 KB body (reference)', '/', {}, bareAddress);
  await measure('bare Fastify route', '/bench/bare');
  await measure('GET /api/health', '/api/health');
  await measure('GET /api/ready (database round trip)', '/api/ready');
  await measure('GET /api/user/profile (signed in)', '/api/user/profile', { cookie });
  await measure('GET /api/product (first page)', '/api/product');
  await measure('GET /api/product?q=caixa', '/api/product?q=caixa');
  await measure('GET /api/product?page=300', '/api/product?page=300');
  await measure(`GET /api/product/${productId}`, `/api/product/${productId}`);
  await measure('GET /api/product (first page), br/gzip', '/api/product', browser);
  await measure(`GET /api/product/${productId}, br/gzip`, `/api/product/${productId}`, browser);
  await measureUncachedSearch();
  await measure('GET /api/service (home, /servicos)', '/api/service');
  await measure('GET /api/content/home-hero', '/api/content/home-hero');
  await measure(`GET /sitemap.xml (${PRODUCTS} products)`, '/sitemap.xml');
  await measureCheckout();
  await measureCallback();
  const bare = results[0]?.rps ?? 1;
  const ratio = (title: string) => {
    const found = results.find((r) => r.title === title);
    return found ? `${(found.rps / bare).toFixed(2)}× (p99 ${found.p99} ms, ${Math.round(found.cpu ?? 0)} µs server CPU)` : 'not measured';
  };
  const catalogue = results.filter((r) => r.title.startsWith('GET /api/product') && !r.title.includes('uncached'));
  console.log(
    `Of the bare node:http server (${Math.round(results[0]?.cpu ?? 0)} µs server CPU; goal: 0.5× or more, p99 30 ms or less): as autocannon asks (no Accept-Encoding), product list ${ratio('GET /api/product (first page)')}, product page ${ratio(`GET /api/product/${productId}`)}; as a browser asks (accept-encoding: br, gzip), product list ${ratio('GET /api/product (first page), br/gzip')}, product page ${ratio(`GET /api/product/${productId}, br/gzip`)}.`,
  );
  console.log(`Cached catalogue calls: worst p99 ${Math.max(...catalogue.map((r) => r.p99))} ms, at most ${Math.max(...catalogue.map((r) => r.repeated ?? r.perRequest))} queries per repeated request (first/repeat in the table).`);
  await measureSalePropagation();
} finally {
  await app.close();
  bareServer.close();
  await database.close();
  await benchDatabase?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

// `npm run bench` (second part): the owner's overview with 100,000 orders. Seeds a fresh database (PGlite,
// or with DATABASE_URL a new database on that PostgreSQL server, dropped at the end) with orders over a
// year, their items and MB WAY requests, then times GET /api/overview one request at a time (as the
// dashboard calls it) and prints p50/p95 per period. Goal: p95 under 100 ms on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { insertUser } from '../src/server/modules/users/users.ts';
import { serverDatabase } from '../tests/helpers/database.ts';

const ORDERS = 100_000;
const REQUESTS = 60;

const dataDir = mkdtempSync(join(tmpdir(), 'loja-bench-overview-'));
const serverUrl = process.env.DATABASE_URL?.trim() || undefined;
const own = serverUrl ? await serverDatabase(serverUrl, 'loja_bench') : undefined;
const config = {
  ...loadConfig({ ...process.env, DATABASE_URL: own?.url ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '1000000' }),
  webDist: undefined,
};
const database = openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : join(dataDir, 'db') });

try {
  await database.migrate();
  const seedStart = performance.now();
  const { db } = database;
  await db.execute(sql`
    INSERT INTO products (name, description, price_cents, stock, min_price_cents)
    SELECT 'Produto ' || g, 'Para o bench.', 500 + g * 10, g % 7, 500 + g * 10 FROM generate_series(1, 200) g`);
  // Over the last year: a fifth of them unpaid, a fifth cancelled; MB WAY one in three.
  await db.execute(sql`
    INSERT INTO orders (email, status, payment_method, shipping_address, phone, shipping_cents, total_without_tax_cents, total_tax_cents, total_with_tax_cents, order_date, paid_at)
    SELECT 'cliente' || g || '@example.pt',
           (ARRAY['pending','processing','shipped','delivered','cancelled'])[1 + g % 5],
           CASE WHEN g % 3 = 0 THEN 'mbway' ELSE 'multibanco' END,
           'Cliente, Rua Direita 1, Lisboa, 1000-100, Portugal', '912345678', 0,
           1000 + g % 5000, 230 + (g % 5000) * 23 / 100, 1230 + g % 5000 + (g % 5000) * 23 / 100,
           now() - (g % 365) * interval '1 day' - (g % 86000) * interval '1 second',
           CASE WHEN g % 5 IN (1, 2, 3) THEN now() - (g % 365) * interval '1 day' - (g % 86000) * interval '1 second' + interval '10 minutes' END
    FROM generate_series(1, ${ORDERS}) g`);
  await db.execute(sql`
    INSERT INTO order_items (order_id, product_id, product_name, is_digital, quantity, unit_price_cents)
    SELECT o.id, p.id, p.name, false, 1 + o.id % 3, p.price_cents
    FROM orders o JOIN products p ON p.id IN (1 + o.id % 200, 1 + (o.id * 7) % 200)`);
  await db.execute(sql`
    INSERT INTO payments (order_id, method, gateway, status, amount_cents, gateway_order_id, expires_at, created_at)
    SELECT id, 'mbway', 'sandbox', CASE WHEN paid_at IS NULL THEN 'rejected' ELSE 'paid' END, total_with_tax_cents, 'bench-' || id, order_date + interval '4 minutes', order_date
    FROM orders WHERE payment_method = 'mbway'`);
  // As a shop's database is between autovacuum runs: statistics and visibility maps up to date.
  await db.execute(sql`VACUUM ANALYZE`);
  const seedSeconds = ((performance.now() - seedStart) / 1000).toFixed(1);

  const app = await buildApp({ config, database, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  await insertUser(db, { username: 'Dona', email: 'dona@example.pt', password: 'segredo123', isVerified: true, isAdmin: true });
  const login = await fetch(`${address}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'dona@example.pt', password: 'segredo123' }) });
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';

  console.log(`Owner's overview on ${serverUrl ? 'PostgreSQL' : 'PGlite'}: ${ORDERS.toLocaleString('en')} orders seeded in ${seedSeconds} s; ${REQUESTS} requests per period, one at a time.`);
  let worst = 0;
  for (const days of [30, 7, 90, 365]) {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS + 5; i++) {
      const start = performance.now();
      const res = await fetch(`${address}/api/overview?days=${days}`, { headers: { cookie } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET /api/overview?days=${days} answered ${res.status}`);
      if (i >= 5) times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
    worst = Math.max(worst, at(0.95));
    console.log(`GET /api/overview?days=${String(days).padEnd(4)} p50 ${at(0.5).toFixed(1).padStart(6)} ms   p95 ${at(0.95).toFixed(1).padStart(6)} ms   max ${at(1).toFixed(1).padStart(6)} ms`);
  }
  console.log(`Worst p95 ${worst.toFixed(1)} ms (goal: under 100 ms on PostgreSQL).`);
  await app.close();
} finally {
  await database.close();
  await own?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

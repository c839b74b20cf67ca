// `npm run bench` (third part): the header's search suggestions with 10,000 products. Seeds a fresh database
// (PGlite, or with DATABASE_URL a new database on that PostgreSQL server, dropped at the end) with products
// named as a shop names them (accents included), each with a picture, and a few services; then asks
// GET /api/search/suggest one request at a time, as a shopper's typing does (every prefix of what she types),
// and prints p50/p95. Goal (issue #30): p95 at most 30 ms on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { serverDatabase } from '../tests/helpers/database.ts';

const PRODUCTS = 10_000;
const ROUNDS = 12;
const GOAL_MS = 30;

// What shoppers type, letter by letter: each prefix of two characters or more is a request (the debounce
// drops some in the browser; the server must answer any of them in time).
const TYPED = ['caixa', 'cabides veludo', 'algodao', 'organizador gaveta', 'empilhavel', 'acrilico caixa', 'porta-joias', 'sessao', 'xyz'];
const queries = TYPED.flatMap((text) => Array.from({ length: text.length - 1 }, (_, i) => text.slice(0, i + 2)).filter((q) => q.trim().length >= 2));

const dataDir = mkdtempSync(join(tmpdir(), 'loja-bench-suggest-'));
const serverUrl = process.env.DATABASE_URL?.trim() || undefined;
const own = serverUrl ? await serverDatabase(serverUrl, 'loja_bench') : undefined;
const config = { ...loadConfig({ ...process.env, DATABASE_URL: own?.url ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), webDist: undefined };
const database = openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : join(dataDir, 'db') });

try {
  await database.migrate();
  const { db } = database;
  const seedStart = performance.now();
  await db.execute(sql`
    INSERT INTO products (name, description, price_cents, stock, min_price_cents, is_digital, display_order)
    SELECT (ARRAY['Caixa','Cesto','Organizador','Cabides','Gaveta','Prateleira','Saco','Etiquetas','Agenda','Caderno','Divisória','Porta-joias','Sapateira','Frasco','Tampa'])[1 + g % 15]
           || ' ' || (ARRAY['de algodão','de veludo','em cartão','de vime','de bambu','em acrílico','de linho','em metal'])[1 + (g / 15) % 8]
           || ' ' || (ARRAY['média','grande','pequena','empilhável','com tampa','dobrável','transparente','antideslizante'])[1 + (g / 120) % 8]
           || ' ' || g,
           'Para o bench.', 500 + g % 5000, g % 7, 500 + g % 5000, g % 20 = 0, g % 100
    FROM generate_series(1, ${PRODUCTS}) g`);
  await db.execute(sql`
    INSERT INTO images (kind, width, height, size, version)
    SELECT 'product', 1024, 1024, 50000, substr(md5(g::text), 1, 8) FROM generate_series(1, ${PRODUCTS}) g`);
  await db.execute(sql`
    INSERT INTO product_images (product_id, image_id, position)
    SELECT p.id, i.id, 0 FROM products p JOIN images i ON i.id = p.id`);
  await db.execute(sql`
    INSERT INTO services (name, description, schedule_link, display_order)
    SELECT s, 'Para o bench.', 'https://example.pt/agenda', o
    FROM unnest(ARRAY['Sessão de organização do roupeiro','Consultoria online','Organização da despensa','Sessão de destralhe']) WITH ORDINALITY AS t(s, o)`);
  // As a shop's database is between autovacuum runs: statistics and visibility maps up to date.
  await db.execute(sql`VACUUM ANALYZE`);
  const seedSeconds = ((performance.now() - seedStart) / 1000).toFixed(1);

  const app = await buildApp({ config, database, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`Search suggestions on ${serverUrl ? 'PostgreSQL' : 'PGlite'}: ${PRODUCTS.toLocaleString('en')} products seeded in ${seedSeconds} s; ${queries.length} typed prefixes x ${ROUNDS} rounds, one request at a time.`);
  const times: number[] = [];
  const worstOf = new Map<string, number>();
  for (let round = 0; round < ROUNDS + 1; round++) {
    for (const q of queries) {
      const start = performance.now();
      const res = await fetch(`${address}/api/search/suggest?q=${encodeURIComponent(q)}`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET /api/search/suggest?q=${q} answered ${res.status}`);
      const ms = performance.now() - start;
      // The first round warms the connections and the plans.
      if (round === 0) continue;
      times.push(ms);
      worstOf.set(q, Math.max(worstOf.get(q) ?? 0, ms));
    }
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
  const slowest = [...worstOf.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3);
  console.log(`GET /api/search/suggest   p50 ${at(0.5).toFixed(1).padStart(6)} ms   p95 ${at(0.95).toFixed(1).padStart(6)} ms   max ${at(1).toFixed(1).padStart(6)} ms`);
  console.log(`Slowest prefixes: ${slowest.map(([q, ms]) => `"${q}" ${ms.toFixed(1)} ms`).join(', ')}`);
  console.log(`p95 ${at(0.95).toFixed(1)} ms (goal: at most ${GOAL_MS} ms on PostgreSQL); machine load average ${loadavg()[0]?.toFixed(1)} at the end.`);
  await app.close();
} finally {
  await database.close();
  await own?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

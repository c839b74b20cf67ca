// Issue #26, "with a slow database, queries already sent have no timeout": the shop as a real process on a
// fresh PostgreSQL database (DATABASE_URL's server, or the local one), and a second connection holding
// ACCESS EXCLUSIVE locks on the products and the catalogue's version, as a stuck migration or a long
// maintenance statement would. Every request that needs those tables waits; the figure is the longest
// wait, with what the shop answered (a 503 with Retry-After is the rule), and what /api/health and
// /api/ready said meanwhile. The home page is asked for too when a build (dist/) is there to render it.
import { existsSync } from 'node:fs';
import pg from 'pg';
import type { AbuseScenario } from './scenario.ts';

if (process.env.DATABASE_URL) process.env.FAULTS_POSTGRES_URL ??= process.env.DATABASE_URL;
const { checkoutOf, cleanUp, createDatabase, insertProduct, startShop, stopShop } = await import('../faults/shop.ts');

/** Longer than this without an answer is a hang. */
const GIVE_UP_MS = 30_000;
const BUDGET_MS = 8_000;

type Answer = { path: string; status: number | 'hang'; ms: number; retryAfter: string | null; error?: string };

async function ask(base: string, path: string, init: RequestInit = {}): Promise<Answer> {
  const started = performance.now();
  try {
    const res = await fetch(base + path, { ...init, headers: { origin: base, ...init.headers }, signal: AbortSignal.timeout(GIVE_UP_MS) });
    const text = await res.text();
    let error: string | undefined;
    try {
      error = (JSON.parse(text) as { error?: string }).error;
    } catch {
      // An HTML page.
    }
    return { path, status: res.status, ms: performance.now() - started, retryAfter: res.headers.get('retry-after'), ...(error ? { error } : {}) };
  } catch {
    return { path, status: 'hang', ms: performance.now() - started, retryAfter: null };
  }
}

export const scenarios: AbuseScenario[] = [
  {
    key: 'slow-db',
    title: 'requests while another connection holds ACCESS EXCLUSIVE locks on products and the catalogue version (PostgreSQL)',
    async run() {
      const database = await createDatabase();
      const withWeb = existsSync('dist/web/index.html') && existsSync('dist/ssr/entry-server.js');
      const shop = await startShop(database);
      const staller = new pg.Client({ connectionString: database.url });
      try {
        const productId = await insertProduct(database, 100);
        const buy = await checkoutOf(shop, productId);
        await staller.connect();
        await staller.query('BEGIN');
        await staller.query('LOCK TABLE products, catalog_state IN ACCESS EXCLUSIVE MODE');
        const answers = await Promise.all([
          ask(shop.url, `/api/product/${productId}`),
          ask(shop.url, '/api/product?page=1&pageSize=12'),
          buy().then((a): Answer => ({ path: 'POST /api/order', status: a.status === 'reset' ? 'hang' : a.status, ms: a.ms, retryAfter: null })),
          ...(withWeb ? [ask(shop.url, '/')] : []),
        ]);
        const health = await ask(shop.url, '/api/health');
        const ready = await ask(shop.url, '/api/ready');
        await staller.query('ROLLBACK');
        const longest = answers.reduce((a, b) => (b.ms > a.ms ? b : a));
        const refusedWell = answers.filter((a) => a.path !== 'POST /api/order').every((a) => a.status === 503 && a.retryAfter !== null);
        return [
          ...answers.map((a) => ({ figure: `GET ${a.path}`.replace('GET POST', 'POST'), value: `${a.status} after ${(a.ms / 1000).toFixed(1)} s${a.retryAfter ? ` (Retry-After ${a.retryAfter})` : ''}` })),
          { figure: 'longest hang', value: `${(longest.ms / 1000).toFixed(1)} s (${longest.path})`, holds: longest.ms <= BUDGET_MS && longest.status !== 'hang' },
          { figure: 'reads answered 503 with Retry-After', value: refusedWell ? 'yes' : 'no', holds: refusedWell },
          { figure: '/api/health (liveness) meanwhile', value: health.status },
          { figure: '/api/ready (traffic) meanwhile', value: `${ready.status} after ${(ready.ms / 1000).toFixed(1)} s` },
          ...(withWeb ? [] : [{ figure: 'home page', value: 'not asked: no build in dist/ (npm run build)' }]),
        ];
      } finally {
        await staller.end().catch(() => {});
        await stopShop(shop);
        await cleanUp();
      }
    },
  },
];

// The payment callback as a disk filler (issue #26): one client on loopback sends GET /api/payment/callback
// with a wrong key and random data, as fast as it is answered; the figures are the bytes the database grew
// by per call and how many calls were answered before the rate limit. A fresh database as the tests get one
// (in-memory PGlite, or with DATABASE_URL a new database on that server, dropped at the end).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { testDatabase } from '../../tests/helpers/database.ts';
import type { AbuseFigure, AbuseScenario } from './scenario.ts';

const CALLS = 2_000;
/** Or for this long, whichever comes first (a slow shared machine must not take minutes). */
const BUDGET_MS = 20_000;
const CONCURRENCY = 20;
/** Random parameters per call, each as long as the old route accepted (200 characters): about 11 kB of URL. */
const EXTRA_PARAMS = 50;

const random = (length: number) => randomBytes(length).toString('base64url').slice(0, length);

/** A forged callback: the documented parameters with a wrong key, and a heap of made-up ones. */
function forgedCallbackPath() {
  const query = new URLSearchParams({
    key: random(40),
    orderId: random(200),
    amount: '12.34',
    requestId: random(200),
    entity: random(200),
    reference: random(200),
    payment_datetime: random(200),
  });
  for (let i = 0; i < EXTRA_PARAMS; i++) query.set(`p${random(8)}`, random(200));
  return `/api/payment/callback?${query.toString()}`;
}

async function callbackFlood(): Promise<AbuseFigure[]> {
  const database = await testDatabase();
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://loja.test' }), webDist: undefined };
  // Every table the callback route writes to (payment_callbacks and whatever summarises it), indexes and TOAST included.
  const storedBytes = async () => {
    const [row] = await database.db
      .select({ bytes: sql<string>`coalesce(sum(pg_total_relation_size(oid)), 0)` })
      .from(sql`pg_class`)
      .where(sql`relkind = 'r' AND relname LIKE 'payment_callback%'`);
    return Number(row?.bytes ?? 0);
  };
  try {
    const app = await buildApp({ config, database, logger: false });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const before = await storedBytes();
      const statuses = new Map<number, number>();
      const started = performance.now();
      let sent = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (sent < CALLS && performance.now() - started < BUDGET_MS) {
            sent++;
            const res = await fetch(`${address}${forgedCallbackPath()}`);
            await res.arrayBuffer();
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const grown = (await storedBytes()) - before;
      const limited = statuses.get(429) ?? 0;
      const perCall = grown / sent;
      const answers = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${n} × ${status}`);
      return [
        { figure: `wrong-key callbacks sent (random data, ~${Math.round(forgedCallbackPath().length / 1024)} kB URL each)`, value: `${sent} in ${seconds.toFixed(1)} s: ${answers.join(', ')}` },
        { figure: 'answered before the rate limit', value: sent - limited, holds: limited > 0 },
        // Relation sizes grow by 8 kB pages: a summary row costs a page or two however few calls it counts.
        { figure: 'bytes stored per wrong-key callback', value: perCall.toFixed(0), holds: perCall < 500 },
        { figure: 'database growth, at this pace for a minute', value: `${((grown / seconds) * 60 / 1e6).toFixed(1)} MB` },
      ];
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

export const scenarios: AbuseScenario[] = [{ key: 'callbacks', title: 'Wrong-key payment callbacks with random data from one client (2,000 calls or 20 s)', run: callbackFlood }];

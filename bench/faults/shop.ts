// The fault bench's tools: a fresh PostgreSQL database per scenario, the shop as a real child process,
// and HTTP calls that count a missing answer as a hang instead of waiting for it.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type CheckoutTotals, orderBody } from '../../tests/helpers/checkout.ts';

export const POSTGRES_URL = process.env.FAULTS_POSTGRES_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
export const ADMIN = { email: 'admin@loja.test', password: 'Bench-faults-2026!' };
/** Longer than this without an answer is a hang. */
export const HANG_MS = 10_000;

const started = new Set<ChildProcess>();
const databases = new Set<string>();
const dataDirs = new Set<string>();

/** A statement on the server's maintenance database (CREATE/DROP DATABASE, pg_terminate_backend). */
export async function adminQuery<Row extends object = Record<string, unknown>>(statement: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    return (await client.query<Row>(statement, values)).rows;
  } finally {
    await client.end();
  }
}

export type ShopDatabase = { name: string; url: string; query: <Row extends object>(statement: string, values?: unknown[]) => Promise<Row[]> };

/** A new, empty database for one scenario; `cleanUp` drops it. */
export async function createDatabase(): Promise<ShopDatabase> {
  const name = `loja_faults_${randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  databases.add(name);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const query = async <Row extends object>(statement: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return (await client.query<Row>(statement, values)).rows;
    } finally {
      await client.end();
    }
  };
  return { name, url: url.toString(), query };
}

/** Ends every backend of the database: what a PostgreSQL restart or a network cut does to the shop. */
export async function terminateBackends(database: ShopDatabase): Promise<number> {
  const rows = await adminQuery<{ ended: boolean }>(
    'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [database.name],
  );
  return rows.filter((r) => r.ended).length;
}

/** A port nobody listens on right now (for the shop, or for a dependency that refuses connections). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type Shop = {
  url: string;
  child: ChildProcess;
  /** Settles when the process exits, with its code or signal. */
  exited: Promise<Exit>;
  exit: Exit | undefined;
  /** The last lines the process wrote to stderr/stdout (why it crashed). */
  output: () => string;
};

/** Starts `node src/server/main.ts` on the database and waits until it answers `/api/health`. */
export async function startShop(database: ShopDatabase, env: Record<string, string> = {}): Promise<Shop> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'loja-faults-'));
  dataDirs.add(dataDir);
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: database.url,
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DEMO_CATALOGUE: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      JOB_POLL_MS: '200',
      // Loopback load comes from one address; only the login scenario measures limits.
      AUTH_RATE_LIMIT: '1000000',
      CHECKOUT_RATE_LIMIT: '1000000',
      CHECKOUT_EMAIL_RATE_LIMIT: '1000000',
      UNPAID_UNITS_PER_EMAIL: '1000000',
      UNPAID_UNITS_PER_ADDRESS: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let tail = '';
  const keep = (chunk: Buffer) => void (tail = (tail + chunk.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const shop: Shop = {
    url,
    child,
    exit: undefined,
    output: () => tail,
    exited: new Promise<Exit>((resolve) =>
      child.once('exit', (code, signal) => {
        started.delete(child);
        shop.exit = { code, signal };
        resolve(shop.exit);
      }),
    ),
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (shop.exit) throw new Error(`the shop exited at start (${JSON.stringify(shop.exit)}):\n${tail}`);
    const res = await call(shop, 'GET', '/api/health', undefined, 1000);
    if (res.status === 200) return shop;
    await sleep(100);
  }
  throw new Error(`the shop did not answer /api/health within 60 s:\n${tail}`);
}

/** SIGKILLs the shop if it still runs and waits for the exit. */
export async function stopShop(shop: Shop) {
  if (!shop.exit) shop.child.kill('SIGKILL');
  await shop.exited;
}

export type Answer = { status: number; body: unknown; ms: number } | { status: 'hang' | 'reset'; body: undefined; ms: number };

/** One HTTP call; no answer within `timeoutMs` is a hang, a dropped connection a reset. Never throws. */
export async function call(shop: Shop, method: string, path: string, body?: unknown, timeoutMs = HANG_MS): Promise<Answer> {
  const start = performance.now();
  try {
    const res = await fetch(shop.url + path, {
      method,
      headers: body === undefined ? { origin: shop.url } : { origin: shop.url, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: kept as text.
    }
    return { status: res.status, body: parsed, ms: performance.now() - start };
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return { status: timedOut ? 'hang' : 'reset', body: undefined, ms: performance.now() - start };
  }
}

/** A product with plenty of stock, straight in the database (the shop has migrated it at start). */
export async function insertProduct(database: ShopDatabase, stock: number): Promise<number> {
  const [row] = await database.query<{ id: number }>(
    `INSERT INTO products (name, description, price_cents, stock, min_price_cents)
     VALUES ('Agenda 2027', 'Agenda semanal', 2000, $1, 2000) RETURNING id`,
    [stock],
  );
  if (!row) throw new Error('product not stored');
  return row.id;
}

export type Checkout = (email?: string) => Promise<Answer>;

/** A guest checkout of one unit, with the totals the server calculates (asked once: they never change here). */
export async function checkoutOf(shop: Shop, productId: number): Promise<Checkout> {
  const items = [{ product_id: productId, quantity: 1 }];
  const totals = await call(shop, 'POST', '/api/order/calculate-totals', { items });
  if (totals.status !== 200) throw new Error(`calculate-totals answered ${totals.status}`);
  const t = totals.body as CheckoutTotals;
  return (email = 'maria@example.pt') =>
    call(shop, 'POST', '/api/order', orderBody(items, t, 'multibanco', { email }));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Counts answers by status: `{ 201: 18, 503: 2 }`. */
export function byStatus(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}

/** Kills every shop still running, drops every database made and removes the data directories. */
export async function cleanUp() {
  for (const child of started) child.kill('SIGKILL');
  for (const name of databases) {
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((err: unknown) => console.error(`could not drop ${name}:`, err));
  }
  databases.clear();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  dataDirs.clear();
}

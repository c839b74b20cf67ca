import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: module functions take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type Database = {
  db: Db;
  /** The driver underneath (a pg Pool or a PGlite instance), for the few things Drizzle does not cover. */
  client: unknown;
  engine: 'pglite' | 'postgres';
  /** The PostgreSQL server's URL (pg_dump's backups read it); none for the embedded database. */
  url?: string;
  /**
   * Hears NOTIFY on `channel` (sent at commit by any process). `onConnected(false)` when the listening
   * connection is lost (notifications may be missed until it is back), `true` when it (re)connects.
   */
  listen(channel: string, onNotify: (payload: string) => void, onConnected: (connected: boolean) => void): Promise<() => Promise<void>>;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Two processes starting together on one PostgreSQL must not migrate at once.
const MIGRATION_LOCK = 72_616_901;

/** A statement's deadline unless told otherwise (config DB_STATEMENT_TIMEOUT_MS): a few seconds, then a 503. */
const STATEMENT_TIMEOUT_MS = 3_000;

/**
 * PostgreSQL when a URL is given, else the embedded PGlite stored in `dataDir` (or memory). On PostgreSQL
 * every statement has a deadline (`statementTimeoutMs`), lock waits included: a stalled database answers
 * 503 within seconds instead of holding requests. PGlite runs in this process, one statement at a time, and
 * has no other connection to wait for.
 */
export function openDatabase(options: { url?: string | undefined; dataDir?: string | undefined; statementTimeoutMs?: number | undefined }): Database {
  if (options.url) return openPostgres(options.url, options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS);
  return openPglite(options.dataDir);
}

type PoolClient = pg.PoolClient;

/**
 * A pool whose checked-out connections go back (destroyed) the moment they die. Drizzle's transaction runs
 * `begin` before its `try`, so a connection cut at that instant was never released: each cut leaked pool
 * slots until none were left and the shop stopped answering until restarted. Its name must say "Pool":
 * Drizzle recognises a pool by it.
 */
class ReleasingPool extends pg.Pool {
  override connect(): Promise<PoolClient>;
  override connect(callback: (err: Error | undefined, client: PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: (err: Error | undefined, client: PoolClient | undefined, done: (release?: unknown) => void) => void) {
    // pg's own pool.query comes through here with a callback and releases by itself.
    if (callback) return super.connect(callback);
    return super.connect().then((client) => {
      const release = client.release;
      let released = false;
      const releaseOnce = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('error', onDeath);
        client.removeListener('end', onEnd);
        release(err);
      };
      const onDeath = (err: Error) => releaseOnce(err);
      const onEnd = () => releaseOnce(new Error('Connection terminated'));
      client.on('error', onDeath);
      client.on('end', onEnd);
      client.release = releaseOnce;
      return client;
    });
  }
}

function openPostgres(url: string, statementTimeoutMs: number): Database {
  // A request waiting for a connection to a database that does not answer gets a 503 after 5 s, never a hang;
  // one whose statement the server does not finish in time (a lock held elsewhere, a slow disk) too.
  const pool = new ReleasingPool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000, statement_timeout: statementTimeoutMs });
  // A connection that drops (server restart, pg_terminate_backend) must not crash the process: the pool only
  // listens on idle clients, so a client in use needs its own listener. Its query fails and the pool drops it.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    client: pool,
    engine: 'postgres',
    url,
    listen: (channel, onNotify, onConnected) => listenPostgres(url, channel, onNotify, onConnected),
    async migrate() {
      const client = await pool.connect();
      try {
        // Migrations may rewrite big tables, and the lock waits for another process's migrations: no deadline.
        await client.query('SET statement_timeout = 0');
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        await client.query('RESET statement_timeout').catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * A connection of its own that LISTENs (a pooled one would be handed to queries); when it drops it is
 * opened again, 1 s then doubling up to 30 s later, and says so each time.
 */
async function listenPostgres(url: string, channel: string, onNotify: (payload: string) => void, onConnected: (connected: boolean) => void) {
  let stopped = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let delay = 1000;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    next.on('error', () => {});
    next.on('end', () => {
      if (client === next) lost();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (stopped) return void (await next.end().catch(() => {}));
      client = next;
      delay = 1000;
      onConnected(true);
    } catch {
      await next.end().catch(() => {});
      lost();
    }
  };
  const lost = () => {
    client = undefined;
    onConnected(false);
    if (stopped) return;
    timer = setTimeout(() => void connect(), delay);
    timer.unref();
    delay = Math.min(delay * 2, 30_000);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const last = client;
    client = undefined;
    await last?.end().catch(() => {});
  };
}

function openPglite(dataDir: string | undefined): Database {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return openPgliteClient(new PGlite({ ...pgliteOptions, ...(dataDir ? { dataDir } : {}) }));
}

/** The extensions the migrations create (accent-free trigram search on product names). */
export const pgliteOptions: PGliteOptions = { extensions: { pg_trgm, unaccent } };

export function openPgliteClient(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    client,
    engine: 'pglite',
    // One process owns an embedded database: its own NOTIFYs are all there is, and they cannot be missed.
    async listen(channel, onNotify, onConnected) {
      const stop = await client.listen(channel, onNotify);
      onConnected(true);
      return () => stop();
    },
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
  };
}

/** Readiness: the database answers a trivial query within `withinMs` (a proxy sends no traffic to a process whose database does not). */
export async function databaseAnswers(db: Db, withinMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), withinMs)));
  try {
    return await Promise.race([db.execute(sql`SELECT 1`).then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

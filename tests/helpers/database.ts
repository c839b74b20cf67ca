import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, openPgliteClient, pgliteOptions, type Database } from '../../src/server/db/client.ts';

const migrations = join(import.meta.dirname, '../../src/server/db/migrations');

/**
 * PGlite's first start (initdb) takes seconds; a migrated data directory, dumped once per set of
 * migrations and shared by every test file, loads in a fraction of that.
 */
async function migratedSnapshot(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrations, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(join(migrations, file)));
  }
  const path = join(tmpdir(), `loja-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(path)) return new Blob([readFileSync(path)]);
  const database = openDatabase({});
  await database.migrate();
  const dump = await (database.client as PGlite).dumpDataDir('none');
  await database.close();
  const partial = `${path}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, path);
  return dump;
}

/** One statement on its own connection to `url` (CREATE/DROP DATABASE, roles): the connection is closed even if it fails. */
export async function onServer(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the PostgreSQL server of `serverUrl`: its URL, and how to drop it again. */
export async function serverDatabase(serverUrl: string, prefix = 'loja_test'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = (statement: string) => onServer(serverUrl, statement);
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server of DATABASE_URL (dropped again by `close`).
 */
export async function testDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openPgliteClient(new PGlite({ ...pgliteOptions, loadDataDir: await migratedSnapshot() }));
  const server = await serverDatabase(serverUrl);
  const database = openDatabase({ url: server.url });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await server.drop();
    },
  };
}

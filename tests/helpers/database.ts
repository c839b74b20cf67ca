import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, openPgliteClient, pgliteOptions, type Database } from '../../src/server/db/client.ts';

const migrations = join(import.meta.dirname, '../../src/server/db/migrations');

/** Names this set of migrations: a migrated copy made for another set is never used. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrations, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(join(migrations, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * PGlite's first start (initdb) takes seconds; a migrated data directory, dumped once per set of
 * migrations and shared by every test file, loads in a fraction of that.
 */
async function migratedSnapshot(): Promise<Blob> {
  const path = join(tmpdir(), `loja-pglite-${migrationsHash()}.tar`);
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

/** A new database on the PostgreSQL server of `serverUrl` (empty, or a copy of `template`): its URL, and how to drop it again. */
export async function serverDatabase(serverUrl: string, prefix = 'loja_test', template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = (statement: string) => onServer(serverUrl, statement);
  await run(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** How many migrated templates the server keeps (one per set of migrations). */
const KEPT_TEMPLATES = 4;

/**
 * The PostgreSQL side of the same idea: a database migrated once per set of migrations (under an advisory
 * lock, so parallel test files build it once), which each test file's database is copied from
 * (`CREATE DATABASE … TEMPLATE`, a file copy, instead of running every migration again). The oldest of those
 * made for other migrations are dropped when a new one is built. Nothing connects to one once built
 * (PostgreSQL refuses to copy a database someone is connected to).
 */
async function migratedTemplate(serverUrl: string): Promise<string> {
  const name = `loja_template_${migrationsHash()}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(hashtext('loja_template'))`);
    const existing = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'loja\\_template\\_%' ORDER BY oid DESC`);
    if (existing.rows.some((row) => row.datname === name)) return name;
    // The newest few stay: another checkout's tests (other migrations) may be copying from theirs right now.
    for (const { datname } of existing.rows.slice(KEPT_TEMPLATES - 1)) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    // Built under another name and renamed once migrated: a run killed half-way leaves no template behind.
    const building = await serverDatabase(serverUrl, `${name}_building`);
    const database = openDatabase({ url: building.url });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    await client.query(`ALTER DATABASE ${new URL(building.url).pathname.slice(1)} RENAME TO ${name}`);
    return name;
  } finally {
    await client.query(`SELECT pg_advisory_unlock(hashtext('loja_template'))`).catch(() => undefined);
    await client.end();
  }
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server of DATABASE_URL, copied from the migrated template (dropped again by `close`).
 */
export async function testDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openPgliteClient(new PGlite({ ...pgliteOptions, loadDataDir: await migratedSnapshot() }));
  const server = await serverDatabase(serverUrl, 'loja_test', await migratedTemplate(serverUrl));
  const database = openDatabase({ url: server.url });
  return {
    ...database,
    async close() {
      await database.close();
      await server.drop();
    },
  };
}

import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type BackupFigures, backupFigures, writeFigures } from './backup-files.ts';
import { type Database, pgliteOptions } from './client.ts';

/** Where a backup comes from or goes to: the PostgreSQL server of a URL, or the embedded database's folder. */
export type BackupSource = { url: string } | { dataDir: string };

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} saiu com o código ${code}: ${stderr.trim()}`))));
  });
}

/**
 * Writes a whole copy of the shop's data to `file`: pg_dump's custom format for a server, PGlite's own
 * data-directory dump (a gzipped tar) for the embedded database. The embedded one is read by opening it,
 * so the shop must be stopped first (one process at a time owns a PGlite folder).
 */
export async function backupDatabase(source: BackupSource, file: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  if ('url' in source) {
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${partial}`, `--dbname=${source.url}`]);
  } else {
    if (!existsSync(source.dataDir)) throw new Error(`Não existe uma base de dados em ${source.dataDir}.`);
    const pglite = new PGlite({ ...pgliteOptions, dataDir: source.dataDir });
    try {
      // A dump asked for before the database is up never settles.
      await pglite.waitReady;
      const dump = await pglite.dumpDataDir('gzip');
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await pglite.close();
    }
  }
  // Renamed only once complete: a backup file that exists is a whole one.
  await rename(partial, file);
}

/**
 * Puts a backup back. A server's database is replaced in one transaction (pg_restore --clean
 * --single-transaction); the embedded database's folder is moved aside (`<folder>.before-restore-<time>`)
 * and a new one loaded from the dump, so a restore can itself be undone.
 */
export async function restoreDatabase(target: BackupSource, file: string): Promise<string | undefined> {
  if (!existsSync(file)) throw new Error(`O ficheiro ${file} não existe.`);
  if ('url' in target) {
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', `--dbname=${target.url}`, file]);
    return undefined;
  }
  let movedAside: string | undefined;
  if (existsSync(target.dataDir) && readdirSync(target.dataDir).length > 0) {
    movedAside = `${target.dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(target.dataDir, movedAside);
  }
  await mkdir(target.dataDir, { recursive: true });
  const pglite = new PGlite({ ...pgliteOptions, dataDir: target.dataDir, loadDataDir: new Blob([await readFile(file)]) });
  await pglite.waitReady;
  await pglite.close();
  return movedAside;
}

/**
 * A backup of the database this process has open, with the figures it holds written beside it (`<file>.json`)
 * for `db:restore-check`. On PostgreSQL the figures are counted in a snapshot that pg_dump then reads
 * (`--snapshot`), so both describe the same instant while the shop keeps selling; the embedded database is
 * dumped by the process that owns it.
 */
export async function backupOpenDatabase(database: Database, file: string): Promise<BackupFigures> {
  const { url } = database;
  await mkdir(dirname(file), { recursive: true });
  let figures: BackupFigures;
  if (database.engine === 'postgres' && url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const snapshot = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]?.id ?? '';
      const counted = await client.query<BackupFigures>(
        'SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM order_items)::int AS items, (SELECT coalesce(sum(stock), 0) FROM products)::int AS stock',
      );
      figures = counted.rows[0] as BackupFigures;
      await run('pg_dump', ['--format=custom', '--no-owner', `--snapshot=${snapshot}`, `--file=${file}.partial`, `--dbname=${url}`]);
      await client.query('COMMIT');
    } finally {
      await client.end();
    }
  } else {
    figures = await backupFigures(database.db);
    const dump = await (database.client as PGlite).dumpDataDir('gzip');
    await writeFile(`${file}.partial`, Buffer.from(await dump.arrayBuffer()));
  }
  await writeFigures(file, figures);
  await rename(`${file}.partial`, file);
  return figures;
}

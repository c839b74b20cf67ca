import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { restoreDatabase } from './backup.ts';
import { type BackupFigures, backupFigures, readFigures } from './backup-files.ts';
import { openDatabase } from './client.ts';

async function onServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * `npm run db:restore-check` (issue #31): puts a backup back into a scratch database (a new database on the
 * PostgreSQL server for a `.dump`, a temporary folder for the embedded database's `.tar.gz`), counts its
 * orders, items and stock, compares them with the figures written beside the backup when it was made, and
 * drops the scratch copy. The shop's own database is not touched.
 */
export async function restoreCheck(file: string, serverUrl: string | undefined): Promise<{ expected: BackupFigures; restored: BackupFigures; same: boolean }> {
  const expected = await readFigures(file);
  if (!expected) throw new Error(`Faltam os números da cópia (${file}.json): faça-a com npm run db:backup ou com BACKUP_DIR.`);
  let restored: BackupFigures;
  if (file.endsWith('.dump')) {
    if (!serverUrl) throw new Error('Uma cópia .dump é do PostgreSQL: defina DATABASE_URL para o servidor onde a repor à parte.');
    const name = `loja_restore_check_${randomBytes(5).toString('hex')}`;
    await onServer(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      await restoreDatabase({ url: url.toString() }, file);
      const database = openDatabase({ url: url.toString() });
      restored = await backupFigures(database.db).finally(() => database.close());
    } finally {
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } else {
    const dir = await mkdtemp(join(tmpdir(), 'loja-restore-check-'));
    try {
      await restoreDatabase({ dataDir: join(dir, 'db') }, file);
      const database = openDatabase({ dataDir: join(dir, 'db') });
      restored = await backupFigures(database.db).finally(() => database.close());
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  const same = restored.orders === expected.orders && restored.items === expected.items && restored.stock === expected.stock;
  return { expected, restored, same };
}

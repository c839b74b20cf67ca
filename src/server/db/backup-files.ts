import { readdirSync, statSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** What a restored copy must hold again (issue #31): the orders, their items and the stock of every product. */
export type BackupFigures = { orders: number; items: number; stock: number };

/** Counts the figures; on PostgreSQL inside the snapshot the dump reads, so both see the same rows. */
export async function backupFigures(db: Db): Promise<BackupFigures> {
  const result = (await db.execute(
    sql`SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM order_items)::int AS items,
               (SELECT coalesce(sum(stock), 0) FROM products)::int AS stock`,
  )) as unknown as { rows: Record<string, number>[] };
  const row = result.rows[0] ?? {};
  return { orders: Number(row.orders), items: Number(row.items), stock: Number(row.stock) };
}

/** `loja-2026-11-26-09-30-00.dump` (PostgreSQL) or `.tar.gz` (the embedded database). */
export const backupFileName = (engine: 'postgres' | 'pglite', at = new Date()) =>
  `loja-${at.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.${engine === 'postgres' ? 'dump' : 'tar.gz'}`;

const BACKUP_FILE = /^loja-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.(dump|tar\.gz)$/;

/** The backups in a folder, newest first (by the time in their names). */
export function listBackups(dir: string): { file: string; at: Date }[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => BACKUP_FILE.test(name))
    .map((name) => ({ file: join(dir, name), at: statSync(join(dir, name)).mtime }))
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** Deletes the backups older than `keepDays` (and their figures), never the newest one. */
export async function rotateBackups(dir: string, keepDays: number, now = new Date()): Promise<string[]> {
  const [, ...older] = listBackups(dir);
  const limit = now.getTime() - keepDays * 86_400_000;
  const removed = older.filter((b) => b.at.getTime() < limit).map((b) => b.file);
  for (const file of removed) {
    await rm(file, { force: true });
    await rm(`${file}.json`, { force: true });
  }
  return removed;
}

/** The figures beside a backup (`<file>.json`), written when it was made. */
export const writeFigures = (file: string, figures: BackupFigures) => writeFile(`${file}.json`, `${JSON.stringify(figures)}\n`);
export async function readFigures(file: string): Promise<BackupFigures | undefined> {
  try {
    return JSON.parse(await readFile(`${file}.json`, 'utf8')) as BackupFigures;
  } catch {
    return undefined;
  }
}

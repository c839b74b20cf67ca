import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { opsAlertText } from '#shared/schemas/ops.ts';
import { deliverMail, useTestApp } from '../../../tests/helpers/app.ts';
import { insertProduct, placeOrder } from '../../../tests/helpers/shop.ts';
import { backupFileName, listBackups, rotateBackups } from '../db/backup-files.ts';
import { restoreCheck } from '../db/restore-check.ts';
import { scheduleBackups } from './backup-schedule.ts';

const OWNER = 'dona@loja.example.pt';
const dir = mkdtempSync(join(tmpdir(), 'loja-backups-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ctx = useTestApp({ BACKUP_DIR: dir, BACKUP_KEEP_DAYS: '3', SHOP_EMAIL: OWNER });

type Row = { key: string; run_at: string; done_at: string | null; failed_at: string | null; last_error: string | null };
const backupJobs = async () =>
  ((await ctx.database.db.execute(sql`SELECT key, run_at, done_at, failed_at, last_error FROM jobs WHERE type = 'ops.backup' ORDER BY run_at`)) as unknown as { rows: Row[] }).rows;
const metric = async (sample: string) => {
  const text = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
  const line = text.split('\n').find((l) => l.startsWith(`${sample} `));
  return line ? Number(line.slice(sample.length + 1)) : 0;
};
const DAY = 86_400_000;

describe('scheduled backups (issue #31)', { timeout: 120_000 }, () => {
  it('backs up at start when there is none, once for two processes, then queues the next day', async () => {
    const product = await insertProduct(ctx, { stock: 10 });
    await placeOrder(ctx, [{ product_id: product.id, quantity: 3 }]);
    // Two processes start together: one job.
    await scheduleBackups(ctx.database, ctx.config.ops.backup!);
    await scheduleBackups(ctx.database, ctx.config.ops.backup!);
    expect(await backupJobs()).toHaveLength(1);
    const okBefore = await metric('loja_backups_total{outcome="ok"}');

    await deliverMail(ctx);
    const backups = listBackups(dir);
    expect(backups).toHaveLength(1);
    expect(backups[0]?.file).toMatch(ctx.database.engine === 'postgres' ? /\.dump$/ : /\.tar\.gz$/);
    expect(await metric('loja_backups_total{outcome="ok"}')).toBe(okBefore + 1);
    const jobs = await backupJobs();
    expect(jobs).toHaveLength(2);
    expect(jobs[0]?.done_at).not.toBeNull();
    // The next one a day later, under that day's key.
    const next = new Date(jobs[1]?.run_at as string);
    expect(next.getTime() - Date.now()).toBeGreaterThan(DAY - 60_000);
    expect(jobs[1]?.key).toBe(next.toISOString().slice(0, 10));

    // db:restore-check puts it back in a scratch database with the same orders, items and stock.
    const check = await restoreCheck(backups[0]!.file, process.env.DATABASE_URL);
    expect(check.same).toBe(true);
    expect(check.restored.orders).toBeGreaterThanOrEqual(1);
    expect(check.restored).toEqual(check.expected);
    // Figures that do not match the copy are said to differ.
    const figuresFile = `${backups[0]!.file}.json`;
    const figures = JSON.parse(await readFile(figuresFile, 'utf8'));
    await writeFile(figuresFile, JSON.stringify({ ...figures, items: figures.items + 1 }));
    expect((await restoreCheck(backups[0]!.file, process.env.DATABASE_URL)).same).toBe(false);
    await writeFile(figuresFile, JSON.stringify(figures));
  });

  it('does not back up at start when the newest backup is less than a day old', async () => {
    await ctx.database.db.execute(sql`DELETE FROM jobs WHERE type = 'ops.backup'`);
    await scheduleBackups(ctx.database, ctx.config.ops.backup!);
    const [job] = await backupJobs();
    const newest = listBackups(dir)[0]!.at.getTime();
    expect(new Date(job!.run_at).getTime()).toBe(newest + DAY);
  });

  it('keeps BACKUP_KEEP_DAYS of backups, and always the newest', async () => {
    const old = (days: number) => {
      const file = join(dir, backupFileName(ctx.database.engine, new Date(Date.now() - days * DAY)));
      writeFileSync(file, 'x');
      writeFileSync(`${file}.json`, '{}');
      const at = new Date(Date.now() - days * DAY);
      utimesSync(file, at, at);
      return file;
    };
    const recent = old(2);
    const stale = old(5);
    const removed = await rotateBackups(dir, 3);
    expect(removed).toEqual([stale]);
    expect(listBackups(dir).map((b) => b.file)).toContain(recent);
    // With only old copies left, the newest stays whatever its age.
    const left = listBackups(dir).length;
    expect(left).toBe(2);
    expect(await rotateBackups(dir, 3, new Date(Date.now() + 30 * DAY))).toHaveLength(1);
    expect(listBackups(dir)).toHaveLength(1);
  });

  it('counts a failed backup, shows it and mails the owner', async () => {
    await ctx.database.db.execute(sql`DELETE FROM jobs WHERE type = 'ops.backup'`);
    // The folder is a file now: nothing can be written there.
    rmSync(dir, { recursive: true, force: true });
    writeFileSync(dir, 'não é uma pasta');
    const failedBefore = await metric('loja_backups_total{outcome="failed"}');
    await scheduleBackups(ctx.database, ctx.config.ops.backup!);
    await deliverMail(ctx);
    expect(await metric('loja_backups_total{outcome="failed"}')).toBe(failedBefore + 1);
    const [job] = await backupJobs();
    expect(job?.last_error).toBeTruthy();
    const mails = ctx.mailbox.to(OWNER).filter((m) => m.subject === `Alerta da loja: ${opsAlertText.backup_failed.title}`);
    expect(mails).toHaveLength(1);
    rmSync(dir, { force: true });
  });
});

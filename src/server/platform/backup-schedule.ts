import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { backupOpenDatabase } from '../db/backup.ts';
import { backupFileName, listBackups, rotateBackups } from '../db/backup-files.ts';
import type { Database } from '../db/client.ts';
import { defineJob, enqueue, type JobRunner } from './jobs.ts';
import { countBackup } from './metrics.ts';

/**
 * Scheduled backups (issue #31): one job a day through the job queue, keyed by its day, so two processes
 * starting or chaining it queue it once; each run queues the next, and deletes copies past BACKUP_KEEP_DAYS.
 */
const backupJob = defineJob('ops.backup', z.object({ day: z.string() }));
const DAY_MS = 86_400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

type BackupSettings = { dir: string; keepDays: number };

async function queueBackup(database: Database, at: Date) {
  await enqueue(database.db, backupJob, { day: dayOf(at) }, { runAt: at, key: dayOf(at), maxAttempts: 3 });
}

/**
 * At start: a backup now when the newest in the folder is older than a day (or there is none), else one a
 * day after the newest; either way under its day's key, so the processes starting together queue one.
 */
export async function scheduleBackups(database: Database, backup: BackupSettings, now = new Date()) {
  const newest = listBackups(backup.dir)[0];
  const due = !newest || now.getTime() - newest.at.getTime() >= DAY_MS ? now : new Date(newest.at.getTime() + DAY_MS);
  await queueBackup(database, due);
}

export function registerBackupJob(
  jobs: JobRunner,
  deps: { database: Database; backup: BackupSettings; log: FastifyBaseLogger; onOutcome: (error: string | undefined) => Promise<void> },
) {
  const { database, backup, log, onOutcome } = deps;
  const outcome = async (error: string | undefined) => {
    countBackup(error ? 'failed' : 'ok');
    await onOutcome(error).catch((err: unknown) => log.error({ err }, 'could not record the backup outcome'));
  };
  jobs.register(
    backupJob,
    async () => {
      const file = join(backup.dir, backupFileName(database.engine));
      try {
        const figures = await backupOpenDatabase(database, file);
        const removed = await rotateBackups(backup.dir, backup.keepDays);
        log.info({ file, figures, removed }, 'backup written');
      } catch (err) {
        // Failed attempts are retried (three in all); the owner hears of the first one.
        await outcome(err instanceof Error ? err.message : String(err));
        throw err;
      }
      await outcome(undefined);
      await queueBackup(database, new Date(Date.now() + DAY_MS));
    },
    {
      // Even when it fails for good, tomorrow's backup is queued.
      onGiveUp: () => queueBackup(database, new Date(Date.now() + DAY_MS)),
    },
  );
}

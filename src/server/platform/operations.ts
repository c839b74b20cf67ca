import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { registerBackupJob } from './backup-schedule.ts';
import type { JobRunner } from './jobs.ts';
import type { Mailer } from './mail.ts';
import { registerMetrics } from './metrics.ts';
import { invoicesWaiting, jobFigures, OpsWatch, type OpsSources } from './ops-alerts.ts';

/**
 * Watching the shop run (issue #31): GET /metrics, the watch that mails the owner, and the scheduled backup
 * job when BACKUP_DIR is set. Before the routes, so the request timer covers every one.
 */
export function registerOperations(
  app: FastifyInstance,
  deps: { config: Config; database: Database; jobs: JobRunner; mailer: Mailer; sources: OpsSources },
): OpsWatch {
  const { config, database, jobs, mailer, sources } = deps;
  const pool = database.client as { totalCount?: number; idleCount?: number };
  registerMetrics(app, {
    token: config.ops.metricsToken,
    figures: {
      jobs: () => jobFigures(database.db),
      invoicesWaiting: () => invoicesWaiting(database.db),
      poolInUse: () => (database.engine === 'postgres' ? (pool.totalCount ?? 0) - (pool.idleCount ?? 0) : 0),
    },
  });
  const watch = new OpsWatch({
    db: database.db,
    mailer,
    recipients: [config.shopEmail, config.ops.opsEmail].filter((a): a is string => Boolean(a)),
    publicUrl: config.publicUrl,
    log: app.log,
    sources,
  });
  const backup = config.ops.backup;
  if (backup) registerBackupJob(jobs, { database, backup, log: app.log, onOutcome: (error) => watch.backupOutcome(error) });
  return watch;
}

import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { jobs } from '../db/schema.ts';

export type JobHandler = (payload: unknown) => Promise<void>;

/** How long a claimed job stays ours; a process that dies mid-job lets it go after this. */
const LEASE_SECONDS = 300;

const DONE_JOBS_KEPT_DAYS = 14;
const PURGE_EVERY_MS = 3600_000;

/** Exponential backoff: 10 s, 20 s, 40 s ... capped at one hour. */
export const backoffSeconds = (attempts: number) => Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));

/**
 * Writes a job in the caller's transaction, so it exists exactly when the change that causes it does.
 */
export async function enqueue(tx: Tx, type: string, payload: unknown, options: { maxAttempts?: number; runAt?: Date } = {}) {
  await tx.insert(jobs).values({ type, payload, maxAttempts: options.maxAttempts ?? 10, runAt: options.runAt });
}

type ClaimedJob = { id: number; type: string; payload: unknown; attempts: number; max_attempts: number };

/**
 * Polls the jobs table and runs due jobs one at a time. `FOR UPDATE SKIP LOCKED` plus a lease means
 * two processes on one PostgreSQL never run the same job at once.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private lastPurge = 0;
  private readonly db: Db;
  private readonly log: FastifyBaseLogger;
  private readonly pollMs: number;

  constructor(db: Db, log: FastifyBaseLogger, pollMs: number) {
    this.db = db;
    this.log = log;
    this.pollMs = pollMs;
  }

  register(type: string, handler: JobHandler) {
    this.handlers.set(type, handler);
  }

  start() {
    this.stopped = false;
    this.schedule(0);
  }

  /** Runs due jobs now instead of at the next poll (after a commit that enqueued one). */
  kick() {
    if (!this.stopped && !this.running) this.schedule(0);
  }

  /** Stops polling and waits for the job in hand to finish. */
  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Runs every job that is due, until none is left; for tests and the CLI. */
  async drain() {
    while (await this.runOne()) {
      /* keep going */
    }
  }

  private schedule(delay: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.loop().finally(() => {
        this.running = undefined;
        if (!this.stopped) this.schedule(this.pollMs);
      });
    }, delay);
    this.timer.unref();
  }

  /** Done jobs are kept two weeks (to see what was sent), then deleted: the table stays small. Failed ones stay. */
  async purge() {
    this.lastPurge = Date.now();
    await this.db.execute(sql`DELETE FROM jobs WHERE done_at < now() - make_interval(days => ${DONE_JOBS_KEPT_DAYS})`);
  }

  private async loop() {
    try {
      if (Date.now() - this.lastPurge > PURGE_EVERY_MS) await this.purge();
      while (!this.stopped && (await this.runOne())) {
        /* run everything due */
      }
    } catch (err) {
      this.log.error({ err }, 'job runner could not reach the database');
    }
  }

  private async runOne(): Promise<boolean> {
    const result = await this.db.execute(sql`
      UPDATE jobs SET attempts = attempts + 1, locked_until = now() + make_interval(secs => ${LEASE_SECONDS})
      WHERE id = (
        SELECT id FROM jobs
        WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now()
          AND (locked_until IS NULL OR locked_until < now())
        ORDER BY run_at, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, type, payload, attempts, max_attempts`);
    const job = (result as unknown as { rows: ClaimedJob[] }).rows[0];
    if (!job) return false;
    const handler = this.handlers.get(job.type);
    try {
      if (!handler) throw new Error(`no handler for job type ${job.type}`);
      await handler(job.payload);
      await this.db.execute(sql`UPDATE jobs SET done_at = now(), locked_until = NULL WHERE id = ${job.id}`);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (job.attempts >= job.max_attempts) {
        this.log.error({ err, jobId: job.id, type: job.type }, 'job failed for good');
        await this.db.execute(
          sql`UPDATE jobs SET failed_at = now(), locked_until = NULL, last_error = ${message} WHERE id = ${job.id}`,
        );
      } else {
        const delay = backoffSeconds(job.attempts);
        this.log.warn({ err, jobId: job.id, type: job.type, retryInSeconds: delay }, 'job failed, will retry');
        await this.db.execute(sql`
          UPDATE jobs SET locked_until = NULL, last_error = ${message},
            run_at = now() + make_interval(secs => ${delay})
          WHERE id = ${job.id}`);
      }
    }
    return true;
  }
}

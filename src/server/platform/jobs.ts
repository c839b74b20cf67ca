import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { jobs } from '../db/schema.ts';

/** A kind of job: its name (what the jobs table stores) and the shape of its payload, written once. */
type JobDefinition<Payload extends z.ZodType = z.ZodType> = { readonly name: string; readonly payload: Payload };

export type JobHandler<Payload extends z.ZodType = z.ZodType> = (payload: z.output<Payload>) => Promise<void>;

/** What a job does once its last attempt failed (records the failure where its owner will see it). */
export type GiveUpHandler<Payload extends z.ZodType = z.ZodType> = (payload: z.output<Payload>, error: string) => Promise<void>;

/** Defines a job once; its module registers the handler, and `enqueue` checks every payload against it. */
export const defineJob = <Payload extends z.ZodType>(name: string, payload: Payload): JobDefinition<Payload> => ({ name, payload });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that may queue jobs all the same (the gateway's callback, a status poll that finds the money arrived). */
    queuesJobs?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Wakes the runner after every request that changed something and succeeded: the jobs it queued (a mail,
 * a payment's expiry) run now rather than at the next poll. One hook instead of a `kick()` in each route.
 */
export function kickAfterChanges(app: FastifyInstance, runner: JobRunner) {
  app.addHook('onResponse', async (request, reply) => {
    const changes = !SAFE_METHODS.has(request.method) || request.routeOptions.config?.queuesJobs;
    if (changes && reply.statusCode < 400) runner.kick();
  });
}

/** How long a claimed job stays ours; a process that dies mid-job lets it go after this. */
const LEASE_SECONDS = 300;

const DONE_JOBS_KEPT_DAYS = 14;
const PURGE_EVERY_MS = 3600_000;

/**
 * Thrown by a job whose outside service asked to be called again later (HTTP 429 or 503 with `Retry-After`):
 * the job runs again after that many seconds, and the attempt is not counted (it was not a failure).
 */
export class RetryLater extends Error {
  readonly seconds: number;
  constructor(message: string, seconds: number) {
    super(message);
    this.seconds = Math.min(3600, Math.max(1, Math.ceil(seconds)));
  }
}

/** Exponential backoff: 10 s, 20 s, 40 s ... capped at one hour. */
export const backoffSeconds = (attempts: number) => Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));

/**
 * Writes a job in the caller's transaction, so it exists exactly when the change that causes it does. The
 * payload is checked against the job's schema here, so a bad one fails the change that queues it rather
 * than the job, days later. A `key` makes the job unique among the jobs of its kind kept in the table
 * (done ones included, until they are purged): a second job with the same key is not queued. Answers
 * whether this call queued the job.
 */
export async function enqueue<Payload extends z.ZodType>(
  tx: Tx,
  job: JobDefinition<Payload>,
  payload: z.input<Payload>,
  options: { maxAttempts?: number; runAt?: Date; key?: string } = {},
): Promise<boolean> {
  job.payload.parse(payload);
  const inserted = await tx
    .insert(jobs)
    .values({ type: job.name, payload, maxAttempts: options.maxAttempts ?? 10, runAt: options.runAt, key: options.key })
    .onConflictDoNothing({ target: [jobs.type, jobs.key], where: sql`key IS NOT NULL` })
    .returning({ id: jobs.id });
  return inserted.length > 0;
}

type ClaimedJob = { id: number; type: string; payload: unknown; attempts: number; max_attempts: number };

/**
 * Polls the jobs table and runs due jobs one at a time. `FOR UPDATE SKIP LOCKED` plus a lease means
 * two processes on one PostgreSQL never run the same job at once.
 */
export class JobRunner {
  private readonly handlers = new Map<string, (payload: unknown) => Promise<void>>();
  private readonly giveUps = new Map<string, (payload: unknown, error: string) => Promise<void>>();
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

  /** The handler gets the payload parsed by the job's schema: a row that no longer fits fails, and is retried. */
  register<Payload extends z.ZodType>(job: JobDefinition<Payload>, handler: JobHandler<Payload>, options: { onGiveUp?: GiveUpHandler<Payload> } = {}) {
    this.handlers.set(job.name, async (payload) => handler(await job.payload.parseAsync(payload)));
    const { onGiveUp } = options;
    if (onGiveUp) this.giveUps.set(job.name, async (payload, error) => onGiveUp(await job.payload.parseAsync(payload), error));
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
      if (err instanceof RetryLater) {
        this.log.warn({ jobId: job.id, type: job.type, retryInSeconds: err.seconds }, 'job asked to wait, will retry');
        await this.db.execute(sql`
          UPDATE jobs SET locked_until = NULL, last_error = ${message}, attempts = attempts - 1,
            run_at = now() + make_interval(secs => ${err.seconds})
          WHERE id = ${job.id}`);
      } else if (job.attempts >= job.max_attempts) {
        this.log.error({ err, jobId: job.id, type: job.type }, 'job failed for good');
        await this.db.execute(
          sql`UPDATE jobs SET failed_at = now(), locked_until = NULL, last_error = ${message} WHERE id = ${job.id}`,
        );
        await this.giveUps.get(job.type)?.(job.payload, message).catch((giveUpErr: unknown) => {
          this.log.error({ err: giveUpErr, jobId: job.id, type: job.type }, 'could not record a job that failed for good');
        });
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

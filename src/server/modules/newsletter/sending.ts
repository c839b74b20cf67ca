import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { defineJob, enqueue, type JobHandler, type JobRunner } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mail.ts';
import { newsletterMail } from './mails.ts';
import { newsletterDeliveries, newsletterDraft, newsletterSends } from './tables.ts';

/*
 * How a send runs. Turning the switch on (campaign.ts) writes the send, one `newsletter_deliveries` row
 * per confirmed subscriber (the ledger) and the job for batch 1. Each batch job claims recipients one
 * at a time from the ledger (`FOR UPDATE SKIP LOCKED` plus a lease), mails them, marks each row, then
 * queues the next batch at the time the pace allows. Whatever process runs the next batch, and after
 * whatever crash or restart, it starts from the ledger: a row marked 'sent' is never mailed again.
 * When no row is pending the send is marked done with its counts and the switch turns off.
 */

/** One batch of one send. */
export const newsletterSendJob = defineJob('newsletter.send', z.object({ sendId: z.number().int().positive(), batch: z.number().int().positive() }));
type BatchJob = z.output<typeof newsletterSendJob.payload>;

/** Attempts at one recipient the mail server refused for now (4xx) before it counts as failed. */
export const MAX_ATTEMPTS = 3;
/** How long a claimed recipient stays ours: far longer than one SMTP conversation. */
const DELIVERY_LEASE_SECONDS = 600;
/** A batch hands over to the next job well before the job runner's own lease (300 s) could lapse. */
const BATCH_TIME_LIMIT_MS = 120_000;

export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** How many recipients one job handles, and how far apart batches start, to stay under `sendPerMinute`. */
export function pacing(sendPerMinute: number) {
  const batchSize = Math.min(50, Math.max(1, Math.ceil(sendPerMinute / 6)));
  return { batchSize, intervalMs: (batchSize * 60_000) / sendPerMinute };
}

/**
 * Queues a batch of a send. A batch job that runs again after a crash (the runner's lease lapsed before
 * it was marked done) finds its successor already queued (same key) and adds none: one chain per send, one pace.
 */
export async function queueSendBatch(tx: Tx, job: BatchJob, runAt?: Date) {
  // The handler turns mail errors into ledger rows; a job error is the database itself, worth long patience.
  await enqueue(tx, newsletterSendJob, job, { runAt, maxAttempts: 50, key: `${job.sendId}:${job.batch}` });
}

type Claimed = { subscriber_id: number; email: string; attempts: number; unsubscribe_token: string | null };

/** Takes one recipient still owed this send, if any is free now and still subscribed. */
async function claimRecipient(db: Db, sendId: number): Promise<Claimed | undefined> {
  const result = await db.execute(sql`
    UPDATE newsletter_deliveries d
    SET attempts = d.attempts + 1, locked_until = now() + make_interval(secs => ${DELIVERY_LEASE_SECONDS})
    FROM newsletter_subscribers s
    WHERE s.id = d.subscriber_id AND (d.send_id, d.subscriber_id) = (
      SELECT x.send_id, x.subscriber_id
      FROM newsletter_deliveries x
      JOIN newsletter_sends n ON n.id = x.send_id AND n.status = 'sending'
      JOIN newsletter_subscribers y ON y.id = x.subscriber_id AND y.status = 'confirmed'
      WHERE x.send_id = ${sendId} AND x.status = 'pending' AND (x.locked_until IS NULL OR x.locked_until < now())
      ORDER BY x.subscriber_id
      LIMIT 1
      FOR UPDATE OF x SKIP LOCKED)
    RETURNING d.subscriber_id, d.email, d.attempts, s.unsubscribe_token`);
  return rowsOf<Claimed>(result)[0];
}

/** Marks a recipient served and counts it, in one statement. */
const markSent = (db: Db, sendId: number, subscriberId: number) =>
  db.execute(sql`
    WITH served AS (
      UPDATE newsletter_deliveries SET status = 'sent', sent_at = now(), locked_until = NULL, last_error = NULL
      WHERE send_id = ${sendId} AND subscriber_id = ${subscriberId} AND status = 'pending'
      RETURNING 1)
    UPDATE newsletter_sends SET sent_count = sent_count + (SELECT count(*) FROM served) WHERE id = ${sendId}`);

const markFailed = (db: Db, sendId: number, subscriberId: number, error: string) =>
  db.execute(sql`
    WITH failed AS (
      UPDATE newsletter_deliveries SET status = 'failed', locked_until = NULL, last_error = ${error}
      WHERE send_id = ${sendId} AND subscriber_id = ${subscriberId} AND status = 'pending'
      RETURNING 1)
    UPDATE newsletter_sends SET failed_count = failed_count + (SELECT count(*) FROM failed) WHERE id = ${sendId}`);

/** A refused attempt waits out its backoff under the lease column, so no batch takes it before then. */
const retryLater = (db: Db, sendId: number, subscriberId: number, error: string, delayMs: number) =>
  db.execute(sql`
    UPDATE newsletter_deliveries SET locked_until = now() + make_interval(secs => ${delayMs / 1000}), last_error = ${error}
    WHERE send_id = ${sendId} AND subscriber_id = ${subscriberId} AND status = 'pending'`);

/** The mail server was not reached: the attempt does not count against the recipient. */
const release = (db: Db, sendId: number, subscriberId: number, error: string) =>
  db.execute(sql`
    UPDATE newsletter_deliveries SET attempts = greatest(attempts - 1, 0), locked_until = NULL, last_error = ${error}
    WHERE send_id = ${sendId} AND subscriber_id = ${subscriberId} AND status = 'pending'`);

/** People who unsubscribed (or were deleted) since the send began are no longer its recipients. */
const dropLapsedRecipients = (db: Db, sendId: number) =>
  db.execute(sql`
    WITH gone AS (
      DELETE FROM newsletter_deliveries d
      WHERE d.send_id = ${sendId} AND d.status = 'pending' AND (d.locked_until IS NULL OR d.locked_until < now())
        AND NOT EXISTS (SELECT 1 FROM newsletter_subscribers s WHERE s.id = d.subscriber_id AND s.status = 'confirmed')
      RETURNING 1)
    UPDATE newsletter_sends SET recipients = recipients - (SELECT count(*) FROM gone) WHERE id = ${sendId}`);

/** SMTP says what kind of failure it was: 5xx is final, 4xx is worth another try, no answer means no server. */
function classify(err: unknown): 'permanent' | 'transient' | 'unreachable' {
  const e = err as { responseCode?: unknown; code?: unknown };
  if (typeof e.responseCode === 'number') return e.responseCode >= 500 ? 'permanent' : 'transient';
  if (e.code === 'EENVELOPE') return 'permanent';
  return 'unreachable';
}

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

export type SenderOptions = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  sendPerMinute: number;
  log: FastifyBaseLogger;
  /** The waits before a refused recipient's 2nd and 3rd attempts. */
  retryDelaysMs?: readonly number[];
  /** The wait before trying again when the mail server cannot be reached at all. */
  pauseMs?: number;
};

/** The handler of the newsletter's send jobs: one batch of one send. */
export function newsletterSender(options: SenderOptions): JobHandler<typeof newsletterSendJob.payload> {
  const { db, mailer, publicUrl, log } = options;
  const retryDelaysMs = options.retryDelaysMs ?? [60_000, 300_000];
  const pauseMs = options.pauseMs ?? 60_000;
  const { batchSize, intervalMs } = pacing(options.sendPerMinute);

  return async ({ sendId, batch }) => {
    const [send] = await db.select().from(newsletterSends).where(eq(newsletterSends.id, sendId));
    if (!send || send.status !== 'sending') return;
    const started = Date.now();
    await dropLapsedRecipients(db, sendId);

    let unreachable = false;
    for (let i = 0; i < batchSize && Date.now() - started < BATCH_TIME_LIMIT_MS; i++) {
      const recipient = await claimRecipient(db, sendId);
      if (!recipient) break;
      const { subscriber_id: subscriberId, email, attempts, unsubscribe_token: token } = recipient;
      if (!token) {
        await markFailed(db, sendId, subscriberId, 'subscriber has no unsubscribe token');
        continue;
      }
      try {
        await mailer.send(await newsletterMail(publicUrl, email, token, send));
      } catch (err) {
        const kind = classify(err);
        log.warn({ err, sendId, subscriberId, attempts, kind }, 'newsletter delivery failed');
        if (kind === 'unreachable') {
          await release(db, sendId, subscriberId, describe(err));
          unreachable = true;
          break;
        }
        if (kind === 'permanent' || attempts >= MAX_ATTEMPTS) await markFailed(db, sendId, subscriberId, describe(err));
        else await retryLater(db, sendId, subscriberId, describe(err), retryDelaysMs[attempts - 1] ?? retryDelaysMs.at(-1) ?? 60_000);
        continue;
      }
      // The only window for a repeat: the mail server accepted the message and this process dies before the
      // next statement. That one recipient is mailed again after the lease; nobody else is, since each row
      // is marked the moment its own message is accepted.
      await markSent(db, sendId, subscriberId);
    }

    await db.transaction(async (tx) => {
      // Same lock order as the switch (draft, then send), so the two never deadlock.
      await tx.select({ id: newsletterDraft.id }).from(newsletterDraft).where(eq(newsletterDraft.id, 1)).for('update');
      const [current] = await tx.select({ status: newsletterSends.status }).from(newsletterSends).where(eq(newsletterSends.id, sendId)).for('update');
      if (current?.status !== 'sending') return;
      const [left] = rowsOf<{ pending: number; ready: number; wait_ms: number }>(
        await tx.execute(sql`
          SELECT count(*)::int AS pending,
            count(*) FILTER (WHERE locked_until IS NULL OR locked_until < now())::int AS ready,
            coalesce(extract(epoch FROM min(locked_until) - now()) * 1000, 0)::float8 AS wait_ms
          FROM newsletter_deliveries WHERE send_id = ${sendId} AND status = 'pending'`),
      );
      if (!left || left.pending === 0) {
        await finishSend(tx, sendId);
        return;
      }
      let runAt = Math.max(started + intervalMs, Date.now());
      if (unreachable) runAt = Math.max(runAt, Date.now() + pauseMs);
      else if (left.ready === 0) runAt = Math.max(runAt, Date.now() + left.wait_ms);
      await queueSendBatch(tx, { sendId, batch: batch + 1 }, new Date(runAt));
    });
  };
}

async function finishSend(tx: Tx, sendId: number) {
  const counted = (status: 'sent' | 'failed') =>
    sql<number>`(SELECT count(*)::int FROM ${newsletterDeliveries} WHERE send_id = ${sendId} AND status = ${status})`;
  await tx
    .update(newsletterSends)
    .set({ status: 'done', finishedAt: new Date(), sentCount: counted('sent'), failedCount: counted('failed') })
    .where(eq(newsletterSends.id, sendId));
  await tx.update(newsletterDraft).set({ isToSend: false }).where(eq(newsletterDraft.id, 1));
}

export function registerNewsletterJobs(jobs: JobRunner, options: SenderOptions) {
  jobs.register(newsletterSendJob, newsletterSender(options));
}

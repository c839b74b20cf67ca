import { and, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enqueue, type JobRunner } from '../../platform/jobs.ts';
import { queueReferenceReminder } from '../orders/for-payments.ts';
import { multibancoRemindersJob } from './jobs.ts';
import { mailingShop, type PaymentsContext } from './payment-records.ts';
import { payments } from './tables.ts';

/*
 * The reminder of a Multibanco or Payshop reference still unpaid near its deadline (issue #27, decisions 0049,
 * 0052): once, 24 hours before the reference's own deadline, or half-way through a validity shorter than 48 hours.
 * A periodic job looks for the references due; each is reminded in one transaction that locks its row,
 * marks it reminded and queues the mail, so two processes, or a run repeated after a crash, send one.
 */

/** How often the job looks: a reminder goes out at most this long after it is due. */
export const REMINDER_RUN_EVERY_MS = 15 * 60_000;
/** References looked at per run; any left over are due at the next one. */
const BATCH = 500;

/**
 * Due at the later of "24 hours before the deadline" and "half-way from the reference's issue to its
 * deadline": the first for a validity of 48 hours or more, the second below that (a reference of a day is
 * reminded after 12 hours, not as soon as it is issued).
 */
const dueBy = (now: Date) =>
  and(
    inArray(payments.method, ['multibanco', 'payshop']),
    eq(payments.status, 'pending'),
    isNull(payments.remindedAt),
    // A Multibanco reference is paid with its entity; a Payshop one has none.
    or(eq(payments.method, 'payshop'), isNotNull(payments.entity)),
    isNotNull(payments.reference),
    gt(payments.expiresAt, now),
    sql`GREATEST(${payments.expiresAt} - interval '24 hours', ${payments.createdAt} + (${payments.expiresAt} - ${payments.createdAt}) / 2) <= ${now.toISOString()}::timestamptz`,
  );

/**
 * One reference: its row locked (a reference another process is reminding, or a callback is paying, is
 * skipped rather than waited for), the order asked whether it still waits for this money, the mail queued
 * and the row marked, all in one transaction. Answers whether it reminded.
 */
async function remindReference({ db, config }: PaymentsContext, paymentId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), dueBy(now)))
      .for('update', { skipLocked: true });
    if (!row?.reference) return false;
    const { reference, amountCents, expiresAt } = row;
    const details = row.method === 'payshop' ? { kind: 'payshop' as const, reference, amountCents, expiresAt } : row.entity ? { entity: row.entity, reference, amountCents, expiresAt } : undefined;
    if (!details || !(await queueReferenceReminder(tx, mailingShop(config), row.orderId, details))) return false;
    await tx.update(payments).set({ remindedAt: now, updatedAt: now }).where(eq(payments.id, row.id));
    return true;
  });
}

/** One run, as of `now` (a test moves it forward): reminds every reference due, answers how many. */
export async function remindUnpaidReferences(ctx: PaymentsContext, now = new Date()): Promise<number> {
  const due = await ctx.db.select({ id: payments.id }).from(payments).where(dueBy(now)).orderBy(payments.expiresAt).limit(BATCH);
  let reminded = 0;
  for (const { id } of due) if (await remindReference(ctx, id, now)) reminded++;
  return reminded;
}

/** The run's slot: runs are keyed by the quarter hour they start, so processes that start together queue one. */
const slotOf = (at: Date) => new Date(Math.floor(at.getTime() / REMINDER_RUN_EVERY_MS) * REMINDER_RUN_EVERY_MS);

async function queueRun(db: Db, slot: Date, runAt = slot) {
  const key = slot.toISOString();
  await enqueue(db, multibancoRemindersJob, { slot: key }, { runAt, key, maxAttempts: 3 });
}

/** After a run (or its last failed attempt): the next quarter hour, never one already past (a stopped shop does not catch up run by run). */
const queueNextRun = (db: Db) => queueRun(db, new Date(slotOf(new Date()).getTime() + REMINDER_RUN_EVERY_MS));

/** At start: a run now, under the current quarter hour's key (the chain of runs may already hold it). */
export const scheduleReferenceReminders = (db: Db, now = new Date()) => queueRun(db, slotOf(now), now);

export function registerReminderJob(jobs: JobRunner, ctx: PaymentsContext) {
  jobs.register(
    multibancoRemindersJob,
    async () => {
      await remindUnpaidReferences(ctx);
      await queueNextRun(ctx.db);
    },
    // Even when a run fails for good, the next one is queued.
    { onGiveUp: () => queueNextRun(ctx.db) },
  );
}

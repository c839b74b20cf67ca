import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { PURGED_BY_JOB, type RetentionKey, retentionDays } from '#shared/retention.ts';
import type { Db, Tx } from '../../db/client.ts';
import { defineJob, enqueue, type JobRunner } from '../../platform/jobs.ts';
import { purgeExpired } from '../auth/personal-data.ts';
import { purgeUnconfirmedAlerts } from '../catalog/restock-personal-data.ts';
import { purgeMessagesBefore } from '../contact/personal-data.ts';
import { purgeUnconfirmed } from '../newsletter/personal-data.ts';
import { ANONYMOUS_EMAIL, ANONYMOUS_MARK, anonymiseOrdersBefore } from '../orders/customer-rights.ts';
import { purgeUnverifiedAccounts } from '../users/personal-data.ts';
import { anonymiseWithdrawalRequests } from '../withdrawals/personal-data.ts';

/*
 * The retention the terms promise, carried out (RGPD art. 5.º n.º 1 al. e)): once a day, each rule of
 * src/shared/retention.ts that the shop's job keeps deletes (or, for orders, anonymises) what is past its
 * period. One job a day through the queue, keyed by its day like the backups (platform/backup-schedule.ts).
 */

const DAY_MS = 86_400_000;
const before = (now: Date, key: RetentionKey) => new Date(now.getTime() - retentionDays(key) * DAY_MS);

/** What each rule the job keeps does, by its key: the test checks this covers exactly the table's job rules. */
export const PURGES: Partial<Record<RetentionKey, (tx: Tx, now: Date) => Promise<number>>> = {
  'unverified-accounts': (tx, now) => purgeUnverifiedAccounts(tx, before(now, 'unverified-accounts')),
  'sessions-and-tokens': async (tx, now) => {
    const removed = await purgeExpired(tx, now);
    return removed.sessions + removed.tokens;
  },
  'order-personal-data': async (tx, now) => {
    const ids = await anonymiseOrdersBefore(tx, before(now, 'order-personal-data'));
    await anonymiseWithdrawalRequests(tx, ids, ANONYMOUS_MARK, ANONYMOUS_EMAIL);
    return ids.length;
  },
  'contact-messages': (tx, now) => purgeMessagesBefore(tx, before(now, 'contact-messages')),
  'newsletter-unconfirmed': (tx, now) => purgeUnconfirmed(tx, before(now, 'newsletter-unconfirmed')),
  'restock-unconfirmed': (tx, now) => purgeUnconfirmedAlerts(tx, before(now, 'restock-unconfirmed')),
};

export type PurgeCounts = Partial<Record<RetentionKey, number>>;

/** One run, as of `now` (a test moves it forward): answers how many rows each rule removed or anonymised. */
export async function purgePastRetention(db: Db, now = new Date()): Promise<PurgeCounts> {
  return db.transaction(async (tx) => {
    const counts: PurgeCounts = {};
    for (const rule of PURGED_BY_JOB) {
      const purge = PURGES[rule.key];
      if (!purge) throw new Error(`retention rule ${rule.key} has no purge`);
      counts[rule.key] = await purge(tx, now);
    }
    return counts;
  });
}

const purgeJob = defineJob('privacy.retention-purge', z.object({ day: z.string() }));
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

async function queuePurge(db: Db, at: Date) {
  await enqueue(db, purgeJob, { day: dayOf(at) }, { runAt: at, key: dayOf(at), maxAttempts: 3 });
}

/** At start: today's run (keyed by its day, so processes starting together queue it once). */
export const scheduleRetentionPurge = (db: Db, now = new Date()) => queuePurge(db, now);

export function registerRetentionPurge(jobs: JobRunner, { db, log }: { db: Db; log: FastifyBaseLogger }) {
  jobs.register(
    purgeJob,
    async ({ day }) => {
      const counts = await purgePastRetention(db);
      log.info({ day, counts }, 'retention purge done');
      await queuePurge(db, new Date(Date.now() + DAY_MS));
    },
    // Even when it fails for good, tomorrow's run is queued.
    { onGiveUp: () => queuePurge(db, new Date(Date.now() + DAY_MS)) },
  );
}

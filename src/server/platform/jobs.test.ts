import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../tests/helpers/database.ts';
import type { Database } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import { backoffSeconds, enqueue, JobRunner } from './jobs.ts';

let database: Database;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

describe('durable jobs', () => {
  it('keeps no job when the transaction that wrote it rolls back', async () => {
    await database.db
      .transaction(async (tx) => {
        await enqueue(tx, 'rollback.test', { n: 1 });
        throw new Error('boom');
      })
      .catch(() => {});
    expect(await database.db.select().from(jobs).where(eq(jobs.type, 'rollback.test'))).toHaveLength(0);
  });

  it('runs each job once with two runners working the same table', async () => {
    const seen: number[] = [];
    const handler = async (payload: unknown) => {
      await new Promise((r) => setTimeout(r, 2));
      seen.push((payload as { n: number }).n);
    };
    const a = new JobRunner(database.db, log, 50);
    const b = new JobRunner(database.db, log, 50);
    a.register('count', handler);
    b.register('count', handler);
    for (let n = 0; n < 40; n++) await enqueue(database.db, 'count', { n });
    await Promise.all([a.drain(), b.drain()]);
    expect(seen.sort((x, y) => x - y)).toEqual([...Array(40).keys()]);
    const left = await database.db.select().from(jobs).where(eq(jobs.type, 'count'));
    expect(left.every((j) => j.doneAt !== null && j.attempts === 1)).toBe(true);
  });

  it('retries a failing job later with backoff, and gives up after its attempts', async () => {
    const runner = new JobRunner(database.db, log, 50);
    let calls = 0;
    runner.register('flaky', async () => {
      calls++;
      throw new Error('SMTP em baixo');
    });
    await enqueue(database.db, 'flaky', {}, { maxAttempts: 2 });
    await runner.drain();
    expect(calls).toBe(1);
    let [job] = await database.db.select().from(jobs).where(eq(jobs.type, 'flaky'));
    expect(job).toMatchObject({ attempts: 1, lastError: 'SMTP em baixo', doneAt: null, failedAt: null });
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now() + 5_000);

    await database.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(jobs.id, job!.id));
    await runner.drain();
    [job] = await database.db.select().from(jobs).where(eq(jobs.type, 'flaky'));
    expect(calls).toBe(2);
    expect(job?.failedAt).not.toBeNull();
  });

  it('finishes the job in hand before stopping (graceful shutdown)', async () => {
    const runner = new JobRunner(database.db, log, 50);
    let started!: () => void;
    const startedPromise = new Promise<void>((resolve) => (started = resolve));
    let finished = false;
    runner.register('slow', async () => {
      started();
      await new Promise((r) => setTimeout(r, 300));
      finished = true;
    });
    await enqueue(database.db, 'slow', {});
    runner.start();
    await startedPromise;
    await runner.stop();
    expect(finished).toBe(true);
    const [job] = await database.db.select().from(jobs).where(eq(jobs.type, 'slow'));
    expect(job?.doneAt).not.toBeNull();
  });

  it('deletes done jobs after two weeks, and keeps recent and failed ones', async () => {
    const runner = new JobRunner(database.db, log, 50);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    await database.db.insert(jobs).values([
      { type: 'purge.old', payload: {}, doneAt: daysAgo(15) },
      { type: 'purge.recent', payload: {}, doneAt: daysAgo(13) },
      { type: 'purge.failed', payload: {}, failedAt: daysAgo(60) },
      { type: 'purge.waiting', payload: {}, runAt: daysAgo(30) },
    ]);
    await runner.purge();
    const left = (await database.db.select({ type: jobs.type }).from(jobs)).map((j) => j.type).filter((t) => t.startsWith('purge.'));
    expect(left.sort()).toEqual(['purge.failed', 'purge.recent', 'purge.waiting']);
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([10, 20, 40, 80]);
    expect(backoffSeconds(30)).toBe(3600);
  });
});

import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../tests/helpers/database.ts';
import type { Database } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import { z } from 'zod';
import { backoffSeconds, defineJob, enqueue, JobRunner, RetryLater } from './jobs.ts';

const rollbackJob = defineJob('rollback.test', z.object({ n: z.number() }));
const countJob = defineJob('count', z.object({ n: z.number() }));
const flakyJob = defineJob('flaky', z.object({}));
const slowJob = defineJob('slow', z.object({}));
const busyJob = defineJob('busy', z.object({}));
const typedJob = defineJob('typed', z.object({ orderId: z.number().int() }));

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
        await enqueue(tx, rollbackJob, { n: 1 });
        throw new Error('boom');
      })
      .catch(() => {});
    expect(await database.db.select().from(jobs).where(eq(jobs.type, rollbackJob.name))).toHaveLength(0);
  });

  it('runs each job once with two runners working the same table', async () => {
    const seen: number[] = [];
    const handler = async ({ n }: { n: number }) => {
      await new Promise((r) => setTimeout(r, 2));
      seen.push(n);
    };
    const a = new JobRunner(database.db, log, 50);
    const b = new JobRunner(database.db, log, 50);
    a.register(countJob, handler);
    b.register(countJob, handler);
    for (let n = 0; n < 40; n++) await enqueue(database.db, countJob, { n });
    await Promise.all([a.drain(), b.drain()]);
    expect(seen.sort((x, y) => x - y)).toEqual([...Array(40).keys()]);
    const left = await database.db.select().from(jobs).where(eq(jobs.type, countJob.name));
    expect(left.every((j) => j.doneAt !== null && j.attempts === 1)).toBe(true);
  });

  it('hands the handler its payload parsed, and fails a row that does not fit the job (no handler call)', async () => {
    const runner = new JobRunner(database.db, log, 50);
    const seen: number[] = [];
    runner.register(typedJob, async ({ orderId }) => void seen.push(orderId));
    await enqueue(database.db, typedJob, { orderId: 7 });
    await database.db.insert(jobs).values({ type: typedJob.name, payload: { orderId: 'x' }, maxAttempts: 1 });
    await runner.drain();
    expect(seen).toEqual([7]);
    const rows = await database.db.select().from(jobs).where(eq(jobs.type, typedJob.name));
    expect(rows.filter((j) => j.failedAt !== null)).toHaveLength(1);
  });

  it('retries a failing job later with backoff, and gives up after its attempts', async () => {
    const runner = new JobRunner(database.db, log, 50);
    let calls = 0;
    runner.register(flakyJob, async () => {
      calls++;
      throw new Error('SMTP em baixo');
    });
    await enqueue(database.db, flakyJob, {}, { maxAttempts: 2 });
    await runner.drain();
    expect(calls).toBe(1);
    let [job] = await database.db.select().from(jobs).where(eq(jobs.type, flakyJob.name));
    expect(job).toMatchObject({ attempts: 1, lastError: 'SMTP em baixo', doneAt: null, failedAt: null });
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now() + 5_000);

    await database.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(jobs.id, job!.id));
    await runner.drain();
    [job] = await database.db.select().from(jobs).where(eq(jobs.type, flakyJob.name));
    expect(calls).toBe(2);
    expect(job?.failedAt).not.toBeNull();
  });

  it('runs a job that was asked to wait (RetryLater) after that time, without counting the attempt', async () => {
    const runner = new JobRunner(database.db, log, 50);
    let calls = 0;
    runner.register(busyJob, async () => {
      calls++;
      if (calls <= 3) throw new RetryLater('O serviço pediu para aguardar (429)', 30);
    });
    await enqueue(database.db, busyJob, {}, { maxAttempts: 1 });
    await runner.drain();
    let [job] = await database.db.select().from(jobs).where(eq(jobs.type, busyJob.name));
    expect(job).toMatchObject({ attempts: 0, lastError: 'O serviço pediu para aguardar (429)', doneAt: null, failedAt: null });
    const wait = job!.runAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(25_000);
    expect(wait).toBeLessThanOrEqual(30_000);

    // Asked to wait three times with one attempt allowed: never given up, done on the fourth run.
    for (let run = 0; run < 3; run++) {
      await database.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(jobs.id, job!.id));
      await runner.drain();
    }
    [job] = await database.db.select().from(jobs).where(eq(jobs.type, busyJob.name));
    expect(calls).toBe(4);
    expect(job).toMatchObject({ attempts: 1, failedAt: null });
    expect(job?.doneAt).not.toBeNull();
  });

  it('finishes the job in hand before stopping (graceful shutdown)', async () => {
    const runner = new JobRunner(database.db, log, 50);
    let started!: () => void;
    const startedPromise = new Promise<void>((resolve) => (started = resolve));
    let finished = false;
    runner.register(slowJob, async () => {
      started();
      await new Promise((r) => setTimeout(r, 300));
      finished = true;
    });
    await enqueue(database.db, slowJob, {});
    runner.start();
    await startedPromise;
    await runner.stop();
    expect(finished).toBe(true);
    const [job] = await database.db.select().from(jobs).where(eq(jobs.type, slowJob.name));
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

  it('refuses a payload that does not fit its job when it is queued, and the change that queued it with it', async () => {
    const before = await database.db.select().from(jobs).where(eq(jobs.type, typedJob.name));
    const queued = database.db.transaction(async (tx) => {
      await enqueue(tx, countJob, { n: 1 });
      // A caller that got around the types (a value read from JSON, say).
      await enqueue(tx, typedJob, { orderId: 'sete' as unknown as number });
    });
    await expect(queued).rejects.toThrow(/orderId/);
    expect(await database.db.select().from(jobs).where(eq(jobs.type, typedJob.name))).toHaveLength(before.length);
  });

  it('queues one job per key, done ones included, and says whether this call queued it', async () => {
    const keyedJob = defineJob('keyed', z.object({ n: z.number() }));
    expect(await enqueue(database.db, keyedJob, { n: 1 }, { key: 'send-1:batch-2' })).toBe(true);
    expect(await enqueue(database.db, keyedJob, { n: 2 }, { key: 'send-1:batch-2' })).toBe(false);
    expect(await enqueue(database.db, countJob, { n: 3 }, { key: 'send-1:batch-2' })).toBe(true);
    const runner = new JobRunner(database.db, log, 50);
    runner.register(keyedJob, async () => {});
    await runner.drain();
    expect(await enqueue(database.db, keyedJob, { n: 4 }, { key: 'send-1:batch-2' })).toBe(false);
    expect(await enqueue(database.db, keyedJob, { n: 5 })).toBe(true);
    expect(await enqueue(database.db, keyedJob, { n: 6 })).toBe(true);
    const rows = await database.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.type, keyedJob.name));
    expect(rows.map((row) => row.payload)).toEqual([{ n: 1 }, { n: 5 }, { n: 6 }]);
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([10, 20, 40, 80]);
    expect(backoffSeconds(30)).toBe(3600);
  });
});

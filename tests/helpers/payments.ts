import { eq, sql } from 'drizzle-orm';
import { jobs } from '../../src/server/db/schema.ts';
import { orders } from '../../src/server/modules/orders/tables.ts';
import { payments } from '../../src/server/modules/payments/tables.ts';
import type { TestContext } from './app.ts';

/** What the payment tests read back and make happen: an order's row, its attempts in order, their deadline passed. */
export function paymentRows(ctx: TestContext) {
  const db = () => ctx.database.db;
  const runJobsNow = async () => {
    await db().update(jobs).set({ runAt: sql`now()` }).where(sql`done_at IS NULL AND failed_at IS NULL`);
    await ctx.app.jobs.drain();
  };
  return {
    orderRow: async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!,
    paymentsOf: (orderId: number) => db().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id),
    /** The order's attempts reach their deadline a minute ago, and the jobs that follow run. */
    expireAttempts: async (orderId: number) => {
      await db().update(payments).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(payments.orderId, orderId));
      await runJobsNow();
    },
  };
}

import { and, gt, lte, min, max } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentCallbacks, payments } from './tables.ts';

/**
 * For the operations alert (issue #31): the oldest payment (a reference issued, an MB WAY request sent) after
 * which no callback at all arrived, or null. Forged callbacks are only counted, never stored, so they do not
 * hide a silent gateway.
 */
export async function paymentsUnansweredSince(db: Db, now: Date): Promise<Date | null> {
  const [last] = await db.select({ at: max(paymentCallbacks.receivedAt) }).from(paymentCallbacks);
  const after = last?.at ?? new Date(0);
  const [oldest] = await db
    .select({ at: min(payments.createdAt) })
    .from(payments)
    .where(and(gt(payments.createdAt, after), lte(payments.createdAt, now)));
  return oldest?.at ?? null;
}

import { inArray } from 'drizzle-orm';
import type { Withdrawal } from '#shared/schemas/withdrawals.ts';
import type { Tx } from '../../db/client.ts';
import { withdrawalRequests } from './tables.ts';
import { withdrawalsOf } from './withdrawals.ts';

/*
 * Her withdrawal requests, for her data export and her erasure (decision 0041): gathered by her orders, since
 * a request belongs to its order. On erasure they stay, as the order does (the proof that the shop honoured
 * the right, DL 24/2014 art. 11.º), with her name, e-mail, address and words replaced by the anonymous mark.
 */

/** The requests made on these orders, as her order pages show them. */
export async function withdrawalRequestsOf(tx: Tx, orderIds: number[]): Promise<Withdrawal[]> {
  if (!orderIds.length) return [];
  const rows = await tx.select().from(withdrawalRequests).where(inArray(withdrawalRequests.orderId, orderIds));
  return withdrawalsOf(tx, rows.sort((a, b) => a.id - b.id));
}

/** The requests of these (anonymised) orders lose who made them; the lines, dates and amounts stay. */
export async function anonymiseWithdrawalRequests(tx: Tx, orderIds: number[], mark: string, email: string): Promise<void> {
  if (!orderIds.length) return;
  await tx
    .update(withdrawalRequests)
    .set({ name: mark, email, ip: null, reason: null, statement: mark })
    .where(inArray(withdrawalRequests.orderId, orderIds));
}

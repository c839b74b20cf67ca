import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { payments } from './tables.ts';

/**
 * An order paid another way: its open Multibanco reference and MB WAY request are withdrawn, so the
 * customer is not asked to pay twice. Should money still arrive for one, the callback finds the order
 * paid and flags it for the owner as a second payment.
 */
export async function voidOpenPayments(tx: Tx, orderId: number) {
  await tx
    .update(payments)
    .set({ status: 'canceled', updatedAt: new Date() })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')));
}

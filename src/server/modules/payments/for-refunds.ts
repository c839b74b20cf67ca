import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { payments } from './tables.ts';

/*
 * What a refund needs of the payments: whether MB WAY or a card paid an order through the gateway, and which
 * request. ifthenpay gives both back through the same refund call, by the payment's request id (decision 0052),
 * so the refund method `mbway` ("back through the gateway") covers a card payment too.
 */

/** The gateway payments whose money goes back through ifthenpay's refund call. */
const REFUNDABLE = ['mbway', 'card'] as const;

/** The MB WAY request or card payment that paid the order through the gateway: the one its money can go back to. */
export async function paidMbwayRequest(tx: Tx, orderId: number): Promise<string | null> {
  const [payment] = await tx
    .select({ requestId: payments.requestId })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.method, REFUNDABLE), eq(payments.status, 'paid')))
    .orderBy(desc(payments.paidAt))
    .limit(1);
  return payment?.requestId ?? null;
}

/** Of these orders, those an MB WAY or card payment through the gateway paid. */
export async function ordersPaidByMbway(tx: Tx, orderIds: number[]): Promise<Set<number>> {
  if (!orderIds.length) return new Set();
  const rows = await tx
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(and(inArray(payments.orderId, orderIds), inArray(payments.method, REFUNDABLE), eq(payments.status, 'paid')));
  return new Set(rows.map((r) => r.orderId));
}

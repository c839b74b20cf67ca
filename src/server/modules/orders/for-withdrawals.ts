import { and, desc, eq, sql } from 'drizzle-orm';
import { orderMessages } from '#shared/schemas/orders.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { itemsOf, lockedOrder, mayView, type OrderRow, type Viewer, withdrawalUrl } from './order-records.ts';
import { orders, orderStatusChanges } from './tables.ts';

/* What the withdrawals module may read of an order (issue #28): the order and its lines as the period rule needs them. */

export { type Viewer, viewerOf } from './order-records.ts';
export { withdrawalUrl };
export type { OrderRow };

/** An order as the withdrawal function reads it: its row, its lines, and when it was delivered. */
export type WithdrawableOrder = {
  row: OrderRow;
  items: Awaited<ReturnType<typeof itemsOf>>;
  deliveredAt: Date | null;
  /**
   * When the customer consented, at checkout, to the immediate supply of its digital content (DL 24/2014,
   * art. 17.º, n.º 1, al. l)); null when she did not, and its digital lines stay withdrawable for the period
   * after the contract.
   */
  digitalConsentAt: Date | null;
};

/** The last time the order reached "Entregue", as its life recorded it. */
async function deliveredAt(tx: Tx | Db, orderId: number): Promise<Date | null> {
  const [last] = await tx
    .select({ at: orderStatusChanges.at })
    .from(orderStatusChanges)
    .where(and(eq(orderStatusChanges.orderId, orderId), eq(orderStatusChanges.toStatus, 'delivered')))
    .orderBy(desc(orderStatusChanges.at))
    .limit(1);
  return last?.at ?? null;
}

async function withdrawable(tx: Tx | Db, row: OrderRow): Promise<WithdrawableOrder> {
  const items = await itemsOf(tx as Tx, row.id);
  return { row, items, deliveredAt: row.status === 'delivered' ? await deliveredAt(tx, row.id) : null, digitalConsentAt: row.digitalConsentAt };
}

/** The order for its owner, its guest (token) or an admin; anyone else a 404. `lock`: under the order's row lock (the same request twice waits). */
export async function orderForWithdrawal(tx: Tx, id: number, viewer: Viewer, { lock = false } = {}): Promise<WithdrawableOrder> {
  const row = lock ? await lockedOrder(tx, id) : (await tx.select().from(orders).where(eq(orders.id, id)).limit(1))[0];
  if (!row || !mayView(row, viewer)) throw notFound(orderMessages.orderNotFound);
  return withdrawable(tx, row);
}

/**
 * The footer's page: the order with this number and e-mail, whoever placed it, or null (the page never says
 * which). Only an order whose link a mail can carry: a guest's kept token, or the customer's own account.
 */
export async function orderByNumberAndEmail(db: Db, id: number, email: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), sql`lower(${orders.email}) = lower(${email})`))
    .limit(1);
  return row ?? null;
}

import { eq } from 'drizzle-orm';
import { orderMessages } from '#shared/schemas/orders.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { queueMail } from '../../platform/mail.ts';
import { giveBackStock } from '../catalog/stock.ts';
import { type MultibancoDetails, orderReceivedMail, unpaidCancelledMail } from './mails.ts';
import { enqueue } from '../../platform/jobs.ts';
import { invoiceOrderJob } from '../invoicing/jobs.ts';
import { itemsOf, lockedOrder, mailOrder, mayView, type OrderRow, orderUrl, type Viewer } from './order-records.ts';
import { orders } from './tables.ts';

/* What the payments module may call of an order: read it to collect it, mark it paid, cancel it unpaid. */

export { type Viewer, viewerOf } from './order-records.ts';

/** What the payments module needs of an order it collects: only for its owner, its guest or an admin. */
type PayableOrder = Pick<OrderRow, 'id' | 'status' | 'email' | 'totalWithTaxCents' | 'paidAt' | 'stockHeldUntil'>;

export async function orderForPayment(db: Db, id: number, viewer: Viewer): Promise<PayableOrder> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!row || !mayView(row, viewer)) throw notFound(orderMessages.orderNotFound);
  const { status, email, totalWithTaxCents, paidAt, stockHeldUntil } = row;
  return { id: row.id, status, email, totalWithTaxCents, paidAt, stockHeldUntil };
}

type PaidOutcome = 'paid' | 'already_paid' | 'cancelled' | 'missing';

/**
 * A confirmed payment: a pending order moves to processing and records when it was paid; its invoice and
 * the customer's mail (with the links of its digital products) follow from the job queued here. A
 * cancelled order stays cancelled: the caller flags the money for the admin.
 */
export async function markOrderPaid(tx: Tx, id: number, paidAt: Date): Promise<PaidOutcome> {
  const row = await lockedOrder(tx, id);
  if (!row) return 'missing';
  if (row.paidAt) return 'already_paid';
  if (row.status === 'cancelled') return 'cancelled';
  await tx
    .update(orders)
    .set({ paidAt, status: row.status === 'pending' ? 'processing' : row.status, updatedAt: new Date() })
    .where(eq(orders.id, id));
  // The invoice-receipt is issued, then "Pagamento recebido" mailed (with it), by the invoicing job.
  await enqueue(tx, invoiceOrderJob, { orderId: id });
  return 'paid';
}

/** An order whose payment ran out unpaid: cancelled, its stock given back, the customer told why. */
export async function cancelUnpaidOrder(tx: Tx, publicUrl: string, id: number): Promise<boolean> {
  const row = await lockedOrder(tx, id);
  if (!row || row.status !== 'pending' || row.paidAt) return false;
  const items = await itemsOf(tx, id);
  await giveBackStock(tx, items);
  const [updated] = await tx.update(orders).set({ status: 'cancelled', updatedAt: new Date() }).where(eq(orders.id, id)).returning();
  await queueMail(tx, await unpaidCancelledMail(await mailOrder(tx, publicUrl, updated ?? row, items), orderUrl(publicUrl, row)));
  return true;
}

/**
 * A Multibanco order's "Recebemos a sua encomenda", once the payments module has its reference (or could
 * not get one: the mail then sends the customer to the order's page). Nothing when the order was paid or
 * cancelled in the meantime: the mail would ask for money no longer owed.
 */
export async function queueMultibancoOrderMail(db: Db, publicUrl: string, id: number, multibanco: MultibancoDetails | undefined) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1);
    if (!row || row.paidAt || row.status === 'cancelled') return;
    await queueMail(tx, await orderReceivedMail(await mailOrder(tx, publicUrl, row, await itemsOf(tx, id)), orderUrl(publicUrl, row), multibanco));
  });
}

import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { CustomerPaymentMethod } from '#shared/orders.ts';
import { orderMessages } from '#shared/schemas/orders.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { queueMail } from '../../platform/mail.ts';
import { moveOrder, recordPayment } from './life.ts';
import { type MultibancoDetails, orderReceivedMail, type PayshopDetails, referenceReminderMail } from './mails.ts';
import { itemsOf, lockedOrder, mailOrder, mayView, type OrderRow, orderUrl, type Viewer, waysToPay } from './order-records.ts';
import { orders } from './tables.ts';

/* What the payments module may call of an order: read it to collect it, mark it paid, cancel it unpaid, follow it. */

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
 * A confirmed payment, as the order's life says (life.ts): a pending order moves to processing and records
 * when it was paid, its invoice and the customer's mail follow. Money for a cancelled order is recorded and
 * owed back (the customer is told); the caller also flags it for the owner.
 */
export async function markOrderPaid(tx: Tx, publicUrl: string, id: number, paidAt: Date): Promise<PaidOutcome> {
  const row = await lockedOrder(tx, id);
  if (!row) return 'missing';
  const wasCancelled = row.status === 'cancelled';
  const { outcome } = await recordPayment(tx, publicUrl, row, 'payment', { paidAt });
  return outcome === 'paid' && wasCancelled ? 'cancelled' : outcome;
}

/**
 * A Multibanco reference payable until `until` (its own ExpiryDate, plus the grace of decision 0044): the
 * order, still pending and unpaid, holds its stock that long too, so the unpaid-holds list says when it
 * really ends. Never shortens a hold.
 */
export async function holdStockUntil(tx: Tx, id: number, until: Date) {
  await tx
    .update(orders)
    .set({ stockHeldUntil: until, updatedAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.status, 'pending'), isNull(orders.paidAt), or(isNull(orders.stockHeldUntil), lt(orders.stockHeldUntil, until))));
}

/** An order whose payment ran out unpaid: cancelled by the job as the table says (stock back, the customer told why). */
export async function cancelUnpaidOrder(tx: Tx, publicUrl: string, id: number): Promise<boolean> {
  const row = await lockedOrder(tx, id);
  if (!row || row.status !== 'pending' || row.paidAt) return false;
  await moveOrder(tx, row, 'cancelled', 'job', { publicUrl });
  return true;
}

/** What the payments module says of the shop when it mails an order: its address, and the ways the configuration offers. */
type MailingShop = { publicUrl: string; methods: readonly CustomerPaymentMethod[] };

/**
 * A Multibanco order's "Recebemos a sua encomenda", once the payments module has its reference (or could
 * not get one: the mail then sends the customer to the order's page). Nothing when the order was paid or
 * cancelled in the meantime: the mail would ask for money no longer owed.
 */
export async function queueMultibancoOrderMail(db: Db, shop: MailingShop, id: number, multibanco: MultibancoDetails | PayshopDetails | undefined) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1);
    if (!row || row.paidAt || row.status === 'cancelled') return;
    const order = await mailOrder(tx, shop.publicUrl, row, await itemsOf(tx, id));
    await queueMail(tx, await orderReceivedMail(order, orderUrl(shop.publicUrl, row), await waysToPay(tx, shop.methods), multibanco));
  });
}

/** A Payshop order's "Recebemos a sua encomenda", with its reference when the gateway issued one (issue #27). */
export const queuePayshopOrderMail = (db: Db, shop: MailingShop, id: number, payshop: Omit<PayshopDetails, 'kind'> | undefined) =>
  queueMultibancoOrderMail(db, shop, id, payshop && { kind: 'payshop', ...payshop });

/**
 * The reminder of a Multibanco or Payshop reference still unpaid near its deadline (decisions 0049, 0052),
 * queued in the payments module's transaction that marks the reference reminded. Only for an order still
 * waiting for its money: never a paid or cancelled one. An order another transaction holds (being paid or
 * cancelled right now) is skipped, not waited for: answers false, and the next run looks again.
 */
export async function queueReferenceReminder(tx: Tx, shop: MailingShop, id: number, reference: MultibancoDetails | PayshopDetails): Promise<boolean> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1).for('share', { skipLocked: true });
  if (!row || row.paidAt || row.status !== 'pending') return false;
  await queueMail(tx, await referenceReminderMail(row, orderUrl(shop.publicUrl, row), await waysToPay(tx, shop.methods), reference));
  return true;
}

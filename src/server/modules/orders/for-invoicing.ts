import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { orderMessages } from '#shared/schemas/orders.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { queueMail } from '../../platform/mail.ts';
import { documentMail, type MailDocument } from './mails.ts';
import { itemsOf, lockedOrder, mailOrder, mayView, type OrderRow, orderUrl, queuePaymentMail, type Viewer } from './order-records.ts';
import { orders, refunds } from './tables.ts';

/* What the invoicing module may read and record of orders and refunds: what to invoice, how it went, the customer's mails. */

export type { OrderRow };

/** A paid order and its lines, to invoice; null when it is not (or no longer) paid. */
export async function invoiceSubject(db: Db, orderId: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!row?.paidAt) return null;
  return { row, items: await itemsOf(db, orderId) };
}

/** A settled refund with its order and lines, for its credit note. */
export async function creditNoteSubject(db: Db, refundId: number) {
  const [refund] = await db.select().from(refunds).where(and(eq(refunds.id, refundId), eq(refunds.status, 'settled'))).limit(1);
  if (!refund) return null;
  const [row] = await db.select().from(orders).where(eq(orders.id, refund.orderId)).limit(1);
  return row ? { refund, row, items: await itemsOf(db, row.id) } : null;
}

/** How the last attempt at an order's invoice went: issued, failed (retrying), or given up. */
export async function recordInvoice(db: Db, orderId: number, outcome: { issued: true } | { error: string; gaveUp: boolean }) {
  const columns =
    'issued' in outcome
      ? { invoicedAt: new Date(), invoiceError: null, invoiceFailedAt: null }
      : { invoiceError: outcome.error.slice(0, 500), ...(outcome.gaveUp ? { invoiceFailedAt: new Date() } : {}) };
  await db.update(orders).set(columns).where(eq(orders.id, orderId));
}

/** How the last attempt at a refund's credit note went. */
export async function recordCreditNote(db: Db, refundId: number, outcome: { issued: true } | { error: string; gaveUp: boolean }) {
  const columns =
    'issued' in outcome
      ? { creditNoteError: null, creditNoteFailedAt: null }
      : { creditNoteError: outcome.error.slice(0, 500), ...(outcome.gaveUp ? { creditNoteFailedAt: new Date() } : {}) };
  await db.update(refunds).set(columns).where(eq(refunds.id, refundId));
}

/** A document's address for the customer's mail: a guest's link carries their order's key. */
const documentUrl = (publicUrl: string, row: OrderRow, path: string) =>
  `${publicUrl}${path}${!row.userId && row.accessToken ? `?token=${row.accessToken}` : ''}`;

type Attachment = { label: string; path: string; onMailed: (tx: Tx) => Promise<void> };

/**
 * Mails the customer once: "Pagamento recebido" (with the document when there is one), or, when that mail
 * already went, the document on its own. `onMailed` records the document as sent in the same transaction.
 */
export async function mailCustomerOnce(db: Db, publicUrl: string, orderId: number, attachment: Attachment | null) {
  await db.transaction(async (tx) => {
    const row = await lockedOrder(tx, orderId);
    if (!row?.paidAt) return;
    const document: MailDocument | undefined = attachment ? { label: attachment.label, url: documentUrl(publicUrl, row, attachment.path) } : undefined;
    if (!row.paymentMailAt) {
      await queuePaymentMail(tx, publicUrl, row, document);
      await tx.update(orders).set({ paymentMailAt: new Date() }).where(eq(orders.id, orderId));
    } else if (document) {
      await queueMail(tx, await documentMail(await mailOrder(tx, publicUrl, row, await itemsOf(tx, orderId)), document, orderUrl(publicUrl, row)));
    }
    if (attachment) await attachment.onMailed(tx);
  });
}

/**
 * Paid orders without their invoice (with a provider, only those it gave up on) and refunds whose credit
 * note it gave up on: "Faturas por emitir", oldest first.
 */
export async function awaitingDocuments(db: Db, withProvider: boolean) {
  const [invoices, creditNotes] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(and(isNotNull(orders.paidAt), isNull(orders.invoicedAt), withProvider ? isNotNull(orders.invoiceFailedAt) : undefined))
      .orderBy(asc(orders.paidAt))
      .limit(200),
    withProvider
      ? db
          .select({ refund: refunds, order: orders })
          .from(refunds)
          .innerJoin(orders, eq(orders.id, refunds.orderId))
          .where(isNotNull(refunds.creditNoteFailedAt))
          .orderBy(asc(refunds.createdAt))
          .limit(200)
      : Promise.resolve([]),
  ]);
  return { invoices, creditNotes };
}

type DocumentTarget = { orderId: number } | { refundId: number };

/**
 * "Tentar de novo": a document given up on is queued again (by `queue`, in the same transaction), once
 * however often she clicks; false when none was.
 */
export async function requeueDocument(db: Db, target: DocumentTarget, queue: (tx: Tx, target: DocumentTarget) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    if ('orderId' in target) {
      const [row] = await tx
        .update(orders)
        .set({ invoiceFailedAt: null })
        .where(and(eq(orders.id, target.orderId), isNotNull(orders.invoiceFailedAt), isNull(orders.invoicedAt)))
        .returning({ id: orders.id });
      if (row) await queue(tx, { orderId: row.id });
      return Boolean(row);
    }
    const [row] = await tx
      .update(refunds)
      .set({ creditNoteFailedAt: null })
      .where(and(eq(refunds.id, target.refundId), isNotNull(refunds.creditNoteFailedAt)))
      .returning({ id: refunds.id });
    if (row) await queue(tx, { refundId: row.id });
    return Boolean(row);
  });
}

/** The order, for one who may see it (its customer, its guest's key, an admin); a 404 otherwise. */
export async function viewableOrder(db: Db, orderId: number, viewer: Viewer): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!row || !mayView(row, viewer)) throw notFound(orderMessages.orderNotFound);
  return row;
}

/**
 * "Marcar como emitida": the owner issued the invoice in her own program. The order is locked; answers it
 * once marked invoiced, or null when it is not paid or already has its invoice (nothing changed).
 */
export async function markInvoicedElsewhere(tx: Tx, orderId: number): Promise<OrderRow | null> {
  const row = await lockedOrder(tx, orderId);
  if (!row) throw notFound(orderMessages.orderNotFound);
  if (!row.paidAt || row.invoicedAt) return null;
  await tx.update(orders).set({ invoicedAt: new Date(), invoiceError: null, invoiceFailedAt: null }).where(eq(orders.id, orderId));
  return row;
}

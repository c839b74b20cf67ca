import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { refundedCents } from '#shared/discounts.ts';
import { fill } from '#shared/messages.ts';
import { formatCents } from '#shared/money.ts';
import { invoicingMessages, type refundBody, type ResolveRefundBody } from '#shared/schemas/invoicing.ts';
import { type Order, orderMessages } from '#shared/schemas/orders.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, conflict, invalid, notFound } from '../../platform/errors.ts';
import { queueMail } from '../../platform/mail.ts';
import { recordChange } from '../audit/audit.ts';
import * as follow from './followers.ts';
import { checkRefundable } from './life.ts';
import { type CreditNotesBy, refundedMail } from './mails.ts';
import { type ItemRow, itemsOf, lockedOrder, mailOrder, type OrderRow, orderUrl } from './order-records.ts';
import { getOrder } from './order-view.ts';
import { orders, refunds } from './tables.ts';

export type RefundInput = z.output<typeof refundBody>;
type RefundRow = typeof refunds.$inferSelect;

/** How MB WAY money goes back: the payments module's gateway, handed over by the refund's route. */
export type MbwayRefunds = {
  enabled: boolean;
  /** Answers the gateway's refund id; throws RefundRefused when the gateway says no, anything else when it cannot be reached. */
  refund(request: { requestId: string; amountCents: number }): Promise<{ refundId: string }>;
};
/** The gateway refused the MB WAY refund (its reason in the message): nothing went back. */
export class RefundRefused extends Error {}

/** `creditNotes`: whether an invoicing provider issues the credit notes, or the shop does in its own program (INVOICING=none). */
export type RefundContext = { db: Db; publicUrl: string; mbway: MbwayRefunds; creditNotes: CreditNotesBy };

/**
 * What this refund gives back, in cents, checked against what earlier refunds already gave: each line's
 * quantity at most what is left of it, shipping once, and never more in all than the order's total. A line
 * goes back at its worth after the order's discount (decision 0054: what the invoice states), so its refunds
 * add up to what was invoiced and paid for it; each line keeps the cents it gave back, for the credit note.
 */
function refundAmount(row: OrderRow, items: ItemRow[], previous: RefundRow[], input: RefundInput) {
  const given = new Map<number, number>();
  for (const line of previous.flatMap((r) => r.lines)) given.set(line.itemId, (given.get(line.itemId) ?? 0) + line.quantity);
  const wanted = new Map<number, number>();
  for (const line of input.lines) wanted.set(line.item_id, (wanted.get(line.item_id) ?? 0) + line.quantity);
  for (const [itemId, quantity] of wanted) {
    const item = items.find((i) => i.id === itemId);
    if (!item) throw invalid(invoicingMessages.refundLine, { lines: invoicingMessages.refundLine });
    const left = item.quantity - (given.get(itemId) ?? 0);
    if (quantity > left) {
      const name = item.variantName ? `${item.productName} (${item.variantName})` : item.productName;
      throw invalid(fill(invoicingMessages.refundQuantity, { name, left }), { lines: invoicingMessages.refundLine });
    }
  }
  const back = refundedCents(
    items.map((i) => ({ ...i, given: given.get(i.id) ?? 0, back: wanted.get(i.id) ?? 0 })),
    row.discountParts,
  );
  const lines: RefundRow['lines'] = [...wanted].map(([itemId, quantity]) => ({ itemId, quantity, cents: back[items.findIndex((i) => i.id === itemId)] ?? 0 }));
  if (input.shipping && (row.shippingCents === 0 || previous.some((r) => r.shippingCents > 0))) {
    throw invalid(invoicingMessages.refundShipping, { shipping: invoicingMessages.refundShipping });
  }
  const shippingCents = input.shipping ? row.shippingCents : 0;
  const linesCents = lines.reduce((sum, l) => sum + (l.cents ?? 0), 0);
  const already = previous.reduce((sum, r) => sum + r.amountCents, 0);
  if (already + linesCents + shippingCents > row.totalWithTaxCents) {
    throw invalid(fill(invoicingMessages.refundTooMuch, { amount: formatCents(row.totalWithTaxCents - already) }));
  }
  return { amountCents: linesCents + shippingCents, shippingCents, lines };
}

/**
 * A refund is settled: its credit note is queued, the customer mailed, and an order given back in full
 * (or a cancelled one whose money owed is all back) is marked refunded.
 */
async function afterSettled(tx: Tx, publicUrl: string, creditNotes: CreditNotesBy, refund: RefundRow) {
  const row = await lockedOrder(tx, refund.orderId);
  if (!row) throw notFound(orderMessages.orderNotFound);
  const all = await tx.select().from(refunds).where(eq(refunds.orderId, refund.orderId));
  const given = all.filter((r) => r.status === 'settled').reduce((sum, r) => sum + r.amountCents, 0);
  const owed = row.refundDueCents ?? row.totalWithTaxCents;
  if (!row.refundedAt && given >= Math.min(owed, row.totalWithTaxCents)) {
    await tx.update(orders).set({ refundedAt: new Date(), refundNote: refund.note, updatedAt: new Date() }).where(eq(orders.id, row.id));
  }
  await follow.invoicing().refundSettled(tx, refund.id);
  await recordChange(tx, {
    entity: 'order',
    entityId: row.id,
    action: 'refund',
    after: { refundCents: refund.amountCents, shippingCents: refund.shippingCents, method: refund.method, lines: refund.lines, iban: refund.iban, transferredOn: refund.transferredOn, note: refund.note },
  });
  await queueMail(tx, await refundedMail(await mailOrder(tx, publicUrl, row, await itemsOf(tx, row.id)), { cents: refund.amountCents, method: refund.method }, orderUrl(publicUrl, row), creditNotes));
}

/**
 * The owner gives money back from the order page. The amount is reserved in one transaction holding the
 * order's lock (two refunds at once cannot both pass the checks); a transfer she made is settled there
 * and then; an MB WAY refund asks the gateway outside the transaction and is settled when it agrees, or
 * removed when it refuses (nothing was given back, nothing is recorded).
 */
export async function settleRefund(
  ctx: RefundContext,
  orderId: number,
  adminId: number,
  input: RefundInput,
  // Called in the transaction that records the refund: a withdrawal links itself to it (and refuses a second one).
  onRecorded?: (tx: Tx, refund: RefundRow) => Promise<void>,
): Promise<Order> {
  const { db, mbway, publicUrl, creditNotes } = ctx;
  const reserved = await db.transaction(async (tx) => {
    const row = await lockedOrder(tx, orderId);
    if (!row) throw notFound(orderMessages.orderNotFound);
    checkRefundable(row);
    const previous = await tx.select().from(refunds).where(eq(refunds.orderId, orderId));
    if (previous.some((r) => r.status === 'requested')) throw conflict(invoicingMessages.refundInProgress);
    const amount = refundAmount(row, await itemsOf(tx, orderId), previous, input);
    let requestId: string | null = null;
    if (input.method === 'mbway') {
      requestId = await follow.payments().paidMbwayRequest(tx, orderId);
      if (!requestId) throw conflict(invoicingMessages.mbwayNotPaidByMbway, { method: invoicingMessages.mbwayNotPaidByMbway });
      if (!mbway.enabled) throw conflict(invoicingMessages.mbwayRefundsOff, { method: invoicingMessages.mbwayRefundsOff });
    }
    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId,
        ...amount,
        method: input.method,
        status: input.method === 'mbway' ? 'requested' : 'settled',
        iban: input.iban,
        transferredOn: input.transferred_on,
        note: input.note,
        createdBy: adminId,
      })
      .returning();
    if (!refund) throw new Error('refund not recorded');
    await onRecorded?.(tx, refund);
    if (refund.status === 'settled') await afterSettled(tx, publicUrl, creditNotes, refund);
    return { refund, requestId };
  });

  const { refund, requestId } = reserved;
  if (refund.status === 'requested' && requestId) {
    let refundId: string;
    try {
      ({ refundId } = await mbway.refund({ requestId, amountCents: refund.amountCents }));
    } catch (err) {
      // Only while still requested: the owner may have resolved it meanwhile (resolveRefund).
      await db.delete(refunds).where(and(eq(refunds.id, refund.id), eq(refunds.status, 'requested')));
      if (err instanceof RefundRefused) throw conflict(fill(invoicingMessages.mbwayRefused, { reason: err.message }));
      throw new AppError(503, 'PAYMENT_GATEWAY_UNAVAILABLE', invoicingMessages.mbwayUnavailable);
    }
    await db.transaction(async (tx) => {
      const [settled] = await tx
        .update(refunds)
        .set({ status: 'settled', gatewayRefundId: refundId })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'requested')))
        .returning();
      if (settled) await afterSettled(tx, publicUrl, creditNotes, settled);
    });
  }
  return getOrder(db, orderId, { userId: adminId, isAdmin: true });
}

/** How long a requested MB WAY refund may still be in ifthenpay's hands (ifthenpay's call gives up after 15 s). */
const IN_FLIGHT = sql`interval '2 minutes'`;

/**
 * An MB WAY refund left 'requested' (the process stopped between ifthenpay's answer and the recording) is
 * resolved by the owner once she has checked ifthenpay's back office: the money went back (settled, with
 * its credit note and mail) or it did not (the row goes, and its amount is free again). Under the order's
 * lock and conditional on the status, so two clicks resolve it once; never while a request may be in flight.
 */
export async function resolveRefund(ctx: Omit<RefundContext, 'mbway'>, orderId: number, refundId: number, adminId: number, input: ResolveRefundBody): Promise<Order> {
  const { db, publicUrl, creditNotes } = ctx;
  await db.transaction(async (tx) => {
    if (!(await lockedOrder(tx, orderId))) throw notFound(orderMessages.orderNotFound);
    const [found] = await tx
      .select({ status: refunds.status, inFlight: sql<boolean>`${refunds.createdAt} > now() - ${IN_FLIGHT}` })
      .from(refunds)
      .where(and(eq(refunds.id, refundId), eq(refunds.orderId, orderId)));
    if (!found) throw notFound(invoicingMessages.refundNotFound);
    if (found.status !== 'requested') throw conflict(invoicingMessages.refundNotRequested);
    if (found.inFlight) throw conflict(invoicingMessages.refundTooRecent);
    const still = and(eq(refunds.id, refundId), eq(refunds.status, 'requested'));
    if (input.outcome === 'settled') {
      const [settled] = await tx.update(refunds).set({ status: 'settled' }).where(still).returning();
      if (!settled) throw conflict(invoicingMessages.refundNotRequested);
      await afterSettled(tx, publicUrl, creditNotes, settled);
      return;
    }
    const [removed] = await tx.delete(refunds).where(still).returning();
    if (!removed) throw conflict(invoicingMessages.refundNotRequested);
    await recordChange(tx, {
      entity: 'order',
      entityId: orderId,
      action: 'refund-cancel',
      before: { refundCents: removed.amountCents, shippingCents: removed.shippingCents, method: removed.method, lines: removed.lines, note: removed.note },
    });
  });
  return getOrder(db, orderId, { userId: adminId, isAdmin: true });
}

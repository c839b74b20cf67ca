import { asc, inArray } from 'drizzle-orm';
import { toEuros } from '#shared/money.ts';
import type { Refund } from '#shared/schemas/invoicing.ts';
import type { Tx } from '../../db/client.ts';
import * as follow from './followers.ts';
import { refunds } from './tables.ts';

/**
 * The orders' paperwork as their pages show it: the invoice-receipt, the refunds with their credit notes,
 * and what went back in all. The transfer's IBAN and the owner's notes go to admins only.
 */
export async function paperworkOf(tx: Tx, orderIds: number[], forAdmin: boolean) {
  // One after the other: `tx` may be a transaction, whose statements run one at a time (decision 0050).
  const documents = orderIds.length ? await follow.invoicing().documentsOf(tx, orderIds) : [];
  const refundRows = orderIds.length ? await tx.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(asc(refunds.createdAt)) : [];
  return (orderId: number) => {
    const own = refundRows.filter((r) => r.orderId === orderId);
    const list: Refund[] = own.map((r) => ({
      id: r.id,
      amount: toEuros(r.amountCents),
      shipping: toEuros(r.shippingCents),
      method: r.method,
      status: r.status,
      created_at: r.createdAt.toISOString(),
      lines: r.lines.map((l) => ({ item_id: l.itemId, quantity: l.quantity })),
      credit_note: documents.find((d) => d.kind === 'credit_note' && d.refundId === r.id)?.document ?? null,
      ...(forAdmin ? { iban: r.iban, transferred_on: r.transferredOn, note: r.note, credit_note_error: r.creditNoteError } : {}),
    }));
    return {
      invoice: documents.find((d) => d.kind === 'invoice_receipt' && d.orderId === orderId)?.document ?? null,
      refunds: list,
      refunded_total: toEuros(own.reduce((sum, r) => sum + r.amountCents, 0)),
    };
  };
}

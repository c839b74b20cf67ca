import { invoicingMessages } from '#shared/schemas/invoicing.ts';
import { conflict } from '../../platform/errors.ts';
import { recordChange } from '../audit/audit.ts';
import { markInvoicedElsewhere } from '../orders/for-invoicing.ts';
import type { InvoicingContext } from './invoices.ts';
import { fiscalDocuments, ISSUED_ELSEWHERE } from './tables.ts';

/**
 * "Marcar como emitida" (no provider configured): the owner issued the paid order's invoice in her own
 * program and gives its number. It is kept as the order's invoice (the customer sees it on her order page),
 * the order leaves "Faturas por emitir", and the audit log says who did it. Under the order's lock, so two
 * clicks record it once; the second is told it is done.
 */
export async function markIssuedElsewhere(ctx: InvoicingContext, orderId: number, number: string) {
  if (ctx.invoicing) throw conflict(invoicingMessages.providerIssues);
  await ctx.db.transaction(async (tx) => {
    const row = await markInvoicedElsewhere(tx, orderId);
    if (!row) throw conflict(invoicingMessages.notInvoiceable);
    const [document] = await tx
      .insert(fiscalDocuments)
      .values({
        orderId,
        refundId: null,
        kind: 'invoice_receipt',
        provider: ISSUED_ELSEWHERE,
        providerId: number,
        number,
        totalCents: row.totalWithTaxCents,
        finalisedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: fiscalDocuments.id });
    if (!document) throw conflict(invoicingMessages.notInvoiceable);
    await recordChange(tx, { entity: 'order', entityId: orderId, action: 'invoice', after: { invoiceNumber: number } });
  });
}

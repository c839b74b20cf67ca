import { z } from 'zod';
import { defineJob } from '../../platform/jobs.ts';

const id = z.number().int().positive();

/** A paid order's invoice-receipt, then its "Pagamento recebido" (queued by markOrderPaid in the same transaction). */
export const invoiceOrderJob = defineJob('invoicing.invoice-order', z.object({ orderId: id }));

/** A settled refund's credit note, against the order's invoice-receipt. */
export const creditNoteJob = defineJob('invoicing.credit-note', z.object({ refundId: id }));

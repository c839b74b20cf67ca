import type { Config } from '../../config.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import { enqueue } from '../../platform/jobs.ts';
import type { InvoicingFollower } from '../orders/followers.ts';
import { creditNoteGaveUp, documentsOf, invoiceGaveUp, invoiceOrder, type InvoicingContext, issueCreditNote } from './invoices.ts';
import type { Invoicing } from './invoicing.ts';
import { invoiceXpress } from './invoicexpress.ts';
import { creditNoteJob, invoiceOrderJob } from './jobs.ts';

/** The provider the configuration names (INVOICING), or null: the shop then issues no fiscal documents. */
export function createInvoicing(config: Config): Invoicing | null {
  const { invoicing } = config;
  if (invoicing.provider === 'invoicexpress') return invoiceXpress({ baseUrl: invoicing.baseUrl, apiKey: invoicing.apiKey, taxName: invoicing.taxName, taxNames: invoicing.taxNames });
  return null;
}

/** The paperwork jobs: a paid order's invoice (and payment mail), a refund's credit note; each fails into "Faturas por emitir". */
export function registerInvoicingJobs(jobs: JobRunner, ctx: InvoicingContext) {
  jobs.register(invoiceOrderJob, ({ orderId }) => invoiceOrder(ctx, orderId), { onGiveUp: invoiceGaveUp(ctx.db) });
  jobs.register(creditNoteJob, ({ refundId }) => issueCreditNote(ctx, refundId), { onGiveUp: creditNoteGaveUp(ctx.db) });
}


/** How invoicing follows orders (decision 0034): a paid order's invoice and a settled refund's credit note are its jobs; it shows their documents. */
export const invoicingFollower: InvoicingFollower = {
  paid: async (tx, orderId) => void (await enqueue(tx, invoiceOrderJob, { orderId })),
  refundSettled: async (tx, refundId) => void (await enqueue(tx, creditNoteJob, { refundId })),
  documentsOf,
};

import { ART53_REASON } from '#shared/vat.ts';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { type DiscountPart, discountedUnitCents } from '#shared/discounts.ts';
import { documentLabel } from '#shared/invoices.ts';
import { toEuros } from '#shared/money.ts';
import { invoicingMessages, type PendingDocuments } from '#shared/schemas/invoicing.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { enqueue, RetryLater } from '../../platform/jobs.ts';
import {
  awaitingDocuments,
  creditNoteSubject,
  invoiceSubject,
  mailCustomerOnce,
  recordCreditNote,
  recordInvoice,
  requeueDocument,
  viewableOrder,
} from '../orders/for-invoicing.ts';
import type { Viewer } from '../orders/order-records.ts';
import { creditNoteReference, documentClient, type DocumentRow, ensureDocument, invoiceParty, invoiceReference } from './documents.ts';
import { type DocumentLine, type Invoicing, InvoicingError } from './invoicing.ts';
import { creditNoteJob, invoiceOrderJob } from './jobs.ts';
import { followablePdfUrl } from './pdf-link.ts';
import { ISSUED_ELSEWHERE, fiscalDocuments } from './tables.ts';

/** What the invoicing jobs and routes work with; `invoicing` is null when no provider is configured. */
export type InvoicingContext = { db: Db; publicUrl: string; invoicing: Invoicing | null };

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The API's own address of a document's PDF (under /api): it asks the provider for a fresh link each time. */
const pdfPath = (orderId: number, documentId: number) => `/order/${orderId}/documents/${documentId}/pdf`;

type SoldItem = {
  productId: number | null;
  variantId: number | null;
  productName: string;
  variantName: string | null;
  unitPriceCents: number;
  vatRate: number;
  vatExemptionReason: string | null;
};

/** A line of what was sold: its words, and the shop's own code of the product and variant (decision 0038). */
const itemLine = (item: SoldItem, quantity: number): DocumentLine => ({
  code: item.productId ? `LOJA-P${item.productId}${item.variantId ? `-V${item.variantId}` : ''}` : 'LOJA-ARTIGO',
  name: item.variantName ? `${item.productName} (${item.variantName})` : item.productName,
  quantity,
  unitCentsWithVat: item.unitPriceCents,
  vatRate: item.vatRate,
});

/** The items at the unit prices the order's discount leaves them (fractional cents; the provider takes micro-euros). */
const discountedItems = <T extends SoldItem & { quantity: number }>(items: T[], parts: DiscountPart[]): T[] => {
  const units = discountedUnitCents(items, parts);
  return items.map((item, i) => ({ ...item, unitPriceCents: units[i] ?? item.unitPriceCents }));
};

/** Shipping at the rate the order kept for it (decision 0053). */
const shippingLine = (cents: number, vatRate: number): DocumentLine[] =>
  cents ? [{ code: 'LOJA-PORTES', name: 'Portes de envio', quantity: 1, unitCentsWithVat: cents, vatRate }] : [];

/**
 * Why the document's lines at 0 % carry no VAT, as the provider takes it (one code per document): M10 for an
 * order sold under the art. 53.º exemption, else the first exempt line's own reason.
 */
function taxExemptionOf(row: { vatRegime: string }, items: SoldItem[]) {
  if (row.vatRegime === 'exempt_art53') return { taxExemption: ART53_REASON };
  const reason = items.find((i) => i.vatRate === 0 && i.vatExemptionReason)?.vatExemptionReason;
  return reason ? { taxExemption: reason } : {};
}

/**
 * A failed attempt as the job queue should take it: a provider that asked to wait is called again after
 * that time (`RetryLater`, not counted as an attempt); anything else is retried with the queue's backoff.
 */
const forTheQueue = (err: unknown) =>
  err instanceof InvoicingError && err.retryAfterSeconds !== undefined ? new RetryLater(err.message, err.retryAfterSeconds) : err;

/** Only the owner can put it right (a missing tax, a total that is not the amount): straight to "Faturas por emitir". */
const needsOwner = (err: unknown) => err instanceof InvoicingError && err.needsOwner;

/** The customer's mail of a document, marked as sent in the same transaction that queues it. */
const attachment = (db: Db, document: DocumentRow) =>
  document.mailedAt
    ? null
    : {
        label: documentLabel(document.kind, document.number ?? ''),
        path: `/api${pdfPath(document.orderId, document.id)}`,
        onMailed: async (tx: Tx) => {
          await tx.update(fiscalDocuments).set({ mailedAt: new Date() }).where(eq(fiscalDocuments.id, document.id));
        },
      };

/**
 * A paid order's job: its fatura-recibo (one line per item at its price without VAT, shipping as its own
 * line, the order as the reference), then the customer's "Pagamento recebido" carrying it. When the
 * provider fails, that mail goes at once without it, the error is kept for the owner, and the job
 * retries; the invoice then follows in a mail of its own.
 */
export async function invoiceOrder(ctx: InvoicingContext, orderId: number) {
  const { db, invoicing, publicUrl } = ctx;
  const subject = await invoiceSubject(db, orderId);
  if (!subject) return;
  if (!invoicing) return mailCustomerOnce(db, publicUrl, orderId, null);
  const { row, items } = subject;
  let document: DocumentRow;
  try {
    document = await ensureDocument(db, invoicing, {
      kind: 'invoice_receipt',
      orderId,
      refundId: null,
      totalCents: row.totalWithTaxCents,
      request: async () => ({
        kind: 'invoice_receipt',
        reference: invoiceReference(orderId),
        date: row.paidAt ?? new Date(),
        client: documentClient(row),
        // A discount code's part is taken off the lines' unit prices, rate by rate (decision 0054).
        lines: [...discountedItems(items, row.discountParts).map((i) => itemLine(i, i.quantity)), ...shippingLine(row.shippingCents, row.shippingVatRate)],
        ...taxExemptionOf(row, items),
      }),
    });
  } catch (err) {
    await recordInvoice(db, orderId, { error: errorText(err), gaveUp: needsOwner(err) });
    await mailCustomerOnce(db, publicUrl, orderId, null);
    if (needsOwner(err)) return;
    throw forTheQueue(err);
  }
  await recordInvoice(db, orderId, { issued: true });
  await mailCustomerOnce(db, publicUrl, orderId, attachment(db, document));
}

/** A settled refund's job: its credit note against the order's invoice-receipt, then mailed to the customer. */
export async function issueCreditNote(ctx: InvoicingContext, refundId: number) {
  const { db, invoicing, publicUrl } = ctx;
  if (!invoicing) return;
  const subject = await creditNoteSubject(db, refundId);
  if (!subject) return;
  const { refund, row, items } = subject;
  let document: DocumentRow;
  try {
    const [invoice] = await db
      .select()
      .from(fiscalDocuments)
      .where(and(eq(fiscalDocuments.orderId, row.id), eq(fiscalDocuments.kind, 'invoice_receipt'), isNotNull(fiscalDocuments.number)))
      .limit(1);
    if (!invoice?.number) throw new Error('A fatura-recibo da encomenda ainda não foi emitida: a nota de crédito espera por ela.');
    document = await ensureDocument(db, invoicing, {
      kind: 'credit_note',
      orderId: row.id,
      refundId,
      totalCents: refund.amountCents,
      request: async () => ({
        kind: 'credit_note',
        reference: creditNoteReference(row.id, refundId),
        date: refund.createdAt,
        client: documentClient(row),
        relatedTo: invoice.providerId,
        observations: `Reembolso da encomenda n.º ${row.id}, ${documentLabel('invoice_receipt', invoice.number ?? '')}.`,
        // Each line at what it gave back (its worth after the discount, as invoiced: decision 0054) spread over its units.
        lines: [
          ...refund.lines.flatMap((line) => {
            const item = items.find((i) => i.id === line.itemId);
            return item ? [itemLine({ ...item, unitPriceCents: (line.cents ?? item.unitPriceCents * line.quantity) / line.quantity }, line.quantity)] : [];
          }),
          ...shippingLine(refund.shippingCents, row.shippingVatRate),
        ],
        ...taxExemptionOf(
          row,
          items.filter((i) => refund.lines.some((line) => line.itemId === i.id)),
        ),
      }),
    });
  } catch (err) {
    await recordCreditNote(db, refundId, { error: errorText(err), gaveUp: needsOwner(err) });
    if (needsOwner(err)) return;
    throw forTheQueue(err);
  }
  await recordCreditNote(db, refundId, { issued: true });
  const mail = attachment(db, document);
  if (mail) await mailCustomerOnce(db, publicUrl, row.id, mail);
}

/** After the last attempt: the order (or refund) joins "Faturas por emitir", with the provider's last word. */
export const invoiceGaveUp = (db: Db) => ({ orderId }: { orderId: number }, error: string) => recordInvoice(db, orderId, { error, gaveUp: true });
export const creditNoteGaveUp = (db: Db) => ({ refundId }: { refundId: number }, error: string) =>
  recordCreditNote(db, refundId, { error, gaveUp: true });

/**
 * "Faturas por emitir": with a provider, the invoices and credit notes it failed to issue after every
 * attempt; without one, every paid order the shop issued no invoice for (the owner issues them elsewhere).
 */
export async function pendingDocuments(ctx: InvoicingContext): Promise<PendingDocuments> {
  const { invoices, creditNotes } = await awaitingDocuments(ctx.db, ctx.invoicing !== null);
  return {
    provider: ctx.invoicing?.name ?? 'none',
    documents: [
      ...invoices.map((r) => ({
        kind: 'invoice_receipt' as const,
        order_id: r.id,
        refund_id: null,
        email: r.email,
        ...invoiceParty(r),
        amount: toEuros(r.totalWithTaxCents),
        since: (r.invoiceFailedAt ?? r.paidAt ?? r.orderDate).toISOString(),
        error: r.invoiceError,
      })),
      ...creditNotes.map(({ refund, order }) => ({
        kind: 'credit_note' as const,
        order_id: refund.orderId,
        refund_id: refund.id,
        email: order.email,
        ...invoiceParty(order),
        amount: toEuros(refund.amountCents),
        since: (refund.creditNoteFailedAt ?? refund.createdAt).toISOString(),
        error: refund.creditNoteError,
      })),
    ],
  };
}

/** "Tentar de novo" on a document the jobs gave up on. */
export async function retryDocument(ctx: InvoicingContext, target: { orderId: number } | { refundId: number }) {
  if (!ctx.invoicing) throw conflict(invoicingMessages.noInvoicing);
  const queue = (tx: Tx, again: typeof target) =>
    'orderId' in again ? enqueue(tx, invoiceOrderJob, { orderId: again.orderId }) : enqueue(tx, creditNoteJob, { refundId: again.refundId });
  if (!(await requeueDocument(ctx.db, target, async (tx, again) => void (await queue(tx, again))))) throw conflict(invoicingMessages.notPending);
}

/**
 * Where a document's PDF is: asked of the provider each time (its links do not last), the last known link
 * when the provider does not answer. Only for those who may see the order.
 */
export async function documentPdf(ctx: InvoicingContext, orderId: number, documentId: number, viewer: Viewer): Promise<string | null> {
  const { db, invoicing } = ctx;
  await viewableOrder(db, orderId, viewer);
  const [document] = await db
    .select()
    .from(fiscalDocuments)
    .where(and(eq(fiscalDocuments.id, documentId), eq(fiscalDocuments.orderId, orderId), isNotNull(fiscalDocuments.number)))
    .limit(1);
  if (!document) throw notFound(invoicingMessages.documentNotFound);
  const ours = invoicing && document.provider === invoicing.name ? invoicing : null;
  const answered = ours ? await ours.pdfUrl(document.providerId).catch(() => null) : null;
  // Only the provider's own https address is followed (pdf-link.ts); anything else is its error, told in pt-PT.
  const origins = ours?.pdfOrigins ?? [];
  const fresh = answered ? followablePdfUrl(answered, origins) : null;
  if (fresh && fresh !== document.pdfUrl) await db.update(fiscalDocuments).set({ pdfUrl: fresh }).where(eq(fiscalDocuments.id, document.id));
  const url = fresh ?? (document.pdfUrl ? followablePdfUrl(document.pdfUrl, origins) : null);
  if (!url && (answered || document.pdfUrl)) throw new AppError(502, 'DOCUMENT_PDF_REFUSED', invoicingMessages.pdfRefused);
  return url;
}

/** The issued documents of these orders, for their pages. */
export async function documentsOf(tx: Tx, orderIds: number[]) {
  if (!orderIds.length) return [];
  const rows = await tx
    .select()
    .from(fiscalDocuments)
    .where(and(inArray(fiscalDocuments.orderId, orderIds), isNotNull(fiscalDocuments.number)));
  return rows.map((d) => {
    const elsewhere = d.provider === ISSUED_ELSEWHERE;
    return {
      orderId: d.orderId,
      refundId: d.refundId,
      kind: d.kind,
      // An invoice the owner issued in her own program: its number as she gave it, and no PDF the shop could fetch.
      document: {
        id: d.id,
        label: elsewhere ? `Fatura n.º ${d.number ?? ''}` : documentLabel(d.kind, d.number ?? ''),
        number: d.number ?? '',
        pdf_url: elsewhere ? null : pdfPath(d.orderId, d.id),
      },
    };
  });
}

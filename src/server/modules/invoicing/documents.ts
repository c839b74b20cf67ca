import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { OrderRow } from '../orders/order-records.ts';
import type { DocumentClient, DocumentKind, DocumentRequest, Invoicing } from './invoicing.ts';
import { InvoicingError } from './invoicing.ts';
import { followablePdfUrl } from './pdf-link.ts';
import { fiscalDocuments } from './tables.ts';

export type DocumentRow = typeof fiscalDocuments.$inferSelect;

/** The shop's reference of each document, what a retry searches the provider for. */
export const invoiceReference = (orderId: number) => `Encomenda ${orderId}`;
export const creditNoteReference = (orderId: number, refundId: number) => `Encomenda ${orderId} reembolso ${refundId}`;

const POSTAL_CODE = /^\d{4}-\d{3}$/;

/**
 * Who the document is made out to, from the order: the company when one was given, otherwise the name of
 * the shipping address ("Nome, Morada, Cidade, 0000-000, País" as the checkout writes it).
 */
export function documentClient(row: Pick<OrderRow, 'email' | 'nif' | 'company' | 'shippingAddress'>): DocumentClient {
  const parts = row.shippingAddress.split(',').map((p) => p.trim()).filter(Boolean);
  const [name = row.email, ...rest] = parts;
  // The checkout's own layout ends with postal code and country; any other text is kept whole as the address.
  const structured = rest.length >= 4 && POSTAL_CODE.test(rest[rest.length - 2] ?? '');
  return {
    code: row.nif ?? row.email.toLowerCase(),
    name: row.company ?? name,
    nif: row.nif,
    email: row.email,
    address: structured ? rest.slice(0, -3).join(', ') : rest.join(', ') || name,
    postalCode: structured ? (rest[rest.length - 2] ?? null) : null,
    city: structured ? (rest[rest.length - 3] ?? null) : null,
  };
}

/** Who "Faturas por emitir" says the invoice is for: the address's name, NIF, company and the rest of the address. */
export function invoiceParty(row: Pick<OrderRow, 'email' | 'nif' | 'company' | 'shippingAddress'>) {
  const [name = row.email, ...rest] = row.shippingAddress.split(',').map((p) => p.trim()).filter(Boolean);
  return { name, nif: row.nif, company: row.company, address: rest.join(', ') };
}

type DocumentSpec = {
  kind: DocumentKind;
  orderId: number;
  refundId: number | null;
  totalCents: number;
  request: () => Promise<DocumentRequest>;
};

const findRow = async (db: Db, spec: DocumentSpec) => {
  const [row] = await db
    .select()
    .from(fiscalDocuments)
    .where(
      spec.kind === 'invoice_receipt'
        ? and(eq(fiscalDocuments.orderId, spec.orderId), eq(fiscalDocuments.kind, 'invoice_receipt'))
        : and(eq(fiscalDocuments.refundId, spec.refundId ?? 0), eq(fiscalDocuments.kind, 'credit_note')),
    )
    .limit(1);
  return row;
};

/**
 * Issues a document exactly once, however often it is asked and wherever a previous attempt stopped:
 * the draft's id is recorded as soon as the provider answers it, so a retry finalises that draft; a
 * draft whose answer was lost (a crash, a cut connection) is found at the provider by its reference
 * before another is created. Answers the finalised document; its PDF address is asked for once, and
 * may still be missing (the provider makes it in the background; the download route asks again).
 */
export async function ensureDocument(db: Db, invoicing: Invoicing, spec: DocumentSpec): Promise<DocumentRow> {
  let row = await findRow(db, spec);
  if (!row) {
    const request = await spec.request();
    const found = (await invoicing.find(spec.kind, request.reference)) ?? (await invoicing.createDraft(request));
    await db
      .insert(fiscalDocuments)
      .values({
        orderId: spec.orderId,
        refundId: spec.refundId,
        kind: spec.kind,
        provider: invoicing.name,
        providerId: found.providerId,
        number: found.number,
        finalisedAt: found.number ? new Date() : null,
        totalCents: found.totalCents ?? spec.totalCents,
      })
      .onConflictDoNothing();
    row = await findRow(db, spec);
    if (!row) throw new Error('the fiscal document was not recorded');
  }
  if (!row.number) {
    const reference = spec.kind === 'invoice_receipt' ? invoiceReference(spec.orderId) : creditNoteReference(spec.orderId, spec.refundId ?? 0);
    const finalised = await invoicing.finalise(spec.kind, row.providerId).catch(async (err: unknown) => {
      // Finalised by an attempt whose answer was lost: the provider says so, and its listing has the number.
      const known = err instanceof InvoicingError && err.refused ? await invoicing.find(spec.kind, reference) : null;
      if (known?.providerId === row?.providerId && known?.number) return known;
      throw err;
    });
    [row] = await db
      .update(fiscalDocuments)
      .set({ number: finalised.number, finalisedAt: new Date(), ...(finalised.totalCents !== null ? { totalCents: finalised.totalCents } : {}) })
      .where(eq(fiscalDocuments.id, row.id))
      .returning();
    if (!row) throw new Error('the fiscal document disappeared');
  }
  if (!row.pdfUrl) {
    const pdfUrl = await invoicing.pdfUrl(row.providerId).catch(() => null);
    if (pdfUrl && followablePdfUrl(pdfUrl, invoicing.pdfOrigins)) [row = row] = await db.update(fiscalDocuments).set({ pdfUrl }).where(eq(fiscalDocuments.id, row.id)).returning();
  }
  return row;
}

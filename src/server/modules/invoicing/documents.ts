import { countryName, postcodeProblem } from '#shared/countries.ts';
import { and, eq, isNull } from 'drizzle-orm';
import { formatCents } from '#shared/money.ts';
import type { Db } from '../../db/client.ts';
import type { OrderRow } from '../orders/order-records.ts';
import type { DocumentClient, DocumentKind, DocumentRequest, Invoicing, ProviderDocument } from './invoicing.ts';
import { InvoicingError } from './invoicing.ts';
import { followablePdfUrl } from './pdf-link.ts';
import { fiscalDocuments } from './tables.ts';

export type DocumentRow = typeof fiscalDocuments.$inferSelect;

/** The shop's reference of each document, what a retry searches the provider for. */
export const invoiceReference = (orderId: number) => `Encomenda ${orderId}`;
export const creditNoteReference = (orderId: number, refundId: number) => `Encomenda ${orderId} reembolso ${refundId}`;


/**
 * Who the document is made out to, from the order: the company when one was given, otherwise the name of
 * the shipping address ("Nome, Morada, Cidade, 0000-000, País" as the checkout writes it).
 */
export function documentClient(row: Pick<OrderRow, 'email' | 'nif' | 'company' | 'shippingAddress' | 'country'>): DocumentClient {
  const parts = row.shippingAddress.split(',').map((p) => p.trim()).filter(Boolean);
  const [name = row.email, ...rest] = parts;
  // The checkout's own layout ends with postal code and country; any other text is kept whole as the address.
  const structured = rest.length >= 4 && postcodeProblem(row.country, rest[rest.length - 2] ?? '') === null;
  return {
    code: row.nif ?? row.email.toLowerCase(),
    name: row.company ?? name,
    nif: row.nif,
    email: row.email,
    address: structured ? rest.slice(0, -3).join(', ') : rest.join(', ') || name,
    postalCode: structured ? (rest[rest.length - 2] ?? null) : null,
    city: structured ? (rest[rest.length - 3] ?? null) : null,
    country: countryName(row.country),
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
 * A draft is finalised only when its total is what was paid (or given back), give or take a cent: a
 * provider that applied another tax or rounding would otherwise issue, for good, a document that does not
 * match the money. The owner sees both figures in "Faturas por emitir".
 */
function checkTotal(spec: DocumentSpec, draft: ProviderDocument) {
  if (draft.totalCents === null) throw new InvoicingError('O serviço de faturação não indicou o total do documento: o rascunho ficou por finalizar.', false);
  if (Math.abs(draft.totalCents - spec.totalCents) <= 1) return;
  const what = spec.kind === 'invoice_receipt' ? 'o valor pago' : 'o valor devolvido';
  throw new InvoicingError(
    `O total do documento no serviço de faturação (${formatCents(draft.totalCents)}) não é ${what} (${formatCents(spec.totalCents)}): o rascunho ficou por finalizar. Corrija-o (ou apague-o) no serviço de faturação e carregue em "Tentar de novo".`,
    true,
    { needsOwner: true },
  );
}

/**
 * Issues a document exactly once, however often it is asked and wherever a previous attempt stopped:
 * the draft's id is recorded as soon as the provider answers it, so a retry finalises that draft (as the
 * provider holds it then: corrected by the owner, finalised by her, or deleted, when a new one is made); a
 * draft whose answer was lost (a crash, a cut connection) is found at the provider by its reference
 * before another is created. A draft whose total is not the amount is not finalised (`checkTotal`).
 * Answers the finalised document; its PDF address is asked for once, and may still be missing (the
 * provider makes it in the background; the download route asks again).
 */
export async function ensureDocument(db: Db, invoicing: Invoicing, spec: DocumentSpec): Promise<DocumentRow> {
  let row = await findRow(db, spec);
  if (row && !row.number) {
    const current = await invoicing.get(spec.kind, row.providerId);
    if (!current) {
      await db.delete(fiscalDocuments).where(and(eq(fiscalDocuments.id, row.id), isNull(fiscalDocuments.number)));
      row = undefined;
    } else if (current.number) {
      [row = row] = await db
        .update(fiscalDocuments)
        .set({ number: current.number, finalisedAt: new Date(), ...(current.totalCents !== null ? { totalCents: current.totalCents } : {}) })
        .where(eq(fiscalDocuments.id, row.id))
        .returning();
    } else {
      checkTotal(spec, current);
    }
  }
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
    if (!row.number && row.providerId === found.providerId) checkTotal(spec, found);
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

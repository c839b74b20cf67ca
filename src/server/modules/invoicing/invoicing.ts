/**
 * Who issues the shop's fiscal documents (docs/decisions/0019-invoices-and-refunds.md). A
 * Portuguese invoice must come from software certified by the tax authority (AT), so the shop does not
 * number documents itself: it asks a certified provider. A provider is one file implementing this
 * interface, named in `createInvoicing`.
 */

import type { DocumentKind } from '#shared/invoices.ts';

export type { DocumentKind };

/** Who the document is made out to; no NIF means "Consumidor final". */
export type DocumentClient = {
  /** The shop's own key for the client: the NIF when given, otherwise the e-mail. */
  code: string;
  name: string;
  nif: string | null;
  email: string;
  address: string;
  postalCode: string | null;
  city: string | null;
};

/** One line as the customer paid it: prices in cents, VAT (23 %) included. */
export type DocumentLine = { name: string; quantity: number; unitCentsWithVat: number };

export type DocumentRequest = {
  kind: DocumentKind;
  /** The shop's reference, unique per document ("Encomenda 12", "Encomenda 12 reembolso 3"): how a retry finds it. */
  reference: string;
  date: Date;
  client: DocumentClient;
  lines: DocumentLine[];
  /** A credit note's invoice (the provider's id of the order's fatura-recibo). */
  relatedTo?: string;
  observations?: string;
};

/** A document as the provider knows it: a draft has no number yet. */
export type ProviderDocument = { providerId: string; number: string | null; totalCents: number | null };

export interface Invoicing {
  readonly name: string;
  /** The document of this kind with this exact reference that the provider already holds, if any (not cancelled). */
  find(kind: DocumentKind, reference: string): Promise<ProviderDocument | null>;
  /** Creates the document as a draft; answers its id. */
  createDraft(request: DocumentRequest): Promise<ProviderDocument>;
  /** Finalises a draft: the provider numbers it and reports it to the tax authority. */
  finalise(kind: DocumentKind, providerId: string): Promise<ProviderDocument>;
  /** The PDF's address, or null while the provider is still making it. */
  pdfUrl(providerId: string): Promise<string | null>;
  /** The origins its PDFs are served from: the PDF route redirects to no other (pdf-link.ts). */
  readonly pdfOrigins: readonly string[];
}

/** The provider could not be reached, or refused (`refused`: retrying the same request will not help by itself). */
export class InvoicingError extends Error {
  readonly refused: boolean;
  constructor(message: string, refused: boolean) {
    super(message);
    this.refused = refused;
  }
}

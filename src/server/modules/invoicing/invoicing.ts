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
  /** The address's country, by its pt-PT name (decision 0055). */
  country: string;
};

/**
 * One line as the customer paid it: prices in cents, VAT included at `vatRate` % (the rate it was sold at; 0
 * when exempt). `code` is the shop's own key of what was sold (a product and variant, or the shipping):
 * providers that keep an items catalogue file the line under it, so a line never rewrites an item of the owner's own.
 */
export type DocumentLine = { code: string; name: string; quantity: number; unitCentsWithVat: number; vatRate: number };

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
  /** Why its lines at 0 % carry no VAT: the AT's code (M10 under the art. 53.º exemption; decision 0053). */
  taxExemption?: string;
};

/** A document as the provider knows it: a draft has no number yet. */
export type ProviderDocument = { providerId: string; number: string | null; totalCents: number | null };

export interface Invoicing {
  readonly name: string;
  /** The document of this kind with this exact reference that the provider already holds, if any (not cancelled). */
  find(kind: DocumentKind, reference: string): Promise<ProviderDocument | null>;
  /** Creates the document as a draft; answers its id. */
  createDraft(request: DocumentRequest): Promise<ProviderDocument>;
  /** The document as the provider holds it now (a draft the owner may have corrected); null when it is gone (deleted, cancelled). */
  get(kind: DocumentKind, providerId: string): Promise<ProviderDocument | null>;
  /** Finalises a draft: the provider numbers it and reports it to the tax authority. */
  finalise(kind: DocumentKind, providerId: string): Promise<ProviderDocument>;
  /** The PDF's address, or null while the provider is still making it. */
  pdfUrl(providerId: string): Promise<string | null>;
  /** The origins its PDFs are served from: the PDF route redirects to no other (pdf-link.ts). */
  readonly pdfOrigins: readonly string[];
}

type InvoicingErrorOptions = {
  /** The provider asked to be called again after this many seconds (429, 503 with `Retry-After`): not a refusal. */
  retryAfterSeconds?: number;
  /** Only the owner can put it right (a tax missing from the account, a total that is not what was paid): no automatic retry. */
  needsOwner?: boolean;
};

/**
 * The provider could not be reached, or refused (`refused`: retrying the same request will not help by
 * itself), or asked to wait (`retryAfterSeconds`), or needs the owner (`needsOwner`).
 */
export class InvoicingError extends Error {
  readonly refused: boolean;
  readonly retryAfterSeconds: number | undefined;
  readonly needsOwner: boolean;
  constructor(message: string, refused: boolean, options: InvoicingErrorOptions = {}) {
    super(message);
    this.refused = refused;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.needsOwner = options.needsOwner ?? false;
  }
}

import { VAT_RATE } from '#shared/money.ts';
import type { DocumentKind, DocumentRequest, Invoicing, ProviderDocument } from './invoicing.ts';
import { InvoicingError } from './invoicing.ts';

export type InvoiceXpressOptions = { baseUrl: string; apiKey: string; timeoutMs?: number };

/** The API's resource and JSON root of each document kind, and its type in listings. */
const RESOURCES: Record<DocumentKind, { path: string; root: string; type: string }> = {
  invoice_receipt: { path: 'invoice_receipts', root: 'invoice_receipt', type: 'InvoiceReceipt' },
  credit_note: { path: 'credit_notes', root: 'credit_note', type: 'CreditNote' },
};

/** The tax every line carries: the account's standard 23 % VAT. */
const VAT_TAX_NAME = 'IVA23';

/** A unit price with VAT, in cents → the price without VAT the API takes, to the micro-euro ("10.162602"). */
export function netUnitPrice(cents: number): string {
  const micro = Math.round((cents * 10_000) / (1 + VAT_RATE));
  return `${Math.trunc(micro / 1_000_000)}.${String(micro % 1_000_000).padStart(6, '0')}`;
}

/** "dd/mm/yyyy" in Lisbon, the dates the API takes. */
const apiDate = (date: Date) =>
  new Intl.DateTimeFormat('pt-PT', { timeZone: 'Europe/Lisbon', day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);

type Json = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** The provider's own words from an error answer: `{ errors: [{ error }] }` or `{ errors: { error } }`. */
function errorMessage(body: unknown): string {
  const errors = (body as Json | null)?.errors;
  const list = Array.isArray(errors) ? errors : errors ? [errors] : [];
  return list.map((e) => (typeof e === 'string' ? e : text((e as Json).error))).filter(Boolean).join('; ');
}

function documentOf(body: Json | undefined): ProviderDocument {
  const id = text(body?.id);
  if (!id) throw new InvoicingError('InvoiceXpress answered no document id', false);
  const status = text(body?.status);
  const number = status && status !== 'draft' ? text(body?.inverted_sequence_number) || text(body?.sequence_number) || null : null;
  const total = Number(body?.total);
  return { providerId: id, number, totalCents: Number.isFinite(total) && body?.total !== undefined ? Math.round(total * 100) : null };
}

/**
 * The InvoiceXpress adapter (API v2): documents are created as drafts, then finalised (numbered and
 * reported to AT), then their PDF is asked for (202 while it is being made). The API key travels as the
 * `api_key` query parameter, as the API requires; it never reaches a log (requests are not logged here).
 */
export function invoiceXpress(options: InvoiceXpressOptions): Invoicing {
  const timeoutMs = options.timeoutMs ?? 20_000;

  async function call(method: string, path: string, query: URLSearchParams, body?: unknown): Promise<{ status: number; body: Json }> {
    query.set('api_key', options.apiKey);
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl}${path}?${query.toString()}`, {
        method,
        headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new InvoicingError(`InvoiceXpress não respondeu: ${(err as Error).message}`, false);
    }
    const raw = await response.text();
    let parsed: unknown = {};
    try {
      parsed = raw ? JSON.parse(raw) : {};
    } catch {
      if (response.ok) throw new InvoicingError(`InvoiceXpress respondeu ${response.status} sem JSON`, false);
    }
    if (!response.ok) {
      const words = errorMessage(parsed);
      if (response.status === 401) throw new InvoicingError(`InvoiceXpress recusou a chave da API (401)${words ? `: ${words}` : ''}`, true);
      throw new InvoicingError(`InvoiceXpress respondeu ${response.status}${words ? `: ${words}` : ''}`, response.status < 500);
    }
    return { status: response.status, body: (parsed ?? {}) as Json };
  }

  return {
    name: 'invoicexpress',

    async find(kind, reference) {
      const query = new URLSearchParams({ text: reference, per_page: '30' });
      query.append('type[]', RESOURCES[kind].type);
      const { body } = await call('GET', '/invoices.json', query);
      const found = (Array.isArray(body.invoices) ? (body.invoices as Json[]) : []).find(
        (d) => text(d.reference) === reference && !['canceled', 'deleted'].includes(text(d.status)),
      );
      return found ? documentOf(found) : null;
    },

    async createDraft(request: DocumentRequest) {
      const { path, root } = RESOURCES[request.kind];
      const date = apiDate(request.date);
      const { client } = request;
      const { body } = await call('POST', `/${path}.json`, new URLSearchParams(), {
        [root]: {
          date,
          due_date: date,
          reference: request.reference,
          ...(request.observations ? { observations: request.observations } : {}),
          ...(request.relatedTo ? { owner_invoice_id: request.relatedTo } : {}),
          client: {
            name: client.name,
            code: client.code,
            email: client.email,
            address: client.address,
            ...(client.postalCode ? { postal_code: client.postalCode } : {}),
            ...(client.city ? { city: client.city } : {}),
            country: 'Portugal',
            ...(client.nif ? { fiscal_id: client.nif } : {}),
          },
          items: request.lines.map((line) => ({
            name: line.name.slice(0, 100),
            description: line.name,
            unit_price: netUnitPrice(line.unitCentsWithVat),
            quantity: String(line.quantity),
            tax: { name: VAT_TAX_NAME },
          })),
        },
      });
      return documentOf(body[root] as Json | undefined);
    },

    async finalise(kind, providerId) {
      const { path, root } = RESOURCES[kind];
      const { body } = await call('PUT', `/${path}/${encodeURIComponent(providerId)}/change-state.json`, new URLSearchParams(), {
        [root]: { state: 'finalized' },
      });
      const document = documentOf(body[root] as Json | undefined);
      if (!document.number) throw new InvoicingError('InvoiceXpress finalizou o documento sem lhe dar número', false);
      return document;
    },

    // The account's own host (https://<account>.app.invoicexpress.com), where the API answers PDF links; no other.
    pdfOrigins: [new URL(options.baseUrl).origin],

    async pdfUrl(providerId) {
      const { status, body } = await call('GET', `/api/pdf/${encodeURIComponent(providerId)}.json`, new URLSearchParams());
      if (status === 202) return null;
      return text((body.output as Json | undefined)?.pdfUrl) || null;
    },
  };
}

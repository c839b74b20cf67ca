import type { DocumentKind, DocumentRequest, Invoicing, ProviderDocument } from './invoicing.ts';
import { InvoicingError } from './invoicing.ts';

/* The calls and answers relied on here are kept, with their sources, in invoicexpress-documented/ (decision 0038). */

/** `taxName`: the account's 23 % tax; `taxNames`: its tax for each rate in percent (decision 0053), IVA<rate> when not named. */
export type InvoiceXpressOptions = { baseUrl: string; apiKey: string; taxName: string; taxNames?: Record<number, string>; timeoutMs?: number };

/**
 * The API's resource of each document kind, its type in listings, and the root its answers come under on
 * live accounts. Requests always use the documented root `invoice`, whatever the kind.
 */
const RESOURCES: Record<DocumentKind, { path: string; root: string; type: string }> = {
  invoice_receipt: { path: 'invoice_receipts', root: 'invoice_receipt', type: 'InvoiceReceipt' },
  credit_note: { path: 'credit_notes', root: 'credit_note', type: 'CreditNote' },
};

/** A unit price with VAT at `rate` %, in cents → the price without VAT the API takes, to the micro-euro ("10.162602"). */
export function netUnitPrice(cents: number, rate = 23): string {
  const micro = Math.round((cents * 1_000_000) / (100 + rate));
  return `${Math.trunc(micro / 1_000_000)}.${String(micro % 1_000_000).padStart(6, '0')}`;
}

/** "dd/mm/yyyy" in Lisbon, the dates the API takes. */
const apiDate = (date: Date) =>
  new Intl.DateTimeFormat('pt-PT', { timeZone: 'Europe/Lisbon', day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);

type Json = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The provider's own words from an error answer: `{ errors: [{ error }] }` or `{ errors: { error } }`. */
function errorMessage(body: unknown): string {
  const errors = (body as Json | null)?.errors;
  const list = Array.isArray(errors) ? errors : errors ? [errors] : [];
  return list.map((e) => (typeof e === 'string' ? e : text((e as Json).error))).filter(Boolean).join('; ');
}

/** `Retry-After` in seconds (a number of seconds or an HTTP date, RFC 9110 §10.2.3), kept between 1 s and an hour. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value) ? Number(value) : (Date.parse(value) - now) / 1000;
  return Number.isFinite(seconds) ? Math.min(3600, Math.max(1, Math.ceil(seconds))) : undefined;
}

/** A rate limit (429) without a `Retry-After`: a minute, the usual window. */
const RATE_LIMIT_WAIT_SECONDS = 60;

/**
 * The document in an answer: under `invoice`, as the documentation shows for every kind, or under the kind's
 * own root (`invoice_receipt`, `credit_note`), as live accounts answer. Either is read (decision 0038).
 */
function documentIn(body: Json, kind: DocumentKind): Json | undefined {
  const documented = body.invoice;
  const typed = body[RESOURCES[kind].root];
  return isObject(documented) ? documented : isObject(typed) ? typed : undefined;
}

function documentOf(body: Json | undefined): ProviderDocument {
  const id = text(body?.id);
  if (!id) throw new InvoicingError('O InvoiceXpress não indicou o número interno do documento na resposta.', false);
  const status = text(body?.status);
  const number = status && status !== 'draft' ? text(body?.inverted_sequence_number) || text(body?.sequence_number) || null : null;
  const total = Number(body?.total);
  const hasTotal = body?.total !== undefined && body?.total !== null && body?.total !== '' && Number.isFinite(total);
  return { providerId: id, number, totalCents: hasTotal ? Math.round(total * 100) : null };
}

const GONE = new Set(['canceled', 'deleted']);

/**
 * The InvoiceXpress adapter (API v2): documents are created as drafts, then finalised (numbered and
 * reported to AT), then their PDF is asked for (202 while it is being made). The API key travels as the
 * `api_key` query parameter, as the API requires; it never reaches a log (requests are not logged here).
 * Before the first document, the configured tax is looked up in the account's taxes: an unknown name
 * would silently become the account's default tax.
 */
export function invoiceXpress(options: InvoiceXpressOptions): Invoicing {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const taxNameOf = (rate: number) => (rate === 23 ? options.taxName : (options.taxNames?.[rate] ?? `IVA${rate}`));
  const taxesChecked = new Set<number>();

  async function call(method: string, path: string, query: URLSearchParams, body?: unknown, accept: number[] = []): Promise<{ status: number; body: Json }> {
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
    if (accept.includes(response.status)) return { status: response.status, body: isObject(parsed) ? parsed : {} };
    if (!response.ok) {
      const words = errorMessage(parsed);
      const wait = retryAfterSeconds(response.headers.get('retry-after'));
      // Asked to wait: the job queue calls again after that time. Not a refusal, and not the customer's concern.
      if (response.status === 429) {
        const seconds = wait ?? RATE_LIMIT_WAIT_SECONDS;
        throw new InvoicingError(`O InvoiceXpress pediu para aguardar (429): nova tentativa dentro de ${seconds} s.`, false, { retryAfterSeconds: seconds });
      }
      if (response.status === 503 && wait) {
        throw new InvoicingError(`O InvoiceXpress está temporariamente indisponível (503): nova tentativa dentro de ${wait} s.`, false, { retryAfterSeconds: wait });
      }
      if (response.status === 401) throw new InvoicingError(`InvoiceXpress recusou a chave da API (401)${words ? `: ${words}` : ''}`, true);
      throw new InvoicingError(`InvoiceXpress respondeu ${response.status}${words ? `: ${words}` : ''}`, response.status < 500);
    }
    return { status: response.status, body: isObject(parsed) ? parsed : {} };
  }

  /** Each rate's configured tax is in the account's list, at that rate; each checked until it has been found once. */
  async function checkTaxes(rates: number[]) {
    const wanted = [...new Set(rates)].filter((rate) => !taxesChecked.has(rate));
    if (!wanted.length) return;
    const { body } = await call('GET', '/taxes.json', new URLSearchParams());
    const taxes = (Array.isArray(body.taxes) ? body.taxes : []).map((t: unknown) => (isObject(t) && isObject(t.tax) ? t.tax : t)).filter(isObject);
    const names = taxes.map((t) => text(t.name)).filter(Boolean).join(', ') || 'nenhum';
    for (const rate of wanted) {
      const name = taxNameOf(rate);
      const setting = rate === 23 ? 'INVOICEXPRESS_TAX_NAME' : 'INVOICEXPRESS_TAX_NAMES';
      const tax = taxes.find((t) => text(t.name) === name);
      if (!tax) {
        throw new InvoicingError(
          `O imposto "${name}" não existe na conta InvoiceXpress (impostos da conta: ${names}). Crie-o no InvoiceXpress ou indique em ${setting} o nome do IVA a ${rate} % da conta, e carregue em "Tentar de novo".`,
          true,
          { needsOwner: true },
        );
      }
      if (Number(tax.value) !== rate) {
        throw new InvoicingError(
          `O imposto "${name}" da conta InvoiceXpress é de ${text(tax.value)} %, não de ${rate} %. Indique em ${setting} o nome do IVA a ${rate} % da conta, e carregue em "Tentar de novo".`,
          true,
          { needsOwner: true },
        );
      }
      taxesChecked.add(rate);
    }
  }

  return {
    name: 'invoicexpress',

    async find(kind, reference) {
      const query = new URLSearchParams({ text: reference, per_page: '30' });
      query.append('type[]', RESOURCES[kind].type);
      const { body } = await call('GET', '/invoices.json', query);
      const found = (Array.isArray(body.invoices) ? body.invoices : [])
        .filter(isObject)
        .find((d) => text(d.reference) === reference && !GONE.has(text(d.status)));
      return found ? documentOf(found) : null;
    },

    async get(kind, providerId) {
      const { status, body } = await call('GET', `/${RESOURCES[kind].path}/${encodeURIComponent(providerId)}.json`, new URLSearchParams(), undefined, [404]);
      if (status === 404) return null;
      const document = documentIn(body, kind);
      return document && GONE.has(text(document.status)) ? null : documentOf(document);
    },

    async createDraft(request: DocumentRequest) {
      await checkTaxes(request.lines.map((line) => line.vatRate));
      const date = apiDate(request.date);
      const { client } = request;
      const { body } = await call('POST', `/${RESOURCES[request.kind].path}.json`, new URLSearchParams(), {
        invoice: {
          date,
          due_date: date,
          reference: request.reference,
          ...(request.observations ? { observations: request.observations } : {}),
          ...(request.relatedTo ? { owner_invoice_id: request.relatedTo } : {}),
          // Lines at 0 %: the AT's code of why (M10 under the art. 53.º exemption), as the create call documents it.
          ...(request.taxExemption ? { tax_exemption: request.taxExemption } : {}),
          client: {
            name: client.name,
            code: client.code,
            email: client.email,
            address: client.address,
            ...(client.postalCode ? { postal_code: client.postalCode } : {}),
            ...(client.city ? { city: client.city } : {}),
            // The address's country by its name, as the shop always sent Portugal's (decision 0055).
            country: client.country,
            ...(client.nif ? { fiscal_id: client.nif } : {}),
          },
          // The item's name is its key in the account's catalogue ("if item name already exists, the item is
          // updated"): the shop's own code, so no invoice rewrites an item of the owner's; the words go in the description.
          items: request.lines.map((line) => ({
            name: line.code,
            description: line.name,
            unit_price: netUnitPrice(line.unitCentsWithVat, line.vatRate),
            quantity: String(line.quantity),
            tax: { name: taxNameOf(line.vatRate) },
          })),
        },
      });
      return documentOf(documentIn(body, request.kind));
    },

    async finalise(kind, providerId) {
      const { path } = RESOURCES[kind];
      const { body } = await call('PUT', `/${path}/${encodeURIComponent(providerId)}/change-state.json`, new URLSearchParams(), {
        invoice: { state: 'finalized' },
      });
      const document = documentOf(documentIn(body, kind));
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

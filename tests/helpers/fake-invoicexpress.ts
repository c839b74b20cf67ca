import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import changeStateDoc from '../../src/server/modules/invoicing/invoicexpress-documented/change-state.json' with { type: 'json' };
import createDoc from '../../src/server/modules/invoicing/invoicexpress-documented/create.json' with { type: 'json' };
import taxesDoc from '../../src/server/modules/invoicing/invoicexpress-documented/taxes.json' with { type: 'json' };

export const FAKE_INVOICEXPRESS_KEY = 'invoicexpress-key-for-tests';

type Item = { name: string; description?: string; unit_price: string; quantity: string; tax?: { name?: string } };
type Client = { name?: string; code?: string; email?: string; fiscal_id?: string; address?: string; postal_code?: string; city?: string; country?: string };
type Tax = { id: number; name: string; value: string; region: string | null; code: string | null; default_tax: number };

export type FakeDocument = {
  id: number;
  kind: 'invoice_receipt' | 'credit_note';
  status: 'draft' | 'final' | 'settled' | 'deleted';
  reference: string;
  client: Client;
  items: Item[];
  ownerInvoiceId: string | null;
  number: string | null;
  /** Totals as the provider computes them: net per line, each line's tax on it, rounded once, in cents. */
  netCents: number;
  taxCents: number;
  totalCents: number;
};

const KINDS = {
  invoice_receipts: { kind: 'invoice_receipt', root: 'invoice_receipt', type: 'InvoiceReceipt', series: 'A' },
  credit_notes: { kind: 'credit_note', root: 'credit_note', type: 'CreditNote', series: 'B' },
} as const;

/*
 * What the documentation shows a request may hold (invoicexpress-documented/create.json: the example's
 * fields, and the optional ones the create page names that the shop sends). Any other key, or another root
 * than `invoice`, is refused with 422 as the documentation's error page says ("Invoice items is invalid").
 */
const INVOICE_FIELDS = new Set(['date', 'due_date', 'reference', 'observations', 'retention', 'tax_exemption', 'sequence_id', 'owner_invoice_id', 'client', 'items']);
const CLIENT_FIELDS = new Set(['name', 'code', 'email', 'address', 'city', 'postal_code', 'country', 'fiscal_id', 'website', 'phone', 'fax', 'observations']);
const ITEM_FIELDS = new Set(['name', 'description', 'unit_price', 'quantity', 'unit', 'discount', 'tax']);
const DATE = /^\d{2}\/\d{2}\/\d{4}$/;
const NUMBER = /^\d+(\.\d+)?$/;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const unknownKeys = (value: Json, allowed: Set<string>) => Object.keys(value).filter((k) => !allowed.has(k));

/** The documentation's own 422 words for a body it cannot take; null when the body is as documented. */
function createRefusal(body: Json): string | null {
  if (Object.keys(body).length !== 1 || !isObject(body.invoice)) return 'Invoice is invalid';
  const invoice = body.invoice;
  if (unknownKeys(invoice, INVOICE_FIELDS).length) return `Invoice is invalid (${unknownKeys(invoice, INVOICE_FIELDS).join(', ')})`;
  if (typeof invoice.date !== 'string' || !DATE.test(invoice.date) || typeof invoice.due_date !== 'string' || !DATE.test(invoice.due_date)) return 'Date is invalid';
  const client = invoice.client;
  if (!isObject(client) || typeof client.name !== 'string' || !client.name || unknownKeys(client, CLIENT_FIELDS).length) return 'Client is invalid';
  if (typeof client.fiscal_id === 'string' && !/^\d{9}$/.test(client.fiscal_id)) return 'Fiscal ID is invalid';
  if (!Array.isArray(invoice.items) || !invoice.items.length) return 'Items element should be of type array';
  for (const item of invoice.items as unknown[]) {
    if (!isObject(item) || typeof item.name !== 'string' || !item.name || unknownKeys(item, ITEM_FIELDS).length) return 'Invoice items is invalid';
    if (typeof item.unit_price !== 'string' || !NUMBER.test(item.unit_price)) return 'Unit price must be a number';
    if (typeof item.quantity !== 'string' || !NUMBER.test(item.quantity) || Number(item.quantity) <= 0) return 'Quantity must be a number greater than 0';
    if (item.tax !== undefined && !(isObject(item.tax) && Object.keys(item.tax).every((k) => k === 'name') && typeof item.tax.name === 'string')) return 'Invoice items is invalid';
  }
  return null;
}

/** The AT's exemption codes (Portaria n.º 195/2020): M01 to M99, e.g. M10 for the art. 53.º regime. */
const AT_EXEMPTION = /^M\d{2}$/;

function exemptionRefusal(value: unknown, hasZeroTax: boolean): string | null {
  if (value !== undefined && (typeof value !== 'string' || !AT_EXEMPTION.test(value))) return 'Tax exemption is invalid';
  if (hasZeroTax && value === undefined) return 'Tax exemption is required';
  return null;
}

async function readJson(req: IncomingMessage): Promise<Json | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * A stand-in for InvoiceXpress's API v2 on loopback, answering as its documentation shows
 * (src/server/modules/invoicing/invoicexpress-documented/): drafts under the root `invoice` for every
 * document type, finalising (numbers per series), the account's taxes (an unknown tax name becomes the
 * default tax, as documented), its items catalogue (an item named again is updated), the listing the shop
 * searches by reference, PDFs that take a moment (202), and the failures a real provider has: down (500),
 * slow, a refusal (422 with its message), a wrong key (401), busy (429 / 503 with Retry-After), a total
 * that is not the shop's, and a connection that breaks right after a draft was created.
 */
export function fakeInvoiceXpress() {
  const state = {
    url: '',
    documents: [] as FakeDocument[],
    /** The account's taxes: the documentation's example list (IVA23 the default). */
    taxes: structuredClone(taxesDoc.answer.taxes) as Tax[],
    /** The account's items catalogue by name, as documented: created or updated by each document's lines. */
    items: new Map<string, { description: string; unit_price: string }>(),
    /** Answers under `invoice` (the documentation) or under the document type's root (what live accounts answer). */
    answerRoot: 'invoice' as 'invoice' | 'type',
    down: false,
    delayMs: 0,
    /** The next calls answer this status with `Retry-After` (429 rate limit, 503 maintenance). */
    busy: undefined as { status: 429 | 503; retryAfter: string; times: number } | undefined,
    /** Cents the provider's totals differ by from the lines' (another rounding or tax than the shop's). */
    totalOffsetCents: 0,
    /** The next creations are refused with this message (422), e.g. a NIF the provider does not accept. */
    refuse: undefined as string | undefined,
    /** The next creation is recorded, then the connection is cut before the answer. */
    dropNextCreate: false,
    /** How many times a PDF answers 202 before it is ready. */
    pdfPending: 0,
    /** A link answered instead of the document's own (a provider gone wrong, or an answer tampered with). */
    pdfLink: undefined as string | undefined,
    /** Each created document's `tax_exemption` (null when none was sent), in order. */
    exemptions: [] as (string | null)[],
    /** Requests that reached the fake, as "METHOD /path". */
    calls: [] as string[],
    /** Bodies refused for their shape (422), with the reason: a test that sends an undocumented body sees it here. */
    refusedBodies: [] as string[],
    issued(kind: FakeDocument['kind']) {
      return state.documents.filter((d) => d.kind === kind && d.status !== 'draft' && d.status !== 'deleted');
    },
  };
  const numbers = { invoice_receipt: 0, credit_note: 0 };
  let nextId = 1000;
  const pdfAsked = new Map<number, number>();

  const taxOf = (item: Item) => state.taxes.find((t) => t.name === item.tax?.name) ?? state.taxes.find((t) => Number(t.default_tax) === 1);
  function totalsOf(items: Item[]) {
    const net = items.reduce((sum, i) => sum + Number(i.unit_price) * Number(i.quantity), 0);
    const tax = items.reduce((sum, i) => sum + (Number(i.unit_price) * Number(i.quantity) * Number(taxOf(i)?.value ?? 0)) / 100, 0);
    const netCents = Math.round(net * 100);
    const totalCents = Math.round((net + tax) * 100) + state.totalOffsetCents;
    return { netCents, taxCents: totalCents - netCents, totalCents };
  }

  // The documented answer's shape (create.json, change-state.json) with this document's values.
  const describe = (d: FakeDocument) => ({
    ...(d.status === 'draft' ? createDoc.answer.invoice : changeStateDoc.answer.invoice),
    id: d.id,
    type: d.kind === 'invoice_receipt' ? 'InvoiceReceipt' : 'CreditNote',
    status: d.status,
    reference: d.reference,
    sequence_number: d.number ? d.number.split('/').reverse().join('/') : 'rascunho',
    inverted_sequence_number: d.number,
    sum: d.netCents / 100,
    before_taxes: d.netCents / 100,
    taxes: d.taxCents / 100,
    total: d.totalCents / 100,
    client: d.client,
    items: d.items.map((i) => ({ ...i, tax: taxOf(i) ? { id: taxOf(i)?.id, name: taxOf(i)?.name, value: Number(taxOf(i)?.value) } : null })),
  });
  const answer = (d: FakeDocument) => ({ [state.answerRoot === 'invoice' ? 'invoice' : KINDS[d.kind === 'invoice_receipt' ? 'invoice_receipts' : 'credit_notes'].root]: describe(d) });

  const server = createServer((req, res) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    const refuse = (reason: string) => {
      state.refusedBodies.push(`${req.method} ${req.url?.split('?')[0]}: ${reason}`);
      return send(422, { errors: [{ error: reason }] });
    };
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      state.calls.push(`${req.method} ${url.pathname}`);
      if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
      if (state.down) return send(500, { errors: [{ error: 'Internal Server Error' }] });
      if (state.busy && state.busy.times > 0) {
        state.busy.times -= 1;
        return send(state.busy.status, { errors: [{ error: state.busy.status === 429 ? 'Too Many Requests' : 'Service Unavailable' }] }, { 'retry-after': state.busy.retryAfter });
      }
      // The PDFs themselves are public links, as the provider's are (they carry no key).
      const file = /^\/documents\/(\d+)\.pdf$/.exec(url.pathname);
      if (req.method === 'GET' && file) {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        return res.end('%PDF-1.4\n% documento de teste\n');
      }
      if (url.searchParams.get('api_key') !== FAKE_INVOICEXPRESS_KEY) return send(401, { errors: [{ error: 'Unauthorized' }] });

      if (req.method === 'GET' && url.pathname === '/taxes.json') return send(200, { taxes: state.taxes });

      const create = /^\/(invoice_receipts|credit_notes)\.json$/.exec(url.pathname);
      if (req.method === 'POST' && create) {
        const resource = KINDS[create[1] as keyof typeof KINDS];
        const body = await readJson(req);
        const wrong = body ? createRefusal(body) : 'Invoice is invalid';
        if (wrong) return refuse(wrong);
        const invoice = body?.invoice as { reference?: string; client: Client; items: Item[]; owner_invoice_id?: string; tax_exemption?: unknown };
        // tax_exemption: one of the AT's codes, required when an item's tax is 0 % (create.json's notes).
        const exemption = exemptionRefusal(invoice.tax_exemption, invoice.items.some((i) => Number(taxOf(i)?.value ?? 0) === 0));
        if (exemption) return refuse(exemption);
        state.exemptions.push(typeof invoice.tax_exemption === 'string' ? invoice.tax_exemption : null);
        if (state.refuse) return send(422, { errors: [{ error: state.refuse }] });
        if (resource.kind === 'credit_note' && !state.documents.some((d) => String(d.id) === String(invoice.owner_invoice_id) && d.status !== 'draft')) {
          return send(422, { errors: [{ error: 'Owner invoice not found' }] });
        }
        for (const item of invoice.items) state.items.set(item.name, { description: item.description ?? '', unit_price: item.unit_price });
        const document: FakeDocument = {
          id: ++nextId,
          kind: resource.kind,
          status: 'draft',
          reference: invoice.reference ?? '',
          client: invoice.client,
          items: invoice.items,
          ownerInvoiceId: invoice.owner_invoice_id ? String(invoice.owner_invoice_id) : null,
          number: null,
          ...totalsOf(invoice.items),
        };
        state.documents.push(document);
        if (state.dropNextCreate) {
          state.dropNextCreate = false;
          return req.socket.destroy();
        }
        return send(201, answer(document));
      }

      const change = /^\/(invoice_receipts|credit_notes)\/(\d+)\/change-state\.json$/.exec(url.pathname);
      if (req.method === 'PUT' && change) {
        const resource = KINDS[change[1] as keyof typeof KINDS];
        const body = await readJson(req);
        const document = state.documents.find((d) => d.id === Number(change[2]) && d.kind === resource.kind);
        if (!document) return send(404, { errors: [{ error: 'Not Found' }] });
        if (!body || Object.keys(body).length !== 1 || !isObject(body.invoice) || unknownKeys(body.invoice, new Set(['state', 'message'])).length) {
          return refuse('Invalid state');
        }
        if (body.invoice.state !== 'finalized' || document.status !== 'draft') return send(422, { errors: [{ error: 'Invalid state' }] });
        // draft → settled for an invoice-receipt, draft → final for the others (change-state.json's table).
        document.status = resource.kind === 'invoice_receipt' ? 'settled' : 'final';
        document.number = `${resource.series}/${++numbers[resource.kind]}`;
        return send(200, answer(document));
      }

      const get = /^\/(invoice_receipts|credit_notes)\/(\d+)\.json$/.exec(url.pathname);
      if (req.method === 'GET' && get) {
        const resource = KINDS[get[1] as keyof typeof KINDS];
        const document = state.documents.find((d) => d.id === Number(get[2]) && d.kind === resource.kind && d.status !== 'deleted');
        return document ? send(200, answer(document)) : send(404, { errors: [{ error: 'Not Found' }] });
      }

      if (req.method === 'GET' && url.pathname === '/invoices.json') {
        const text = url.searchParams.get('text') ?? '';
        const types = url.searchParams.getAll('type[]');
        const found = state.documents.filter(
          (d) => d.reference.includes(text) && (!types.length || types.includes(d.kind === 'invoice_receipt' ? 'InvoiceReceipt' : 'CreditNote')),
        );
        return send(200, { invoices: found.map(describe), pagination: { total_entries: found.length, current_page: 1, total_pages: 1, per_page: 30 } });
      }

      const pdf = /^\/api\/pdf\/(\d+)\.json$/.exec(url.pathname);
      if (req.method === 'GET' && pdf) {
        const id = Number(pdf[1]);
        if (!state.documents.some((d) => d.id === id && d.status !== 'draft')) return send(404, { errors: [{ error: 'Not Found' }] });
        const asked = (pdfAsked.get(id) ?? 0) + 1;
        pdfAsked.set(id, asked);
        if (asked <= state.pdfPending) return send(202, {});
        return send(200, { output: { pdfUrl: state.pdfLink ?? `${state.url}/documents/${id}.pdf` } });
      }

      return send(404, { errors: [{ error: 'Not Found' }] });
    })();
  });
  return {
    state,
    async listen(port = 0) {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeInvoiceXpress = ReturnType<typeof fakeInvoiceXpress>['state'];

/** The environment that points the app's InvoiceXpress adapter at the fake. */
export const invoiceXpressEnv = (fake: { url: string }) => ({
  INVOICING: 'invoicexpress',
  INVOICEXPRESS_ACCOUNT: 'loja-teste',
  INVOICEXPRESS_API_KEY: FAKE_INVOICEXPRESS_KEY,
  INVOICEXPRESS_BASE_URL: fake.url,
});

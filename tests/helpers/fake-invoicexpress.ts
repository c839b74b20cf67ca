import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_INVOICEXPRESS_KEY = 'invoicexpress-key-for-tests';

type Item = { name: string; unit_price: string; quantity: string; tax?: { name?: string } };
type Client = { name?: string; code?: string; email?: string; fiscal_id?: string; address?: string; postal_code?: string; city?: string };

export type FakeDocument = {
  id: number;
  kind: 'invoice_receipt' | 'credit_note';
  status: 'draft' | 'final' | 'settled';
  reference: string;
  client: Client;
  items: Item[];
  ownerInvoiceId: string | null;
  number: string | null;
  /** Totals as the provider computes them: net per line, VAT on the sum, in cents. */
  netCents: number;
  taxCents: number;
  totalCents: number;
};

const KINDS = {
  invoice_receipts: { kind: 'invoice_receipt', root: 'invoice_receipt', type: 'InvoiceReceipt', series: 'FR' },
  credit_notes: { kind: 'credit_note', root: 'credit_note', type: 'CreditNote', series: 'NC' },
} as const;

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

/** Line amounts at full precision, rounded once for the document: the total, the net sum, VAT the difference. */
function totalsOf(items: Item[]) {
  const net = items.reduce((sum, i) => sum + Number(i.unit_price) * Number(i.quantity), 0);
  const totalCents = Math.round(net * 1.23 * 100);
  const netCents = Math.round(net * 100);
  return { netCents, taxCents: totalCents - netCents, totalCents };
}

/**
 * A stand-in for InvoiceXpress's API v2 on loopback: drafts, finalising (numbers per series), the listing
 * the shop searches by reference, PDFs that take a moment (202), and the failures a real provider has:
 * down (500), slow, a refusal (422 with its message), a wrong key (401), and a connection that breaks
 * right after a draft was created (the shop then never learns its id).
 */
export function fakeInvoiceXpress() {
  const state = {
    url: '',
    documents: [] as FakeDocument[],
    down: false,
    delayMs: 0,
    /** The next creations are refused with this message (422), e.g. a NIF the provider does not accept. */
    refuse: undefined as string | undefined,
    /** The next creation is recorded, then the connection is cut before the answer. */
    dropNextCreate: false,
    /** How many times a PDF answers 202 before it is ready. */
    pdfPending: 0,
    /** A link answered instead of the document's own (a provider gone wrong, or an answer tampered with). */
    pdfLink: undefined as string | undefined,
    /** Requests that reached the fake, as "METHOD /path". */
    calls: [] as string[],
    issued(kind: FakeDocument['kind']) {
      return state.documents.filter((d) => d.kind === kind && d.status !== 'draft');
    },
  };
  const numbers = { invoice_receipt: 0, credit_note: 0 };
  let nextId = 1000;
  const pdfAsked = new Map<number, number>();

  const describe = (d: FakeDocument) => ({
    id: d.id,
    type: d.kind === 'invoice_receipt' ? 'InvoiceReceipt' : 'CreditNote',
    status: d.status,
    reference: d.reference,
    sequence_number: d.number ? d.number.split('/').reverse().join('/') : 'rascunho',
    inverted_sequence_number: d.number,
    total: (d.totalCents / 100).toFixed(2),
    sum: (d.netCents / 100).toFixed(2),
    taxes: (d.taxCents / 100).toFixed(2),
    client: d.client,
    items: d.items,
  });

  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      state.calls.push(`${req.method} ${url.pathname}`);
      if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
      if (state.down) return send(500, { errors: [{ error: 'Internal Server Error' }] });
      // The PDFs themselves are public links, as the provider's are (they carry no key).
      const file = /^\/documents\/(\d+)\.pdf$/.exec(url.pathname);
      if (req.method === 'GET' && file) {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        return res.end('%PDF-1.4\n% documento de teste\n');
      }
      if (url.searchParams.get('api_key') !== FAKE_INVOICEXPRESS_KEY) return send(401, { errors: [{ error: 'Unauthorized' }] });

      const create = /^\/(invoice_receipts|credit_notes)\.json$/.exec(url.pathname);
      if (req.method === 'POST' && create) {
        const resource = KINDS[create[1] as keyof typeof KINDS];
        const body = (await readJson(req))[resource.root] as { reference?: string; client?: Client; items?: Item[]; owner_invoice_id?: string } | undefined;
        if (state.refuse) return send(422, { errors: [{ error: state.refuse }] });
        if (!body?.client?.name || !body.items?.length) return send(422, { errors: [{ error: 'Client and items are required' }] });
        if (body.client.fiscal_id && !/^\d{9}$/.test(body.client.fiscal_id)) return send(422, { errors: [{ error: 'Fiscal ID is invalid' }] });
        if (resource.kind === 'credit_note' && !state.documents.some((d) => String(d.id) === String(body.owner_invoice_id) && d.status !== 'draft')) {
          return send(422, { errors: [{ error: 'Owner invoice not found' }] });
        }
        const document: FakeDocument = {
          id: ++nextId,
          kind: resource.kind,
          status: 'draft',
          reference: body.reference ?? '',
          client: body.client,
          items: body.items,
          ownerInvoiceId: body.owner_invoice_id ? String(body.owner_invoice_id) : null,
          number: null,
          ...totalsOf(body.items),
        };
        state.documents.push(document);
        if (state.dropNextCreate) {
          state.dropNextCreate = false;
          return req.socket.destroy();
        }
        return send(201, { [resource.root]: describe(document) });
      }

      const change = /^\/(invoice_receipts|credit_notes)\/(\d+)\/change-state\.json$/.exec(url.pathname);
      if (req.method === 'PUT' && change) {
        const resource = KINDS[change[1] as keyof typeof KINDS];
        const body = (await readJson(req))[resource.root] as { state?: string } | undefined;
        const document = state.documents.find((d) => d.id === Number(change[2]) && d.kind === resource.kind);
        if (!document) return send(404, { errors: [{ error: 'Not found' }] });
        if (body?.state !== 'finalized') return send(422, { errors: [{ error: 'Invalid state' }] });
        if (document.status !== 'draft') return send(422, { errors: [{ error: 'Document is already finalized' }] });
        document.status = resource.kind === 'invoice_receipt' ? 'settled' : 'final';
        document.number = `${resource.series === 'FR' ? 'A' : 'B'}/${++numbers[resource.kind]}`;
        return send(200, { [resource.root]: describe(document) });
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
        if (!state.documents.some((d) => d.id === id && d.status !== 'draft')) return send(404, { errors: [{ error: 'Not found' }] });
        const asked = (pdfAsked.get(id) ?? 0) + 1;
        pdfAsked.set(id, asked);
        if (asked <= state.pdfPending) return send(202, {});
        return send(200, { output: { pdfUrl: state.pdfLink ?? `${state.url}/documents/${id}.pdf` } });
      }

      return send(404, { errors: [{ error: 'Not found' }] });
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

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import changeState from './invoicexpress-documented/change-state.json' with { type: 'json' };
import create from './invoicexpress-documented/create.json' with { type: 'json' };
import documentedTaxes from './invoicexpress-documented/taxes.json' with { type: 'json' };
import { FAKE_INVOICEXPRESS_KEY, fakeInvoiceXpress } from '../../../../tests/helpers/fake-invoicexpress.ts';
import { rejectionOf } from '../../../../tests/helpers/rejections.ts';
import { documentClient } from './documents.ts';
import type { DocumentRequest } from './invoicing.ts';
import { InvoicingError } from './invoicing.ts';
import { invoiceXpress, retryAfterSeconds } from './invoicexpress.ts';

/* The adapter call by call against the stand-in that answers as InvoiceXpress's documentation shows (invoicexpress-documented/). */

const fake = fakeInvoiceXpress();
const provider = fake.state;
beforeAll(() => fake.listen());
afterAll(() => fake.close());

const adapter = (taxName = 'IVA23') => invoiceXpress({ baseUrl: provider.url, apiKey: FAKE_INVOICEXPRESS_KEY, taxName });

const client = { code: 'cliente@example.pt', name: 'Ana Silva', nif: '123456789', email: 'cliente@example.pt', address: 'Rua das Flores, 1', postalCode: '1100-200', city: 'Lisboa', country: 'Portugal' };
const invoiceRequest = (reference: string): DocumentRequest => ({
  kind: 'invoice_receipt',
  reference,
  date: new Date('2026-11-20T10:00:00Z'),
  client,
  lines: [
    { code: 'LOJA-P7', name: 'Caixa organizadora', quantity: 2, unitCentsWithVat: 2500, vatRate: 23 },
    { code: 'LOJA-PORTES', name: 'Portes de envio', quantity: 1, unitCentsWithVat: 600, vatRate: 23 },
  ],
});

const failure = (promise: Promise<unknown>) => rejectionOf(promise, InvoicingError);

beforeEach(() => {
  provider.answerRoot = 'invoice';
  provider.busy = undefined;
  provider.totalOffsetCents = 0;
  provider.taxes = structuredClone(documentedTaxes.answer.taxes);
  provider.refusedBodies = [];
});

describe('the stand-in keeps to the documentation', () => {
  it('takes the documented example and refuses any other root or field with the documented 422', async () => {
    const post = (body: unknown) =>
      fetch(`${provider.url}/invoice_receipts.json?api_key=${FAKE_INVOICEXPRESS_KEY}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post(create.request)).status).toBe(201);
    const typedRoot = await post({ invoice_receipt: create.request.invoice });
    expect(typedRoot.status).toBe(422);
    expect(await typedRoot.json()).toEqual({ errors: [{ error: 'Invoice is invalid' }] });
    const extra = await post({ invoice: { ...create.request.invoice, items: [{ ...create.request.invoice.items[0], price: '1' }] } });
    expect(extra.status).toBe(422);
    const finalise = await fetch(`${provider.url}/invoice_receipts/1/change-state.json?api_key=${FAKE_INVOICEXPRESS_KEY}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ invoice_receipt: { state: 'finalized' } }),
    });
    expect(finalise.status).toBe(404);
    expect(Object.keys(changeState.request)).toEqual(['invoice']);
  });
});

describe('the InvoiceXpress adapter', () => {
  it('creates an invoice-receipt under the root "invoice", finalises it and reads the documented answer', async () => {
    const ix = adapter();
    const draft = await ix.createDraft(invoiceRequest('Encomenda 1'));
    expect(draft).toMatchObject({ number: null, totalCents: 5600 });
    const finalised = await ix.finalise('invoice_receipt', draft.providerId);
    expect(finalised).toMatchObject({ providerId: draft.providerId, number: expect.stringMatching(/^A\/\d+$/), totalCents: 5600 });
    expect(provider.refusedBodies).toEqual([]);
    expect(provider.calls.slice(-3)).toEqual(['GET /taxes.json', 'POST /invoice_receipts.json', `PUT /invoice_receipts/${draft.providerId}/change-state.json`]);
    expect(await ix.get('invoice_receipt', draft.providerId)).toMatchObject({ number: finalised.number, totalCents: 5600 });
  });

  it('creates a credit note under the same root, against its invoice', async () => {
    const ix = adapter();
    const invoice = await ix.finalise('invoice_receipt', (await ix.createDraft(invoiceRequest('Encomenda 2'))).providerId);
    const note = await ix.createDraft({ ...invoiceRequest('Encomenda 2 reembolso 1'), kind: 'credit_note', relatedTo: invoice.providerId, observations: 'Reembolso' });
    const final = await ix.finalise('credit_note', note.providerId);
    expect(final.number).toMatch(/^B\/\d+$/);
    expect(provider.documents.find((d) => String(d.id) === note.providerId)).toMatchObject({ kind: 'credit_note', ownerInvoiceId: invoice.providerId, status: 'final' });
    expect(provider.refusedBodies).toEqual([]);
  });

  it("reads the answers under the document type's root too (what live accounts send)", async () => {
    provider.answerRoot = 'type';
    const ix = adapter();
    const draft = await ix.createDraft(invoiceRequest('Encomenda 3'));
    expect((await ix.finalise('invoice_receipt', draft.providerId)).number).toMatch(/^A\/\d+$/);
  });

  it("makes a Spanish order's invoice out to its address in Spain (decision 0055)", async () => {
    const madrid = documentClient({ email: 'lucia@example.es', nif: null, company: null, shippingAddress: 'Lucía Pérez, Calle Mayor 1, Madrid, 28013, Espanha', country: 'ES' });
    expect(madrid).toMatchObject({ name: 'Lucía Pérez', address: 'Calle Mayor 1', postalCode: '28013', city: 'Madrid', country: 'Espanha' });
    await adapter().createDraft({ ...invoiceRequest('Encomenda 40'), client: madrid });
    expect(provider.documents.at(-1)?.client).toMatchObject({ name: 'Lucía Pérez', address: 'Calle Mayor 1', postal_code: '28013', city: 'Madrid', country: 'Espanha' });
  });

  it("files each line under the shop's own code: the owner's item named like the product is not rewritten", async () => {
    provider.items.set('Caixa organizadora', { description: 'Caixa da loja física', unit_price: '19.99' });
    await adapter().createDraft(invoiceRequest('Encomenda 4'));
    expect(provider.items.get('Caixa organizadora')).toEqual({ description: 'Caixa da loja física', unit_price: '19.99' });
    expect(provider.items.get('LOJA-P7')).toEqual({ description: 'Caixa organizadora', unit_price: '20.325203' });
    expect(provider.documents.at(-1)?.items.map((i) => i.tax)).toEqual([{ name: 'IVA23' }, { name: 'IVA23' }]);
  });

  it('refuses to create anything when the configured tax is not in the account, or is not 23 %, and says so to the owner', async () => {
    const before = provider.documents.length;
    const missing = await failure(adapter('IVA normal').createDraft(invoiceRequest('Encomenda 5')));
    expect(missing).toMatchObject({ needsOwner: true });
    expect(missing.message).toBe(
      'O imposto "IVA normal" não existe na conta InvoiceXpress (impostos da conta: IVA23, IVA13, IVA6, Isento). Crie-o no InvoiceXpress ou indique em INVOICEXPRESS_TAX_NAME o nome do IVA a 23 % da conta, e carregue em "Tentar de novo".',
    );
    const wrongRate = await failure(adapter('IVA6').createDraft(invoiceRequest('Encomenda 5')));
    expect(wrongRate.message).toMatch(/^O imposto "IVA6" da conta InvoiceXpress é de 6\.0 %, não de 23 %/);
    expect(provider.documents).toHaveLength(before);
  });

  it('asks for the taxes once it has found the tax, and again while it has not', async () => {
    const ix = adapter();
    provider.taxes = provider.taxes.filter((t) => t.name !== 'IVA23');
    await failure(ix.createDraft(invoiceRequest('Encomenda 6')));
    provider.taxes = structuredClone(documentedTaxes.answer.taxes);
    await ix.createDraft(invoiceRequest('Encomenda 6'));
    await ix.createDraft(invoiceRequest('Encomenda 7'));
    expect(provider.calls.slice(-4)).toEqual(['GET /taxes.json', 'GET /taxes.json', 'POST /invoice_receipts.json', 'POST /invoice_receipts.json']);
  });

  it('takes a 429 or 503 with Retry-After as "call again later", never as a refusal', async () => {
    const ix = adapter();
    await ix.createDraft(invoiceRequest('Encomenda 8'));
    provider.busy = { status: 429, retryAfter: '30', times: 1 };
    const limited = await failure(ix.createDraft(invoiceRequest('Encomenda 9')));
    expect(limited).toMatchObject({ refused: false, retryAfterSeconds: 30, needsOwner: false });
    expect(limited.message).toBe('O InvoiceXpress pediu para aguardar (429): nova tentativa dentro de 30 s.');
    expect(limited.message).not.toMatch(/recus/);
    provider.busy = { status: 503, retryAfter: new Date(Date.now() + 120_000).toUTCString(), times: 1 };
    const down = await failure(ix.finalise('invoice_receipt', '1'));
    expect(down).toMatchObject({ refused: false });
    expect(down.retryAfterSeconds).toBeGreaterThanOrEqual(118);
    expect(down.retryAfterSeconds).toBeLessThanOrEqual(121);
  });

  it('answers null for a document the provider no longer has (deleted, or never was)', async () => {
    const ix = adapter();
    const draft = await ix.createDraft(invoiceRequest('Encomenda 10'));
    const held = provider.documents.find((d) => String(d.id) === draft.providerId);
    if (held) held.status = 'deleted';
    expect(await ix.get('invoice_receipt', draft.providerId)).toBeNull();
    expect(await ix.get('invoice_receipt', '999999')).toBeNull();
  });
});

describe('retryAfterSeconds', () => {
  it('reads seconds or an HTTP date, kept between a second and an hour', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    expect(retryAfterSeconds('30', now)).toBe(30);
    expect(retryAfterSeconds('0', now)).toBe(1);
    expect(retryAfterSeconds('86400', now)).toBe(3600);
    expect(retryAfterSeconds('Thu, 26 Nov 2026 10:02:00 GMT', now)).toBe(120);
    expect(retryAfterSeconds(null, now)).toBeUndefined();
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
  });
});

import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fill } from '#shared/messages.ts';
import { invoicingMessages, type PendingDocuments } from '#shared/schemas/invoicing.ts';
import { type Order, orderMessages } from '#shared/schemas/orders.ts';
import { deliverMail, signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { FAKE_KEYS, ifthenpayEnv, useFakeIfthenpay } from '../../../../tests/helpers/fake-ifthenpay.ts';
import { invoiceXpressEnv } from '../../../../tests/helpers/fake-invoicexpress.ts';
import { useFakeInvoiceXpress } from '../../../../tests/helpers/invoicing.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';
import { jobs } from '../../db/schema.ts';
import { payments } from '../payments/tables.ts';

const gateway = useFakeIfthenpay();
const provider = useFakeInvoiceXpress();
const ctx = useTestApp(() => ({ ...ifthenpayEnv(gateway), ...invoiceXpressEnv(provider) }));

const NIF = '123456789';

async function adminCookie() {
  return (await signedInUser(ctx, { isAdmin: true })).cookie;
}

/** Jobs waiting for their backoff run now: the test does not wait 10 s, 20 s, 40 s ... */
async function runJobsNow() {
  await ctx.database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE done_at IS NULL AND failed_at IS NULL`);
  await deliverMail(ctx);
}

const getOrder = async (id: number, cookie: string) => (await ctx.app.inject({ method: 'GET', url: `/api/order/${id}`, headers: { cookie } })).json<Order>();

/** A customer's order of 2 × 25,00 € and 6,00 € shipping (56,00 €, of which 10,47 € VAT), with a NIF. */
async function orderWithNif(method: 'multibanco' | 'mbway' = 'multibanco') {
  const customer = await signedInUser(ctx);
  const box = await insertProduct(ctx, { name: 'Caixa organizadora', priceCents: 2500, stock: 50 });
  const order = await placeOrder(ctx, [{ product_id: box.id, quantity: 2 }], {
    cookie: customer.cookie,
    method,
    details: { email: customer.user.email, nif: NIF, company: 'Arrumações Lda' },
  });
  return { ...customer, order };
}

/** The gateway says the Multibanco reference was paid (the callback ifthenpay sends). */
async function payByMultibanco(cookie: string, orderId: number) {
  const start = await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', headers: { cookie }, payload: { order_id: orderId } });
  expect(start.statusCode, start.body).toBe(200);
  const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId));
  const callback = `/api/payment/callback?${new URLSearchParams({
    key: FAKE_KEYS.callbackKey,
    orderId: payment?.gatewayOrderId ?? '',
    amount: ((payment?.amountCents ?? 0) / 100).toFixed(2),
    entity: payment?.entity ?? '',
    reference: payment?.reference ?? '',
  }).toString()}`;
  return { callback, pay: () => ctx.app.inject({ method: 'GET', url: callback }) };
}

async function payByMbway(cookie: string, order: Order) {
  const payload = { order_id: order.id, amount: order.total_price_with_tax, phone_number: '912345678', email: order.email };
  const start = await ctx.app.inject({ method: 'POST', url: '/api/payment/mbway', headers: { cookie }, payload });
  expect(start.statusCode, start.body).toBe(200);
  const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, order.id));
  gateway.setMbwayStatus(payment?.requestId ?? '', '000');
  const paid = await ctx.app.inject({
    method: 'GET',
    url: `/api/payment/callback?${new URLSearchParams({ key: FAKE_KEYS.callbackKey, orderId: payment?.gatewayOrderId ?? '', amount: ((payment?.amountCents ?? 0) / 100).toFixed(2), requestId: payment?.requestId ?? '' }).toString()}`,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  await deliverMail(ctx);
}

const documentsOf = (reference: string) => provider.documents.filter((d) => d.reference === reference);

describe('the invoice-receipt of a paid order', () => {
  it('is issued once under 20 replays of the callback, with the lines, VAT and NIF of the order, and mailed with the payment', async () => {
    const { user, cookie, order } = await orderWithNif();
    const { pay } = await payByMultibanco(cookie, order.id);
    const answers = await Promise.all(Array.from({ length: 20 }, pay));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    await deliverMail(ctx);
    await runJobsNow();

    const [invoice, ...more] = documentsOf(`Encomenda ${order.id}`);
    expect(more).toHaveLength(0);
    expect(invoice).toMatchObject({ kind: 'invoice_receipt', status: 'settled', client: expect.objectContaining({ fiscal_id: NIF, name: 'Arrumações Lda', email: user.email, postal_code: '1100-200', city: 'Lisboa' }) });
    expect(invoice?.items).toEqual([
      // Each line under the shop's own code of the product (the account's item of that name is the shop's), the words in the description.
      { name: `LOJA-P${order.orderItems[0]?.product_id}`, description: 'Caixa organizadora', unit_price: '20.325203', quantity: '2', tax: { name: 'IVA23' } },
      { name: 'LOJA-PORTES', description: 'Portes de envio', unit_price: '4.878049', quantity: '1', tax: { name: 'IVA23' } },
    ]);
    // The provider's totals are the order's, to the cent.
    expect(invoice?.totalCents).toBe(5600);
    expect(invoice?.taxCents).toBe(Math.round(order.total_tax * 100));

    const mine = await getOrder(order.id, cookie);
    expect(mine.invoice).toMatchObject({ label: `Fatura-recibo FR ${invoice?.number}`, pdf_url: expect.stringMatching(/^\/order\/\d+\/documents\/\d+\/pdf$/) });
    const receipts = ctx.mailbox.to(user.email).filter((m) => m.subject === `Pagamento recebido: encomenda n.º ${order.id}`);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain(`Fatura-recibo FR ${invoice?.number} (PDF): http://loja.test/api${mine.invoice?.pdf_url}`);

    // The PDF link goes to the provider's file, for the customer only.
    const pdf = await ctx.app.inject({ method: 'GET', url: `/api${mine.invoice?.pdf_url}`, headers: { cookie } });
    expect(pdf.statusCode).toBe(302);
    expect(pdf.headers.location).toBe(`${provider.url}/documents/${invoice?.id}.pdf`);
    const stranger = await signedInUser(ctx);
    expect((await ctx.app.inject({ method: 'GET', url: `/api${mine.invoice?.pdf_url}`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
  });

  it('finishes the draft a crash left behind instead of creating another', async () => {
    const { cookie, order } = await orderWithNif();
    // The provider records the draft, then the connection breaks before the shop reads its id.
    provider.dropNextCreate = true;
    await (await payByMultibanco(cookie, order.id)).pay();
    await deliverMail(ctx);
    expect(documentsOf(`Encomenda ${order.id}`)).toHaveLength(1);
    expect((await getOrder(order.id, await adminCookie())).invoice ?? null).toBeNull();

    await runJobsNow();
    const issued = documentsOf(`Encomenda ${order.id}`);
    expect(issued).toHaveLength(1);
    expect(issued[0]?.status).toBe('settled');
    expect((await getOrder(order.id, cookie)).invoice?.number).toBe(issued[0]?.number);
  });

  it('survives the provider being down: the payment mail goes, the order waits in "Faturas por emitir", a retry issues it once', async () => {
    const admin = await adminCookie();
    const { user, cookie, order } = await orderWithNif();
    provider.down = true;
    await (await payByMultibanco(cookie, order.id)).pay();
    await deliverMail(ctx);
    // The customer is told the money arrived at once, without waiting for the invoice.
    expect(ctx.mailbox.to(user.email).map((m) => m.subject)).toContain(`Pagamento recebido: encomenda n.º ${order.id}`);
    expect((await getOrder(order.id, admin)).invoice_error).toBe('InvoiceXpress respondeu 500: Internal Server Error');

    const pending = async () => (await ctx.app.inject({ method: 'GET', url: '/api/invoice/pending', headers: { cookie: admin } })).json<PendingDocuments>();
    expect((await pending()).documents.map((d) => d.order_id)).not.toContain(order.id);
    for (let attempt = 0; attempt < 10; attempt++) await runJobsNow();
    const listed = (await pending()).documents.find((d) => d.order_id === order.id);
    expect(listed).toMatchObject({ kind: 'invoice_receipt', email: user.email, amount: 56, error: 'InvoiceXpress respondeu 500: Internal Server Error' });
    expect(provider.issued('invoice_receipt').filter((d) => d.reference === `Encomenda ${order.id}`)).toHaveLength(0);

    provider.down = false;
    const retry = () => ctx.app.inject({ method: 'POST', url: `/api/order/${order.id}/invoice/retry`, headers: { cookie: admin } });
    const [first, second] = await Promise.all([retry(), retry()]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 409]);
    await deliverMail(ctx);
    expect(documentsOf(`Encomenda ${order.id}`)).toHaveLength(1);
    expect((await pending()).documents.map((d) => d.order_id)).not.toContain(order.id);
    const number = documentsOf(`Encomenda ${order.id}`)[0]?.number;
    // The invoice follows in its own mail; the payment mail is not sent again.
    const subjects = ctx.mailbox.to(user.email).map((m) => m.subject);
    expect(subjects).toContain(`Fatura-recibo FR ${number}: encomenda n.º ${order.id}`);
    expect(subjects.filter((s) => s === `Pagamento recebido: encomenda n.º ${order.id}`)).toHaveLength(1);
    expect((await retry()).json().error).toBe(invoicingMessages.notPending);
  });

  it('waits for a slow provider and still issues one document', async () => {
    const { cookie, order } = await orderWithNif();
    provider.delayMs = 400;
    try {
      await (await payByMultibanco(cookie, order.id)).pay();
      await deliverMail(ctx);
    } finally {
      provider.delayMs = 0;
    }
    expect(documentsOf(`Encomenda ${order.id}`).map((d) => d.status)).toEqual(['settled']);
    expect((await getOrder(order.id, cookie)).invoice?.number).toBe(documentsOf(`Encomenda ${order.id}`)[0]?.number);
  });

  it("keeps the provider's refusal (422) for the owner, word for word", async () => {
    const { cookie, order } = await orderWithNif();
    provider.refuse = 'O NIF do cliente não é aceite.';
    await (await payByMultibanco(cookie, order.id)).pay();
    await deliverMail(ctx);
    provider.refuse = undefined;
    expect((await getOrder(order.id, await adminCookie())).invoice_error).toBe('InvoiceXpress respondeu 422: O NIF do cliente não é aceite.');
    await runJobsNow();
    expect((await getOrder(order.id, cookie)).invoice).not.toBeNull();
  });

  it('leaves "Marcar como emitida" to shops without a provider: this one issues its own', async () => {
    const { cookie, order } = await orderWithNif();
    await (await payByMultibanco(cookie, order.id)).pay();
    const marked = await ctx.app.inject({ method: 'POST', url: `/api/order/${order.id}/invoice/issued`, headers: { cookie: await adminCookie() }, payload: { number: 'FR 1/1' } });
    expect(marked.statusCode).toBe(409);
    expect(marked.json().error).toBe(invoicingMessages.providerIssues);
  });
});

describe('refunds and credit notes', () => {
  const refund = (cookie: string, orderId: number, payload: object) =>
    ctx.app.inject({ method: 'POST', url: `/api/order/${orderId}/refund`, headers: { cookie }, payload });
  const transfer = { method: 'transfer', iban: 'PT50000201231234567890154', transferred_on: '2026-11-20' };

  it('gives part back by transfer with its credit note, never more than was paid, also under 10 refunds at once', async () => {
    const admin = await adminCookie();
    const { user, cookie, order } = await orderWithNif();
    await (await payByMultibanco(cookie, order.id)).pay();
    await runJobsNow();
    const itemId = order.orderItems[0]?.id ?? 0;

    const one = await refund(admin, order.id, { ...transfer, lines: [{ item_id: itemId, quantity: 1 }], note: 'Devolveu uma caixa' });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<Order>()).toMatchObject({ refunded_total: 25, refunded_at: null });
    await runJobsNow();
    const invoice = documentsOf(`Encomenda ${order.id}`)[0];
    const [note] = provider.documents.filter((d) => d.kind === 'credit_note' && d.reference.startsWith(`Encomenda ${order.id} `));
    expect(note).toMatchObject({ status: 'final', ownerInvoiceId: String(invoice?.id), totalCents: 2500, client: expect.objectContaining({ fiscal_id: NIF }) });
    expect(note?.items).toEqual([{ name: `LOJA-P${order.orderItems[0]?.product_id}`, description: 'Caixa organizadora', unit_price: '20.325203', quantity: '1', tax: { name: 'IVA23' } }]);
    const mine = await getOrder(order.id, cookie);
    expect(mine.refunds?.[0]).toMatchObject({ amount: 25, method: 'transfer', credit_note: { label: `Nota de crédito NC ${note?.number}` } });
    expect(mine.refunds?.[0]?.iban).toBeUndefined();
    const subjects = ctx.mailbox.to(user.email).map((m) => m.subject);
    expect(subjects).toContain(`Reembolso da encomenda n.º ${order.id}`);
    expect(subjects).toContain(`Nota de crédito NC ${note?.number}: encomenda n.º ${order.id}`);

    // One unit and the shipping are left (31,00 €): ten refunds of the last unit at once, one passes.
    const race = await Promise.all(Array.from({ length: 10 }, () => refund(admin, order.id, { ...transfer, lines: [{ item_id: itemId, quantity: 1 }] })));
    expect(race.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(race.filter((r) => r.statusCode !== 200).every((r) => [400, 409].includes(r.statusCode))).toBe(true);
    const tooMuch = await refund(admin, order.id, { ...transfer, lines: [{ item_id: itemId, quantity: 1 }] });
    expect(tooMuch.json().error).toBe(fill(invoicingMessages.refundQuantity, { name: 'Caixa organizadora', left: 0 }));
    const rest = await refund(admin, order.id, { ...transfer, shipping: true });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json<Order>()).toMatchObject({ refunded_total: 56 });
    expect(rest.json<Order>().refunded_at).not.toBeNull();
    expect((await refund(admin, order.id, { ...transfer, shipping: true })).json().error).toBe(invoicingMessages.refundShipping);
    await runJobsNow();
    const notes = provider.documents.filter((d) => d.kind === 'credit_note' && d.reference.startsWith(`Encomenda ${order.id} `));
    expect(notes.map((n) => n.totalCents).reduce((a, b) => a + b, 0)).toBe(5600);
  });

  it('gives MB WAY money back through ifthenpay, and records nothing when ifthenpay refuses', async () => {
    const admin = await adminCookie();
    const { cookie, order } = await orderWithNif('mbway');
    await payByMbway(cookie, order);
    const itemId = order.orderItems[0]?.id ?? 0;
    expect((await getOrder(order.id, admin)).mbway_refundable).toBe(true);

    gateway.refuseRefund = 'Saldo insuficiente';
    const refused = await refund(admin, order.id, { method: 'mbway', lines: [{ item_id: itemId, quantity: 2 }], shipping: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(fill(invoicingMessages.mbwayRefused, { reason: 'Saldo insuficiente' }));
    expect((await getOrder(order.id, admin)).refunds).toEqual([]);

    gateway.refuseRefund = undefined;
    const done = await refund(admin, order.id, { method: 'mbway', lines: [{ item_id: itemId, quantity: 2 }], shipping: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<Order>()).toMatchObject({ refunded_total: 56, refunds: [expect.objectContaining({ method: 'mbway', status: 'settled' })] });
    expect(gateway.refunds.filter((r) => r.amount === '56.00')).toHaveLength(1);
    await runJobsNow();
    expect((await getOrder(order.id, cookie)).refunds?.[0]?.credit_note?.label).toMatch(/^Nota de crédito NC /);
  });

  it('refuses what makes no sense, in pt-PT, changing nothing; only admins may refund', async () => {
    const admin = await adminCookie();
    const { cookie, order } = await orderWithNif();
    const itemId = order.orderItems[0]?.id ?? 0;
    expect((await refund(admin, order.id, { ...transfer, lines: [{ item_id: itemId, quantity: 1 }] })).json().error).toBe(invoicingMessages.notPaid);
    await (await payByMultibanco(cookie, order.id)).pay();
    await runJobsNow();
    const cases: [object, string][] = [
      [{ ...transfer, lines: [] }, invoicingMessages.refundNothing],
      [{ ...transfer, iban: 'PT50000201231234567890155', lines: [{ item_id: itemId, quantity: 1 }] }, invoicingMessages.iban],
      [{ ...transfer, transferred_on: '2099-01-01', lines: [{ item_id: itemId, quantity: 1 }] }, invoicingMessages.transferDate],
      [{ ...transfer, lines: [{ item_id: itemId + 9999, quantity: 1 }] }, invoicingMessages.refundLine],
      [{ ...transfer, lines: [{ item_id: itemId, quantity: 3 }] }, fill(invoicingMessages.refundQuantity, { name: 'Caixa organizadora', left: 2 })],
      [{ method: 'mbway', lines: [{ item_id: itemId, quantity: 1 }] }, invoicingMessages.mbwayNotPaidByMbway],
      [{ method: 'cheque', lines: [{ item_id: itemId, quantity: 1 }] }, invoicingMessages.refundMethod],
    ];
    for (const [payload, message] of cases) {
      const res = await refund(admin, order.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.json().error).toBe(message);
    }
    expect((await getOrder(order.id, admin)).refunds).toEqual([]);
    expect((await refund(cookie, order.id, { ...transfer, lines: [{ item_id: itemId, quantity: 1 }] })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/order/${order.id}/refund`, payload: transfer })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/invoice/pending', headers: { cookie } })).statusCode).toBe(403);
    // What was paid and invoiced is fixed: the items cannot change, a refund gives them back.
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/order/${order.id}`,
      headers: { cookie: admin },
      payload: { payment_method: 'multibanco', shipping_address: order.shipping_address, phone: order.phone, status: 'processing', items: [{ product_id: order.orderItems[0]?.product_id, quantity: 1 }] },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toBe(orderMessages.paidItemsFixed);
    // An invoiced order is kept: its documents refer to it.
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/order/${order.id}`, headers: { cookie: admin } })).statusCode).toBe(409);
    const [done] = await ctx.database.db.select().from(jobs).where(eq(jobs.type, 'invoicing.invoice-order')).limit(1);
    expect(done?.doneAt).not.toBeNull();
  });
});

import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { lisbonToday } from '#shared/dates.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { deliverMail, signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { ifthenpayEnv, paidCallbackUrl, useFakeIfthenpay } from '../../../../tests/helpers/fake-ifthenpay.ts';
import { invoiceXpressEnv } from '../../../../tests/helpers/fake-invoicexpress.ts';
import { useFakeInvoiceXpress } from '../../../../tests/helpers/invoicing.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';
import { payments } from '../payments/tables.ts';

// Issue #29 "VAT" (decision 0053) in the invoices: each line at the InvoiceXpress tax of the rate it was sold at,
// and an order sold under the art. 53.º exemption with the exemption's reason (M10), its credit note too.

const gateway = useFakeIfthenpay();
const provider = useFakeInvoiceXpress();
// The account's 0 % tax is named "Isento" (the documentation's example list); the other rates by their default names.
const ctx = useTestApp(() => ({ ...ifthenpayEnv(gateway), ...invoiceXpressEnv(provider), INVOICEXPRESS_TAX_NAMES: '0=Isento' }));

const admin = async () => (await signedInUser(ctx, { isAdmin: true })).cookie;
const documentOf = (reference: string) => provider.documents.find((d) => d.reference === reference);
const runJobsNow = async () => {
  await ctx.database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE done_at IS NULL AND failed_at IS NULL`);
  await deliverMail(ctx);
};

/** 25,00 € of boxes (normal rate) and a 20,00 € book (reduced), 6,00 € shipping: 51,00 €, placed by a customer. */
async function mixedOrder(boxes = 1) {
  const { user, cookie } = await signedInUser(ctx);
  const box = await insertProduct(ctx, { name: 'Caixa organizadora', priceCents: 2500, stock: 50 });
  const book = await insertProduct(ctx, { name: 'Livro da casa arrumada', priceCents: 2000, stock: 50, vatCategory: 'reduced' });
  const order = await placeOrder(ctx, [{ product_id: box.id, quantity: boxes }, { product_id: book.id, quantity: 1 }], { cookie, details: { email: user.email } });
  return { cookie, order, box, book };
}

/** Paid by Multibanco through the gateway's callback (the jobs run after: running them now would expire other unpaid orders). */
async function payOnly(cookie: string, order: Order) {
  const start = await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', headers: { cookie }, payload: { order_id: order.id } });
  expect(start.statusCode, start.body).toBe(200);
  const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, order.id));
  expect((await ctx.app.inject({ method: 'GET', url: paidCallbackUrl(payment!) })).statusCode).toBe(200);
}

async function pay(cookie: string, order: Order) {
  await payOnly(cookie, order);
  await runJobsNow();
}

beforeEach(async () => {
  await ctx.database.db.execute(sql`DELETE FROM tax_settings`);
});

describe('invoices at each line own rate', () => {
  it('sends each line with the tax of its rate, shipping at the normal one, and no exemption; the document total is what was paid', async () => {
    const { cookie, order, box, book } = await mixedOrder();
    expect(order.total_price_with_tax).toBe(51);
    await pay(cookie, order);
    const invoice = documentOf(`Encomenda ${order.id}`);
    expect(invoice).toMatchObject({ status: 'settled', totalCents: 5100 });
    expect(invoice?.items.map((i) => [i.name, i.unit_price, i.tax?.name])).toEqual([
      [`LOJA-P${box.id}`, '20.325203', 'IVA23'],
      [`LOJA-P${book.id}`, '18.867925', 'IVA6'],
      ['LOJA-PORTES', '4.878049', 'IVA23'],
    ]);
    expect(provider.exemptions.at(-1)).toBeNull();
  });

  it('an exempt shop invoices at 0 % with the reason M10, credit notes too; an order placed before the change keeps its 23 %', async () => {
    const owner = await admin();
    // Two boxes (70,00 €, free shipping): another amount than the order below, as two unpaid references would be.
    const before = await mixedOrder(2);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/settings/tax', headers: { cookie: owner }, payload: { regime: 'exempt_art53', region: 'continente', valid_from: lisbonToday() } })).statusCode).toBe(200);
    const exempt = await mixedOrder();
    expect(exempt.order).toMatchObject({ total_price_with_tax: 51, total_tax: 0, vat_exempt: true });

    // Both paid, then the invoicing jobs run: the order placed before the change is invoiced at the rates it was sold at.
    await payOnly(exempt.cookie, exempt.order);
    await pay(before.cookie, before.order);
    const invoice = documentOf(`Encomenda ${exempt.order.id}`);
    expect(invoice).toMatchObject({ status: 'settled', totalCents: 5100 });
    expect(invoice?.items.map((i) => [i.unit_price, i.tax?.name])).toEqual([
      ['25.000000', 'Isento'],
      ['20.000000', 'Isento'],
      ['6.000000', 'Isento'],
    ]);

    expect(documentOf(`Encomenda ${before.order.id}`)?.items.map((i) => i.tax?.name)).toEqual(['IVA23', 'IVA6']);
    expect(provider.exemptions.slice(-2).sort()).toEqual(['M10', null].sort());

    // A refund of the exempt order's book: its credit note carries the exemption too.
    const itemId = exempt.order.orderItems[1]?.id ?? 0;
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${exempt.order.id}/refund`,
      headers: { cookie: owner },
      payload: { method: 'transfer', iban: 'PT50000201231234567890154', transferred_on: lisbonToday(), lines: [{ item_id: itemId, quantity: 1 }] },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await runJobsNow();
    const note = provider.documents.find((d) => d.kind === 'credit_note' && d.reference.startsWith(`Encomenda ${exempt.order.id} reembolso`));
    expect(note).toMatchObject({ status: 'final', totalCents: 2000 });
    expect(note?.items.map((i) => [i.unit_price, i.tax?.name])).toEqual([['20.000000', 'Isento']]);
    expect(provider.exemptions.at(-1)).toBe('M10');
  });

  it('the stand-in refuses, as documented, a 0 % line without the reason', async () => {
    const res = await fetch(`${provider.url}/invoice_receipts.json?api_key=invoicexpress-key-for-tests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ invoice: { date: '20/11/2026', due_date: '20/11/2026', client: { name: 'Ana' }, items: [{ name: 'X', unit_price: '10', quantity: '1', tax: { name: 'Isento' } }] } }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ errors: [{ error: 'Tax exemption is required' }] });
  });
});

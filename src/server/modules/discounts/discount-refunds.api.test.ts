import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DiscountCode } from '#shared/schemas/discounts.ts';
import type { Order } from '#shared/schemas/orders.ts';
import type { Withdrawal, WithdrawalAnswer } from '#shared/schemas/withdrawals.ts';
import { deliverMail, signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { checkoutAnswer } from '../../../../tests/helpers/checkout.ts';
import { ifthenpayEnv, paidCallbackUrl, useFakeIfthenpay } from '../../../../tests/helpers/fake-ifthenpay.ts';
import { invoiceXpressEnv } from '../../../../tests/helpers/fake-invoicexpress.ts';
import { useFakeInvoiceXpress } from '../../../../tests/helpers/invoicing.ts';
import { insertProduct, putOrderStatus } from '../../../../tests/helpers/shop.ts';
import { payments } from '../payments/tables.ts';

// Decision 0054: a refund of an order that had a discount code gives each line back at its price as the
// discount reduced it (the invoice's unit prices), so its credit notes never pass what was invoiced and paid.

const gateway = useFakeIfthenpay();
const provider = useFakeInvoiceXpress();
const ctx = useTestApp(() => ({ ...ifthenpayEnv(gateway), ...invoiceXpressEnv(provider) }));
const transfer = { method: 'transfer', iban: 'PT50000201231234567890154', transferred_on: '2026-11-20' };
let admin: string;
beforeAll(async () => {
  admin = (await signedInUser(ctx, { isAdmin: true })).cookie;
});
beforeEach(async () => {
  await ctx.database.db.execute(sql`DELETE FROM tax_settings`);
});

/** Jobs waiting for their backoff run now (the invoice, the credit notes, the mails). */
async function runJobsNow() {
  await ctx.database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE done_at IS NULL AND failed_at IS NULL`);
  await deliverMail(ctx);
}

let n = 0;
/**
 * A paid order with a 10 % code: a 25,00 € box (23 %) and a 20,00 € book (6 %), 6,00 € shipping. The 4,50 € off
 * is 2,50 € at 23 % and 2,00 € at 6 %: the box was invoiced at 22,50 €, the book at 18,00 €, 46,50 € in all.
 */
async function paidDiscountedOrder() {
  const create = await ctx.app.inject({ method: 'POST', url: '/api/discount-code', headers: { cookie: admin }, payload: { code: `DEZ${++n}${Date.now().toString(36).slice(-4)}`, kind: 'percent', value: 10 } });
  expect(create.statusCode, create.body).toBe(201);
  const code = create.json<DiscountCode>();
  const box = await insertProduct(ctx, { name: 'Caixa organizadora', priceCents: 2500, stock: 100 });
  const book = await insertProduct(ctx, { name: 'Livro da casa arrumada', priceCents: 2000, stock: 100, vatCategory: 'reduced' });
  const { user, cookie } = await signedInUser(ctx);
  const placed = await checkoutAnswer(ctx.app, [{ product_id: box.id, quantity: 1 }, { product_id: book.id, quantity: 1 }], { cookie, email: user.email, discountCode: code.code });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json<Order>();
  expect(order.total_price_with_tax).toBe(46.5);
  const start = await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', headers: { cookie }, payload: { order_id: order.id } });
  expect(start.statusCode, start.body).toBe(200);
  const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, order.id));
  expect((await ctx.app.inject({ method: 'GET', url: paidCallbackUrl(payment!) })).statusCode).toBe(200);
  await runJobsNow();
  const invoice = provider.documents.find((d) => d.reference === `Encomenda ${order.id}`);
  expect(invoice).toMatchObject({ status: 'settled', totalCents: 4650 });
  const itemOf = (productId: number) => order.orderItems.find((i) => i.product_id === productId)?.id ?? 0;
  return { order, cookie, box, book, boxItem: itemOf(box.id), bookItem: itemOf(book.id) };
}

const refund = (orderId: number, payload: object) => ctx.app.inject({ method: 'POST', url: `/api/order/${orderId}/refund`, headers: { cookie: admin }, payload: { ...transfer, ...payload } });
const creditNotes = (orderId: number) => provider.documents.filter((d) => d.kind === 'credit_note' && d.reference.startsWith(`Encomenda ${orderId} `));
/** A credit note's lines as InvoiceXpress receives them: code, unit price without VAT (micro-euros), quantity, tax. */
const linesOf = (note: { items: { name: string; unit_price: string; quantity: string; tax?: { name?: string } }[] } | undefined) =>
  note?.items.map((i) => [i.name, i.unit_price, i.quantity, i.tax?.name]);

describe('a refund of an order with a discount code', () => {
  it('given back whole: what was paid, 46,50 €, and a credit note at the invoice\'s reduced prices', async () => {
    const { order, box, book, boxItem, bookItem } = await paidDiscountedOrder();
    const res = await refund(order.id, { lines: [{ item_id: boxItem, quantity: 1 }, { item_id: bookItem, quantity: 1 }], shipping: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>()).toMatchObject({ refunded_total: 46.5, refunds: [expect.objectContaining({ amount: 46.5 })] });
    expect(res.json<Order>().refunded_at).not.toBeNull();
    await runJobsNow();
    const [note, ...others] = creditNotes(order.id);
    expect(others).toEqual([]);
    expect(note).toMatchObject({ status: 'final', totalCents: 4650 });
    // 22,50 € / 1,23, 18,00 € / 1,06, 6,00 € / 1,23: the invoice's own unit prices.
    expect(linesOf(note)).toEqual([
      [`LOJA-P${box.id}`, '18.292683', '1', 'IVA23'],
      [`LOJA-P${book.id}`, '16.981132', '1', 'IVA6'],
      ['LOJA-PORTES', '4.878049', '1', 'IVA23'],
    ]);
    // Nothing is left to give back.
    expect((await refund(order.id, { shipping: true })).statusCode).toBe(400);
  });

  it('given back by one line: the box at 22,50 €, then the rest at 24,00 €, the credit notes adding up to the invoice', async () => {
    const { order, box, book, boxItem, bookItem } = await paidDiscountedOrder();
    const one = await refund(order.id, { lines: [{ item_id: boxItem, quantity: 1 }] });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<Order>()).toMatchObject({ refunded_total: 22.5, refunded_at: null });
    await runJobsNow();
    const [first] = creditNotes(order.id);
    expect(first).toMatchObject({ status: 'final', totalCents: 2250 });
    expect(linesOf(first)).toEqual([[`LOJA-P${box.id}`, '18.292683', '1', 'IVA23']]);

    const rest = await refund(order.id, { lines: [{ item_id: bookItem, quantity: 1 }], shipping: true });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json<Order>()).toMatchObject({ refunded_total: 46.5 });
    expect(rest.json<Order>().refunded_at).not.toBeNull();
    await runJobsNow();
    const notes = creditNotes(order.id);
    expect(notes.map((d) => d.totalCents)).toEqual([2250, 2400]);
    expect(linesOf(notes[1])).toEqual([
      [`LOJA-P${book.id}`, '16.981132', '1', 'IVA6'],
      ['LOJA-PORTES', '4.878049', '1', 'IVA23'],
    ]);
  });

  it("withdrawn by the customer: her statement says the box's reduced price, and the refund of her request gives that back", async () => {
    const { order, cookie, box, boxItem } = await paidDiscountedOrder();
    const seen = (await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: { cookie: admin } })).json<Order>();
    const shipped = await putOrderStatus(ctx, admin, seen, 'shipped');
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect((await putOrderStatus(ctx, admin, shipped.json<Order>(), 'delivered')).statusCode).toBe(200);
    const withdraw = (confirm: boolean) =>
      ctx.app.inject({ method: 'POST', url: `/api/order/${order.id}/withdrawal`, headers: { cookie }, payload: { lines: [{ order_item_id: boxItem, quantity: 1 }], ...(confirm ? { confirm: true } : {}) } });
    const step1 = await withdraw(false);
    expect(step1.statusCode, step1.body).toBe(200);
    expect(step1.json<WithdrawalAnswer>().statement.statement).toMatch(/Valor a reembolsar: 22,50\s€\.$/);
    const step2 = await withdraw(true);
    expect(step2.statusCode, step2.body).toBe(201);
    const request = step2.json<WithdrawalAnswer>().withdrawal as Withdrawal;
    expect(request).toMatchObject({ amount: 22.5, shipping: 0 });

    const refunded = await ctx.app.inject({ method: 'POST', url: `/api/withdrawals/${request.id}/refund`, headers: { cookie: admin }, payload: transfer });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<Withdrawal>()).toMatchObject({ status: 'refunded', amount: 22.5 });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: { cookie: admin } })).json<Order>()).toMatchObject({ refunded_total: 22.5 });
    await runJobsNow();
    expect(creditNotes(order.id).map((d) => [d.totalCents, linesOf(d)])).toEqual([[2250, [[`LOJA-P${box.id}`, '18.292683', '1', 'IVA23']]]]);
  });
});

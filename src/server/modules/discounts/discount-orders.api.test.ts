import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lisbonToday } from '#shared/dates.ts';
import { type DiscountCode, discountMessages } from '#shared/schemas/discounts.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { deliverMail, signedInUser, uniqueEmail, useTestApp } from '../../../../tests/helpers/app.ts';
import { checkoutAnswer, orderBody } from '../../../../tests/helpers/checkout.ts';
import { ifthenpayEnv, paidCallbackUrl, useFakeIfthenpay } from '../../../../tests/helpers/fake-ifthenpay.ts';
import { invoiceXpressEnv } from '../../../../tests/helpers/fake-invoicexpress.ts';
import { useFakeInvoiceXpress } from '../../../../tests/helpers/invoicing.ts';
import { insertProduct } from '../../../../tests/helpers/shop.ts';
import { orders } from '../orders/tables.ts';
import { payments } from '../payments/tables.ts';
import { discountCodes, discountRedemptions } from './tables.ts';

// Issue #29 "Discount codes" (decision 0054): the figures with mixed VAT rates, the split across rates, the limits
// under 50 simultaneous checkouts, a cancelled order's use, and the discount on the order, its mail, the invoice and Resumo.

const gateway = useFakeIfthenpay();
const provider = useFakeInvoiceXpress();
const ctx = useTestApp(() => ({ ...ifthenpayEnv(gateway), ...invoiceXpressEnv(provider), INVOICEXPRESS_TAX_NAMES: '0=Isento' }));
let admin: string;
beforeAll(async () => {
  admin = (await signedInUser(ctx, { isAdmin: true })).cookie;
});
beforeEach(async () => {
  await ctx.database.db.execute(sql`DELETE FROM tax_settings`);
});

let n = 0;
async function createCode(body: object): Promise<DiscountCode> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/discount-code', headers: { cookie: admin }, payload: { code: `ORD${++n}${Date.now().toString(36).slice(-4)}`, ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const totals = (items: object[], code: string) => ctx.app.inject({ method: 'POST', url: '/api/order/calculate-totals', payload: { items, discount_code: code } });

/** A 25,00 € box (23 %) and a 20,00 € book (6 %): 45,00 € of goods, 6,00 € shipping. */
async function boxAndBook() {
  const box = await insertProduct(ctx, { name: 'Caixa organizadora', priceCents: 2500, stock: 1000 });
  const book = await insertProduct(ctx, { name: 'Livro da casa arrumada', priceCents: 2000, stock: 1000, vatCategory: 'reduced' });
  return { box, book, items: [{ product_id: box.id, quantity: 1 }, { product_id: book.id, quantity: 1 }] };
}

const vatLine = (rate: number, tax: number) => ({ rate, tax, label: `IVA (${rate}%) incluído` });

describe('the totals with a code', () => {
  it('a percentage comes off the goods of each rate in proportion, and their VAT with it', async () => {
    const { items } = await boxAndBook();
    const code = await createCode({ kind: 'percent', value: 10 });
    const answer = (await totals(items, code.code.toLowerCase())).json();
    // 4,50 € off: 2,50 € of the box's 23 %, 2,00 € of the book's 6 %; shipping (23 %) untouched.
    expect(answer).toMatchObject({ subtotalWithTax: 45, discount: 4.5, discount_code: code.code, discount_label: `Desconto (${code.code}, 10%)`, discount_error: null, shippingCost: 6, totalWithTax: 46.5, totalTax: 6.35 });
    expect(answer.vat_lines).toEqual([vatLine(23, 5.33), vatLine(6, 1.02)]);
  });

  it('a fixed amount splits over three rates by the largest remainder, the parts adding up to the cent', async () => {
    const [a, b, c] = await Promise.all(
      (['normal', 'intermediate', 'reduced'] as const).map((vatCategory) => insertProduct(ctx, { priceCents: 1000, stock: 100, vatCategory })),
    );
    const items = [a, b, c].map((p) => ({ product_id: p!.id, quantity: 1 }));
    const code = await createCode({ kind: 'fixed', value: 1 });
    const answer = (await totals(items, code.code)).json();
    // 1,00 € over three equal thirds: 0,34 € at 23 % (the tie goes to the first, highest rate), 0,33 € at 13 % and at 6 %.
    expect(answer).toMatchObject({ discount: 1, totalWithTax: 35, totalTax: 4.59 });
    expect(answer.vat_lines).toEqual([vatLine(23, 2.93), vatLine(13, 1.11), vatLine(6, 0.55)]);
    const placed = await checkoutAnswer(ctx.app, items, { email: uniqueEmail(), discountCode: code.code });
    expect(placed.statusCode, placed.body).toBe(201);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, placed.json<Order>().id));
    expect(row?.discountParts).toEqual([{ rate: 23, cents: 34 }, { rate: 13, cents: 33 }, { rate: 6, cents: 33 }]);
    expect(placed.json()).toMatchObject({ total_price_with_tax: 35, total_tax: 4.59, discount: { code: code.code, kind: 'fixed', amount: 1, shipping_waived: 0 } });
  });

  it('a fixed amount larger than the goods leaves them at 0, shipping still paid', async () => {
    const { items } = await boxAndBook();
    const code = await createCode({ kind: 'fixed', value: 100 });
    expect((await totals(items, code.code)).json()).toMatchObject({ discount: 45, totalWithTax: 6, vat_lines: [vatLine(23, 1.12)] });
  });

  it('free shipping zeroes the charge, says what it saved, and is refused for a basket that does not ship', async () => {
    const { items } = await boxAndBook();
    const code = await createCode({ kind: 'free_shipping' });
    expect((await totals(items, code.code)).json()).toMatchObject({ discount: 0, shippingCost: 0, shipping_waived: 6, totalWithTax: 45, discount_label: `Portes grátis (código ${code.code})` });
    const ebook = await insertProduct(ctx, { priceCents: 900, isDigital: true });
    expect((await totals([{ product_id: ebook.id, quantity: 1 }], code.code)).json().discount_error).toBe(discountMessages.nothingToDiscount);
  });

  it('an art. 53.º shop takes the discount off with no VAT split', async () => {
    const owner = admin;
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/settings/tax', headers: { cookie: owner }, payload: { regime: 'exempt_art53', region: 'continente', valid_from: lisbonToday() } })).statusCode).toBe(200);
    const { items } = await boxAndBook();
    const code = await createCode({ kind: 'percent', value: 10 });
    expect((await totals(items, code.code)).json()).toMatchObject({ discount: 4.5, totalWithTax: 46.5, totalTax: 0, vat_lines: [], vat_exempt: true });
  });
});

describe('the limits', () => {
  it('50 simultaneous checkouts with a 10-use code: exactly 10 orders carry it, 40 are refused and store nothing', async () => {
    const { items } = await boxAndBook();
    const code = await createCode({ kind: 'percent', value: 10, max_uses: 10 });
    const t = (await totals(items, code.code)).json();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        ctx.app.inject({ method: 'POST', url: '/api/order', payload: orderBody(items, t, 'multibanco', { email: `corrida${i}.${code.code}@example.pt`, discount_code: code.code }) }),
      ),
    );
    const created = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode === 400);
    expect(created).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(refused.every((r) => r.json().error === 'Este código já foi usado o número máximo de vezes.')).toBe(true);
    const [row] = await ctx.database.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(row?.uses).toBe(10);
    expect(await ctx.database.db.select().from(discountRedemptions).where(eq(discountRedemptions.codeId, code.id))).toHaveLength(10);
    expect(await ctx.database.db.select().from(orders).where(eq(orders.discountCode, code.code))).toHaveLength(10);
  });

  it('a cancelled order gives its use back', async () => {
    const { items } = await boxAndBook();
    const code = await createCode({ kind: 'fixed', value: 5, max_uses: 1 });
    const first = await checkoutAnswer(ctx.app, items, { email: uniqueEmail(), discountCode: code.code });
    const order = first.json<Order>();
    expect((await totals(items, code.code)).json().discount_error).toBe(discountMessages.exhausted);
    const cancel = await ctx.app.inject({ method: 'PUT', url: `/api/order/${order.id}/cancel?token=${order.accessToken}` });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await totals(items, code.code)).json()).toMatchObject({ discount: 5, discount_error: null });
    expect((await checkoutAnswer(ctx.app, items, { email: uniqueEmail(), discountCode: code.code })).statusCode).toBe(201);
  });
});

describe('the discount on the order', () => {
  it('is on the order page, in the mail, on the invoice (unit prices reduced rate by rate) and in Resumo', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const { box, book, items } = await boxAndBook();
    const code = await createCode({ kind: 'percent', value: 10 });
    const placed = await checkoutAnswer(ctx.app, items, { cookie, email: user.email, discountCode: code.code });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    const label = `Desconto (${code.code}, 10%)`;
    const page = (await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: { cookie } })).json<Order>();
    expect(page).toMatchObject({ total_price_with_tax: 46.5, total_tax: 6.35, discount: { code: code.code, amount: 4.5, label } });
    expect(page.vat_lines).toEqual([vatLine(23, 5.33), vatLine(6, 1.02)]);

    const start = await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', headers: { cookie }, payload: { order_id: order.id } });
    expect(start.statusCode, start.body).toBe(200);
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect((await ctx.app.inject({ method: 'GET', url: paidCallbackUrl(payment!) })).statusCode).toBe(200);
    await ctx.database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE done_at IS NULL AND failed_at IS NULL`);
    await deliverMail(ctx);

    const received = ctx.mailbox.to(user.email).find((m) => m.subject === `Pagamento recebido: encomenda n.º ${order.id}`);
    // Its summary table has the discount's row between the lines and shipping.
    expect(received?.html).toMatch(new RegExp(`${label.replace(/[()]/g, '\\$&')}[\\s\\S]*− 4,50[\\s\\S]*Portes`));

    // 2,25 € + 18,00 €... each line's price less its rate's part: 22,50 € at 23 %, 18,00 € at 6 %; the document's total is what was paid.
    const invoice = provider.documents.find((d) => d.reference === `Encomenda ${order.id}`);
    expect(invoice).toMatchObject({ status: 'settled', totalCents: 4650 });
    expect(invoice?.items.map((i) => [i.name, i.unit_price, i.tax?.name])).toEqual([
      [`LOJA-P${box.id}`, '18.292683', 'IVA23'],
      [`LOJA-P${book.id}`, '16.981132', 'IVA6'],
      ['LOJA-PORTES', '4.878049', 'IVA23'],
    ]);

    const csv = await ctx.app.inject({ method: 'GET', url: `/api/order/export.csv?from=${lisbonToday()}&to=${lisbonToday()}`, headers: { cookie: admin } });
    const lines = csv.body.split('\r\n').filter((l) => l.startsWith(`${order.id};`));
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => l.endsWith(`;${code.code};4,50`))).toBe(true);

    const overview = (await ctx.app.inject({ method: 'GET', url: '/api/overview?days=7', headers: { cookie: admin } })).json();
    expect(overview.discounts.count).toBeGreaterThanOrEqual(1);
    expect(overview.discounts.cents).toBeGreaterThanOrEqual(450);
  });
});

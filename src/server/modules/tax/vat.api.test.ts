import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lisbonDayStart, lisbonToday, nextCalendarDay } from '#shared/dates.ts';
import type { Product } from '#shared/schemas/catalog.ts';
import type { CartTotalsAnswer, Order } from '#shared/schemas/orders.ts';
import type { Overview } from '#shared/schemas/overview.ts';
import { taxMessages, type TaxSettings } from '#shared/schemas/tax.ts';
import { vatFieldMessages } from '#shared/schemas/vat-fields.ts';
import { signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { multipart } from '../../../../tests/helpers/images.ts';
import { checkoutAnswer, insertProduct } from '../../../../tests/helpers/shop.ts';

// Issue #29 "VAT" (decision 0053): the shop's regime and region from a day on, each product's category, the
// rates of the region's table per line, the art. 53.º exemption and its turnover meter; orders keep what they
// were sold under.

const ctx = useTestApp();
const today = lisbonToday();
const admin = async () => (await signedInUser(ctx, { isAdmin: true })).cookie;
const putTax = (cookie: string, payload: object) => ctx.app.inject({ method: 'PUT', url: '/api/settings/tax', headers: { cookie }, payload });
const getTax = async (cookie: string) => (await ctx.app.inject({ method: 'GET', url: '/api/settings/tax', headers: { cookie } })).json<TaxSettings>();
const totals = async (items: { product_id: number; quantity: number }[]) =>
  (await ctx.app.inject({ method: 'POST', url: '/api/order/calculate-totals', payload: { items } })).json<CartTotalsAnswer>();
const order = async (id: number, cookie: string) => (await ctx.app.inject({ method: 'GET', url: `/api/order/${id}`, headers: { cookie } })).json<Order>();

/** A basket at three rates: 10,00 € normal, 20,00 € reduced (a book), 5,00 € intermediate; 6,00 € shipping (below 70,00 €). */
async function mixedBasket() {
  const box = await insertProduct(ctx, { name: 'Caixa', priceCents: 1000, stock: 100 });
  const book = await insertProduct(ctx, { name: 'Livro de arrumação', priceCents: 2000, stock: 100, vatCategory: 'reduced' });
  const jam = await insertProduct(ctx, { name: 'Doce', priceCents: 500, stock: 100, vatCategory: 'intermediate' });
  return [box, book, jam].map((p) => ({ product_id: p.id, quantity: 1 }));
}

beforeEach(async () => {
  // Each test starts from a fresh shop's VAT: the mainland's normal regime.
  await ctx.database.db.execute(sql`DELETE FROM tax_settings`);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the VAT setting', () => {
  it('starts as the mainland normal regime; an admin sets a regime and region from a day on, audited; bad input changes nothing', async () => {
    const cookie = await admin();
    expect(await getTax(cookie)).toMatchObject({ regime: 'normal', region: 'continente', scheduled: [], rates: { normal: 23, intermediate: 13, reduced: 6 } });

    const bad = await putTax(cookie, { regime: 'isento', region: 'lisboa', valid_from: '2026-13-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ regime: taxMessages.regime, region: taxMessages.region, valid_from: taxMessages.validFrom });
    const past = await putTax(cookie, { regime: 'exempt_art53', region: 'continente', valid_from: '2020-01-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: taxMessages.past, fields: { valid_from: taxMessages.past } });
    const same = await putTax(cookie, { regime: 'normal', region: 'continente', valid_from: today });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(taxMessages.unchanged);
    expect(await getTax(cookie)).toMatchObject({ regime: 'normal', region: 'continente' });

    const customer = (await signedInUser(ctx)).cookie;
    expect((await putTax(customer, { regime: 'exempt_art53', region: 'continente', valid_from: today })).statusCode).toBe(403);

    const later = await putTax(cookie, { regime: 'normal', region: 'acores', valid_from: '2099-01-01' });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json<TaxSettings>()).toMatchObject({ regime: 'normal', region: 'continente', scheduled: [{ regime: 'normal', region: 'acores', valid_from: '2099-01-01' }] });
    const now = await putTax(cookie, { regime: 'exempt_art53', region: 'madeira', valid_from: today });
    expect(now.json<TaxSettings>()).toMatchObject({ regime: 'exempt_art53', region: 'madeira', valid_from: today, rates: { normal: 22, intermediate: 12, reduced: 5 } });
    const audit = (await ctx.app.inject({ method: 'GET', url: '/api/audit?entity=settings', headers: { cookie } })).json();
    expect(JSON.stringify(audit)).toContain('exempt_art53');
  });

  it('a product takes its VAT category (an exempt one needs its reason) and answers the rate it is sold at', async () => {
    const cookie = await admin();
    const fields = { name: 'Guia da casa arrumada', description: 'Livro.', order: '1', price: '18,00', stock: '4', isDigital: 'false', hasVariants: 'false' };
    const send = (method: 'POST' | 'PUT', url: string, extra: Record<string, string>) =>
      ctx.app.inject({ method, url, headers: { cookie }, payload: multipart({ ...fields, ...extra }, []) });

    const noReason = await send('POST', '/api/product', { vat_category: 'exempt' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toMatchObject({ vat_exemption_reason: vatFieldMessages.reason });
    expect((await send('POST', '/api/product', { vat_category: 'zero' })).json().fields).toMatchObject({ vat_category: vatFieldMessages.category });

    const created = await send('POST', '/api/product', { vat_category: 'reduced' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<Product>().id;
    const shown = (await ctx.app.inject({ method: 'GET', url: `/api/product/${id}` })).json<Product>();
    expect(shown).toMatchObject({ vat_category: 'reduced', vat_exemption_reason: null, vat_rate: 6 });

    const exempt = await send('PUT', `/api/product/${id}`, { vat_category: 'exempt', vat_exemption_reason: 'M07' });
    expect(exempt.json<Product>()).toMatchObject({ vat_category: 'exempt', vat_exemption_reason: 'M07', vat_rate: 0 });
    // Not sent (the catalogue import): left as it is.
    expect((await send('PUT', `/api/product/${id}`, {})).json<Product>()).toMatchObject({ vat_category: 'exempt', vat_exemption_reason: 'M07' });
  });
});

describe('a setting saved for a later day', () => {
  it('shows on the cached product page and list from that day on, with nothing saved then', async () => {
    const cookie = await admin();
    const box = await insertProduct(ctx, { name: 'Caixa para os Açores', priceCents: 1000, stock: 5 });
    const tomorrow = nextCalendarDay(today);
    expect((await putTax(cookie, { regime: 'normal', region: 'acores', valid_from: tomorrow })).statusCode).toBe(200);
    const page = (etag?: string) => ctx.app.inject({ method: 'GET', url: `/api/product/${box.id}`, headers: etag ? { 'if-none-match': etag } : {} });
    const list = (etag?: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/product', query: { q: 'Caixa para os Açores' }, headers: etag ? { 'if-none-match': etag } : {} });
    const [pageToday, listToday] = [await page(), await list()];
    expect(pageToday.json<Product>().vat_rate).toBe(23);
    expect(listToday.json<{ rows: Product[] }>().rows.map((p) => p.vat_rate)).toEqual([23]);
    const [pageTag, listTag] = [String(pageToday.headers.etag), String(listToday.headers.etag)];
    expect((await page(pageTag)).statusCode).toBe(304);
    expect((await list(listTag)).statusCode).toBe(304);

    // A minute into its day (the Azores' table: 16 %), a browser revalidating what it kept gets the new rate.
    vi.useFakeTimers({ toFake: ['Date'], now: lisbonDayStart(tomorrow).getTime() + 60_000 });
    const pageThen = await page(pageTag);
    expect(pageThen.statusCode).toBe(200);
    expect(pageThen.json<Product>().vat_rate).toBe(16);
    const listThen = await list(listTag);
    expect(listThen.statusCode).toBe(200);
    expect(listThen.json<{ rows: Product[] }>().rows.map((p) => p.vat_rate)).toEqual([16]);
  });
});

describe('totals at each line own rate', () => {
  it('mixes rates on the mainland: each rate VAT on its lines, shipping at the normal rate, kept on the order and its lines', async () => {
    const items = await mixedBasket();
    const answer = await totals(items);
    // 23 %: 10,00 + 6,00 shipping → 2,99; 13 %: 5,00 → 0,58; 6 %: 20,00 → 1,13.
    expect(answer).toMatchObject({ subtotalWithTax: 35, shippingCost: 6, totalWithTax: 41, totalTax: 4.7, totalPriceWithoutTax: 36.3, vat_exempt: false });
    expect(answer.vat_lines).toEqual([
      { rate: 23, tax: 2.99, label: 'IVA (23%) incluído' },
      { rate: 13, tax: 0.58, label: 'IVA (13%) incluído' },
      { rate: 6, tax: 1.13, label: 'IVA (6%) incluído' },
    ]);
    const { cookie } = await signedInUser(ctx);
    const placed = await checkoutAnswer(ctx.app, items, { cookie });
    expect(placed.statusCode, placed.body).toBe(201);
    const mine = await order(placed.json<Order>().id, cookie);
    expect(mine).toMatchObject({ total_tax: 4.7, vat_exempt: false, vat_lines: answer.vat_lines });
    expect(mine.orderItems.map((i) => [i.product.name, i.vat_rate])).toEqual([
      ['Caixa', 23],
      ['Livro de arrumação', 6],
      ['Doce', 13],
    ]);
  });

  it('an island shop charges its region table (Madeira 22/12/5, Açores 16/9/4), whatever the address', async () => {
    const cookie = await admin();
    const items = await mixedBasket();
    expect((await putTax(cookie, { regime: 'normal', region: 'madeira', valid_from: today })).statusCode).toBe(200);
    expect((await totals(items)).vat_lines).toEqual([
      { rate: 22, tax: 2.89, label: 'IVA (22%) incluído' },
      { rate: 12, tax: 0.54, label: 'IVA (12%) incluído' },
      { rate: 5, tax: 0.95, label: 'IVA (5%) incluído' },
    ]);
    expect((await putTax(cookie, { regime: 'normal', region: 'acores', valid_from: today })).statusCode).toBe(200);
    const azores = await totals(items);
    expect(azores.vat_lines).toEqual([
      { rate: 16, tax: 2.21, label: 'IVA (16%) incluído' },
      { rate: 9, tax: 0.41, label: 'IVA (9%) incluído' },
      { rate: 4, tax: 0.77, label: 'IVA (4%) incluído' },
    ]);
    expect(azores).toMatchObject({ totalTax: 3.39, totalWithTax: 41 });
    const book = (await ctx.app.inject({ method: 'GET', url: `/api/product/${items[1]?.product_id}` })).json<Product>();
    expect(book.vat_rate).toBe(4);
  });

  it('an exempt shop (art. 53.º) charges no VAT; an order placed before keeps the rates it was sold at', async () => {
    const cookie = await admin();
    const items = await mixedBasket();
    const { cookie: customer } = await signedInUser(ctx);
    const before = (await checkoutAnswer(ctx.app, items, { cookie: customer })).json<Order>();

    expect((await putTax(cookie, { regime: 'exempt_art53', region: 'continente', valid_from: today })).statusCode).toBe(200);
    const exempt = await totals(items);
    expect(exempt).toMatchObject({ totalWithTax: 41, totalTax: 0, totalPriceWithoutTax: 41, vat_exempt: true, vat_note: 'IVA – regime de isenção (art. 53.º do CIVA)', vat_lines: [], taxRate: 0 });
    const after = await checkoutAnswer(ctx.app, items, { cookie: customer });
    expect(after.statusCode, after.body).toBe(201);
    const sold = await order(after.json<Order>().id, customer);
    expect(sold).toMatchObject({ total_tax: 0, vat_exempt: true, vat_lines: [] });
    expect(sold.orderItems.map((i) => i.vat_rate)).toEqual([0, 0, 0]);

    // The change of regime did not touch the order sold before it.
    const old = await order(before.id, customer);
    expect(old).toMatchObject({ total_tax: 4.7, vat_exempt: false, vat_lines: [{ rate: 23, tax: 2.99, label: 'IVA (23%) incluído' }, { rate: 13, tax: 0.58, label: 'IVA (13%) incluído' }, { rate: 6, tax: 1.13, label: 'IVA (6%) incluído' }] });
    expect(old.orderItems.map((i) => i.vat_rate)).toEqual([23, 6, 13]);

    // The accountant's export: the old order's VAT per rate, the exempt one's reason and no VAT.
    const csv = (await ctx.app.inject({ method: 'GET', url: `/api/order/export.csv?from=${today}&to=${today}`, headers: { cookie } })).body;
    const [header = [], ...lines] = parse(csv.slice(1), { delimiter: ';', bom: false }) as string[][];
    // The VAT columns, wherever the export puts them (the discount's come after them).
    const first = header.indexOf('Motivo da isenção de IVA');
    const vatColumns = (row: string[] | undefined) => row?.slice(first, first + 10);
    expect(vatColumns(header)).toEqual(['Motivo da isenção de IVA', ...[23, 22, 16, 13, 12, 9, 6, 5, 4].map((r) => `IVA da encomenda a ${r}%`)]);
    const rowsOf = (id: number) => lines.filter((line) => line[0] === String(id));
    expect(vatColumns(rowsOf(before.id)[0])).toEqual(['', '2,99', '', '', '0,58', '', '', '1,13', '', '']);
    expect(vatColumns(rowsOf(sold.id)[0])).toEqual(['M10 – IVA – regime de isenção (art. 53.º do CIVA)', '', '', '', '', '', '', '', '', '']);
  });
});

describe('the art. 53.º turnover meter', () => {
  const meter = async (cookie: string) => (await ctx.app.inject({ method: 'GET', url: '/api/overview', headers: { cookie } })).json<Overview>().vat;

  /** An order of `euros` paid today (marked paid by the owner). */
  async function paid(cookie: string, euros: number) {
    const big = await insertProduct(ctx, { name: 'Projeto de arrumação completo', priceCents: euros * 100, stock: 10, isDigital: true, link: 'https://example.pt/guia' });
    const { cookie: customer } = await signedInUser(ctx);
    const placed = await checkoutAnswer(ctx.app, [{ product_id: big.id, quantity: 1 }], { cookie: customer });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json<Order>().id;
    expect((await ctx.app.inject({ method: 'POST', url: `/api/order/${id}/mark-paid`, headers: { cookie }, payload: { method: 'transfer' } })).statusCode).toBe(200);
  }

  it('is shown only to an exempt shop, and warns at 80 %, above 15 000 € and above 18 750 € with what the law then requires', async () => {
    const cookie = await admin();
    await ctx.database.db.execute(sql`UPDATE orders SET paid_at = NULL WHERE paid_at IS NOT NULL`);
    expect(await meter(cookie)).toEqual({ exempt: false, meter: null });
    expect((await putTax(cookie, { regime: 'exempt_art53', region: 'continente', valid_from: today })).statusCode).toBe(200);
    const year = Number(today.slice(0, 4));
    expect(await meter(cookie)).toEqual({ exempt: true, meter: { year, invoicedCents: 0, limitCents: 1_500_000, ceilingCents: 1_875_000, level: 'ok', message: null } });

    await paid(cookie, 12_000);
    const near = (await meter(cookie))?.meter;
    expect(near).toMatchObject({ invoicedCents: 1_200_000, level: 'near' });
    expect(near?.message).toContain('80 % do limite de 15 000 €');

    await paid(cookie, 3_001);
    const over = (await meter(cookie))?.meter;
    expect(over).toMatchObject({ invoicedCents: 1_500_100, level: 'over_limit' });
    expect(over?.message).toContain(`a partir de 1 de janeiro de ${year + 1}, a loja fica no regime normal e cobra IVA`);

    await paid(cookie, 3_750);
    const ceiling = (await meter(cookie))?.meter;
    expect(ceiling).toMatchObject({ invoicedCents: 1_875_100, level: 'over_ceiling' });
    expect(ceiling?.message).toContain('perdeu a isenção do art. 53.º a partir da fatura que passou esse valor');
  });
});

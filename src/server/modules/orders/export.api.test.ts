import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lisbonToday } from '#shared/dates.ts';
import { exportMessages } from '#shared/schemas/exports.ts';
import { signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';
import { orders, payments, refunds } from '../../db/schema.ts';

// The accountant's exports (issue #17): CSV files Excel in Portuguese opens as they are.

const ctx = useTestApp();

const BOM = '\uFEFF';

async function download(url: string, cookie?: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  return { res, text: res.body };
}

/** The file read back as a spreadsheet would: `;` between fields, quotes honoured. */
const rows = (text: string) => parse(text.slice(BOM.length), { delimiter: ';', bom: false, relax_column_count: false }) as string[][];

describe('order export', () => {
  it('streams one line per item with the order, customer, NIF, prices in decimal commas and VAT; quotes names with ; and quotes', async () => {
    const admin = await signedInUser(ctx, { isAdmin: true });
    const box = await insertProduct(ctx, { name: 'Caixa "grande"; linho', priceCents: 2490, stock: 10 });
    const tag = await insertProduct(ctx, { name: 'Etiqueta', priceCents: 150, stock: 10 });
    const order = await placeOrder(ctx, [{ product_id: box.id, quantity: 2 }, { product_id: tag.id, quantity: 3 }], {
      details: { name: 'Ana "Nini" Sá; Lda', nif: '123456789', company: 'Arruma; Lda' },
    });
    const today = lisbonToday();

    const { res, text } = await download(`/api/order/export.csv?from=${today}&to=${today}`, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="encomendas-${today}-a-${today}.csv"`);
    expect(text.startsWith(BOM)).toBe(true);
    expect(text).toContain('\r\n');
    const [header, ...lines] = rows(text);
    expect(header).toEqual([
      'Encomenda', 'Data', 'Hora', 'Estado', 'Método de pagamento', 'Pago em', 'Pago às', 'Recebido por', 'Cliente', 'Empresa', 'Email', 'NIF',
      'Produto', 'Variante', 'Quantidade', 'Preço unitário com IVA', 'Taxa de IVA', 'Total da linha com IVA', 'IVA da linha', 'Portes da encomenda',
      'Total da encomenda com IVA', 'IVA da encomenda', 'Total da encomenda sem IVA', 'Reembolsado', 'Reembolsado em', 'Reembolso por',
      // The exemption's reason and the order's VAT at each rate of the law's table (decision 0053).
      'Motivo da isenção de IVA', ...[23, 22, 16, 13, 12, 9, 6, 5, 4].map((rate) => `IVA da encomenda a ${rate}%`),
      // The address's country (decision 0055).
      'País',
      // The discount code and what it took off (decision 0054).
      'Código de desconto', 'Desconto da encomenda',
    ]);
    expect(lines).toHaveLength(2);
    const [first, second] = lines as [string[], string[]];
    // The date and the time in cells of their own, as a spreadsheet sorts them; no payment yet.
    expect(first.slice(0, 8)).toEqual([String(order.id), today, expect.stringMatching(/^\d{2}:\d{2}$/), 'Pendente', 'Multibanco', '', '', '']);
    expect(first.slice(8, 12)).toEqual(['Ana "Nini" Sá; Lda', 'Arruma; Lda', 'maria@example.pt', '123456789']);
    // 2 × 24,90 = 49,80 with 9,31 of VAT in it; 3 × 1,50 = 4,50 with 0,84.
    expect(first.slice(12, 19)).toEqual(['Caixa "grande"; linho', '', '2', '24,90', '23%', '49,80', '9,31']);
    expect(second.slice(12, 19)).toEqual(['Etiqueta', '', '3', '1,50', '23%', '4,50', '0,84']);
    // 54,30 + 6,00 of shipping = 60,30, VAT 11,28, 49,02 without; nothing given back.
    expect(first.slice(19)).toEqual(['6,00', '60,30', '11,28', '49,02', '', '', '', '', '11,28', '', '', '', '', '', '', '', '', 'Portugal', '', '']);
    expect(second.slice(19)).toEqual(first.slice(19));
    // The quotes in the file itself: doubled inside a quoted field.
    expect(text).toContain('"Caixa ""grande""; linho"');
  });

  it('takes the orders of the days asked for, in Lisbon time, both days included', async () => {
    const admin = await signedInUser(ctx, { isAdmin: true });
    const product = await insertProduct(ctx, { name: 'Agenda', priceCents: 1000, stock: 10 });
    const early = await placeOrder(ctx, [{ product_id: product.id, quantity: 1 }]);
    const late = await placeOrder(ctx, [{ product_id: product.id, quantity: 1 }]);
    const outside = await placeOrder(ctx, [{ product_id: product.id, quantity: 1 }]);
    // 1 July 00:30 in Lisbon is 30 June 23:30 UTC (summer time); 31 July 23:59 Lisbon is 22:59 UTC.
    await ctx.database.db.update(orders).set({ orderDate: new Date('2026-06-30T23:30:00Z') }).where(eq(orders.id, early.id));
    await ctx.database.db.update(orders).set({ orderDate: new Date('2026-07-31T22:59:00Z') }).where(eq(orders.id, late.id));
    await ctx.database.db.update(orders).set({ orderDate: new Date('2026-07-31T23:00:00Z') }).where(eq(orders.id, outside.id));

    const { text } = await download('/api/order/export.csv?from=2026-07-01&to=2026-07-31', admin.cookie);
    const ids = rows(text).slice(1).map((line) => line[0]);
    expect(ids).toEqual([String(early.id), String(late.id)]);
    expect(rows(text)[1]?.slice(1, 3)).toEqual(['2026-07-01', '00:30']);
  });

  it('dates a payment that arrived on a cancelled order, and gives each order what went back: amount, day and method', async () => {
    const admin = await signedInUser(ctx, { isAdmin: true });
    const product = await insertProduct(ctx, { name: 'Organizador', priceCents: 1790, stock: 10 });
    // Cancelled, then paid all the same by an MB WAY request still live on the customer's phone.
    const cancelled = await placeOrder(ctx, [{ product_id: product.id, quantity: 1 }], { method: 'mbway' });
    await ctx.database.db.update(orders).set({ status: 'cancelled', orderDate: new Date('2026-10-05T03:10:00Z') }).where(eq(orders.id, cancelled.id));
    await ctx.database.db.insert(payments).values({
      orderId: cancelled.id,
      method: 'mbway',
      gateway: 'sandbox',
      status: 'paid',
      amountCents: 2390,
      gatewayOrderId: `${cancelled.id}-export`,
      expiresAt: new Date('2026-10-05T03:30:00Z'),
      paidAt: new Date('2026-10-05T03:23:00Z'),
    });
    // Paid by hand, then given back in two parts: a transfer and MB WAY, the last on 7 October.
    const refunded = await placeOrder(ctx, [{ product_id: product.id, quantity: 2 }]);
    await ctx.database.db
      .update(orders)
      .set({ status: 'processing', orderDate: new Date('2026-10-05T09:00:00Z'), paidAt: new Date('2026-10-05T10:15:00Z'), paidMethod: 'transfer' })
      .where(eq(orders.id, refunded.id));
    await ctx.database.db.insert(refunds).values([
      { orderId: refunded.id, amountCents: 1000, lines: [], method: 'transfer', transferredOn: '2026-10-06', createdAt: new Date('2026-10-08T10:00:00Z') },
      { orderId: refunded.id, amountCents: 790, lines: [], method: 'mbway', createdAt: new Date('2026-10-07T15:00:00Z') },
      // Still with the gateway: nothing went back yet.
      { orderId: refunded.id, amountCents: 500, lines: [], method: 'mbway', status: 'requested', createdAt: new Date('2026-10-09T15:00:00Z') },
    ]);

    const { text } = await download('/api/order/export.csv?from=2026-10-05&to=2026-10-05', admin.cookie);
    const [header = [], ...lines] = rows(text);
    const line = (id: number) => Object.fromEntries(header.map((name, i) => [name, lines.find((l) => l[0] === String(id))?.[i]]));
    expect(line(cancelled.id)).toMatchObject({ Data: '2026-10-05', Hora: '04:10', Estado: 'Cancelada', 'Pago em': '2026-10-05', 'Pago às': '04:23', 'Recebido por': 'MB WAY', Reembolsado: '' });
    expect(line(refunded.id)).toMatchObject({
      'Pago em': '2026-10-05',
      'Pago às': '11:15',
      'Recebido por': 'Transferência bancária',
      Reembolsado: '17,90',
      'Reembolsado em': '2026-10-07',
      'Reembolso por': 'MB WAY, Transferência bancária',
    });
  });

  it('reads many orders placed at the same instant in batches, each once', async () => {
    const admin = await signedInUser(ctx, { isAdmin: true });
    // 1,201 orders at one microsecond-precise instant: more than two batches, all tied on the date.
    await ctx.database.db.execute(sql`
      INSERT INTO orders (email, status, payment_method, shipping_address, phone, shipping_cents, total_without_tax_cents, total_tax_cents, total_with_tax_cents, order_date)
      SELECT 'lote' || g || '@example.pt', 'pending', 'multibanco', 'Lote ' || g || ', Rua Nova 1, Lisboa, 1100-200, Portugal', '912345678', 0, 813, 187, 1000,
             '2026-05-10 10:00:00.123456+00'
      FROM generate_series(1, 1201) AS g`);
    await ctx.database.db.execute(sql`
      INSERT INTO order_items (order_id, product_name, is_digital, quantity, unit_price_cents)
      SELECT id, 'Lote', false, 1, 1000 FROM orders WHERE email LIKE 'lote%'`);

    const { text } = await download('/api/order/export.csv?from=2026-05-10&to=2026-05-10', admin.cookie);
    const ids = rows(text)
      .slice(1)
      .map((line) => Number(line[0]));
    expect(ids).toHaveLength(1201);
    expect(new Set(ids).size).toBe(1201);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('refuses bad dates in pt-PT and answers visitors and customers no', async () => {
    const admin = await signedInUser(ctx, { isAdmin: true });
    const customer = await signedInUser(ctx);
    const bad = await download('/api/order/export.csv?from=2026-02-30&to=2026-03-01', admin.cookie);
    expect(bad.res.statusCode).toBe(400);
    expect(bad.res.json().fields).toMatchObject({ from: exportMessages.from });
    const reversed = await download('/api/order/export.csv?from=2026-03-02&to=2026-03-01', admin.cookie);
    expect(reversed.res.json().fields).toMatchObject({ to: exportMessages.range });
    const missing = await download('/api/order/export.csv', admin.cookie);
    expect(missing.res.statusCode).toBe(400);
    expect((await download('/api/order/export.csv?from=2026-03-01&to=2026-03-01')).res.statusCode).toBe(401);
    expect((await download('/api/order/export.csv?from=2026-03-01&to=2026-03-01', customer.cookie)).res.statusCode).toBe(403);
  });
});

describe('product export', () => {
  it('lists each product and each variant with SKU, price and stock, archived ones marked', async () => {
    const admin = await signedInUser(ctx, { isAdmin: true });
    const plain = await insertProduct(ctx, { name: 'Cesto; vime', description: 'Com "asas".', priceCents: 1990, stock: 4 });
    const sized = await insertProduct(ctx, {
      name: 'Caixa',
      variants: [
        { name: 'Pequena', priceCents: 990, stock: 2, sku: 'CX-P' },
        { name: 'Grande', priceCents: 1490, stock: 0, sku: 'CX-G' },
      ],
    });

    const { res, text } = await download('/api/product/export.csv', admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="produtos-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(text.startsWith(BOM)).toBe(true);
    const [header, ...lines] = rows(text);
    expect(header).toEqual(['ID', 'Nome', 'Descrição', 'Tipo', 'Variante', 'SKU', 'Preço com IVA', 'Stock', 'Ordem', 'Link de acesso', 'Estado']);
    const of = (id: number) => lines.filter((line) => line[0] === String(id));
    expect(of(plain.id)).toEqual([[String(plain.id), 'Cesto; vime', 'Com "asas".', 'Físico', '', '', '19,90', '4', '0', '', 'À venda']]);
    expect(of(sized.id).map((line) => line.slice(4, 8))).toEqual([
      ['Pequena', 'CX-P', '9,90', '2'],
      ['Grande', 'CX-G', '14,90', '0'],
    ]);

    const customer = await signedInUser(ctx);
    expect((await download('/api/product/export.csv', customer.cookie)).res.statusCode).toBe(403);
    expect((await download('/api/product/export.csv')).res.statusCode).toBe(401);
  });
});

import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lisbonToday } from '#shared/dates.ts';
import type { Product } from '#shared/schemas/catalog.ts';
import { saleMessages } from '#shared/texts/sale-form.ts';
import { signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { checkoutAnswer } from '../../../../tests/helpers/checkout.ts';
import { multipart } from '../../../../tests/helpers/images.ts';
import { orderItems } from '../orders/tables.ts';
import { productPrices, products } from './tables.ts';

// Decision 0048: sale prices, charged while they apply, with the lowest price of the 30 days before the reduction
// began (DL 70/2007, art. 5.º, as amended by DL 109-G/2021).

const ctx = useTestApp();
const DAY = 86_400_000;

afterEach(() => {
  vi.useRealTimers();
});

const send = (method: 'POST' | 'PUT', url: string, cookie: string, fields: Record<string, string>) =>
  ctx.app.inject({ method, url, headers: { cookie }, payload: multipart(fields, []) });

const lamp = (overrides: Record<string, string> = {}) => ({
  name: 'Candeeiro de latão',
  description: 'Feito à mão.',
  order: '1',
  price: '20,00',
  stock: '10',
  isDigital: 'false',
  hasVariants: 'false',
  ...overrides,
});

const admin = async () => (await signedInUser(ctx, { isAdmin: true })).cookie;
const shopperList = async (query: Record<string, string>) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/product', query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: Product[]; count: number };
};
const shopperProduct = async (id: number) => (await ctx.app.inject({ method: 'GET', url: `/api/product/${id}` })).json() as Product;


describe('a sale price', () => {
  it('20,00 → 16,00 → 17,50, then a sale at 12,00: lowest of 30 days 16,00, found under 12,00, charged 2 × 12,00', async () => {
    const cookie = await admin();
    const created = await send('POST', '/api/product', cookie, lamp());
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as Product).id;
    expect((await send('PUT', `/api/product/${id}`, cookie, lamp({ price: '16,00' }))).statusCode).toBe(200);
    expect((await send('PUT', `/api/product/${id}`, cookie, lamp({ price: '17,50' }))).statusCode).toBe(200);
    const onSale = await send('PUT', `/api/product/${id}`, cookie, lamp({ price: '17,50', sale_price: '12,00' }));
    expect(onSale.statusCode, onSale.body).toBe(200);
    expect(onSale.json()).toMatchObject({ price: 12, regular_price: 17.5, sale_price: 12, lowest_price_30d: 16, sale: { sale_price: 12, sale_starts_at: null, sale_ends_at: null } });

    const history = await ctx.database.db.select().from(productPrices).where(eq(productPrices.productId, id));
    expect(history.map((r) => [r.priceCents, r.isSale])).toEqual([
      [2000, false],
      [1600, false],
      [1750, false],
      [1200, true],
    ]);

    const shown = await shopperProduct(id);
    expect(shown).toMatchObject({ price: 12, regular_price: 17.5, sale_price: 12, lowest_price_30d: 16, sale_ends_at: null });
    expect(shown.sale).toBeUndefined();
    const cheap = await shopperList({ q: 'Candeeiro de latão', maxPrice: '12,00' });
    expect(cheap.rows.map((r) => [r.id, r.price])).toEqual([[id, 12]]);
    expect(cheap.count).toBe(1);
    expect((await shopperList({ q: 'Candeeiro de latão', minPrice: '12,01' })).count).toBe(0);

    const items = [{ product_id: id, quantity: 2 }];
    const totals = (await ctx.app.inject({ method: 'POST', url: '/api/order/calculate-totals', payload: { items } })).json();
    expect(totals.totalWithTax).toBe(30); // 2 × 12,00 + 6,00 shipping
    // The line tells the cart the regular price, which it strikes through beside the sale's.
    expect(totals.lines).toEqual([{ product_id: id, variant_id: null, price: 12, regular_price: 17.5, stock: 10 }]);
    const order = await checkoutAnswer(ctx.app, items);
    expect(order.statusCode, order.body).toBe(201);
    const lines = await ctx.database.db.select().from(orderItems).where(eq(orderItems.productId, id));
    expect(lines.map((l) => [l.quantity, l.unitPriceCents])).toEqual([[2, 1200]]);
  });

  it('scheduled for tomorrow is not shown; from its first day the cached list shows it, after its last day the regular price again', async () => {
    const cookie = await admin();
    const tomorrow = lisbonToday(new Date(Date.now() + DAY));
    const afterTomorrow = lisbonToday(new Date(Date.now() + 2 * DAY));
    const created = await send('POST', '/api/product', cookie, lamp({ name: 'Jarra azul agendada', price: '30,00', sale_price: '20,00', sale_starts_at: tomorrow, sale_ends_at: afterTomorrow }));
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as Product).id;
    expect(created.json()).toMatchObject({ price: 30, sale_price: null, lowest_price_30d: null, sale: { sale_price: 20, sale_starts_at: tomorrow, sale_ends_at: afterTomorrow } });
    const query = { q: 'Jarra azul agendada' };
    expect((await shopperList(query)).rows[0]).toMatchObject({ price: 30, sale_price: null });
    expect((await shopperList({ ...query, maxPrice: '20,00' })).count).toBe(0);
    const scheduled = await ctx.database.db.select().from(productPrices).where(eq(productPrices.productId, id));
    expect(scheduled.map((r) => [r.priceCents, r.isSale])).toEqual([
      [3000, false],
      [2000, true],
      [3000, false],
    ]);

    const firstDay = (scheduled[1] as { effectiveAt: Date }).effectiveAt.getTime();
    vi.useFakeTimers({ toFake: ['Date'], now: firstDay + 60_000 });
    expect((await shopperList(query)).rows[0]).toMatchObject({ price: 20, regular_price: 30, sale_price: 20, lowest_price_30d: 30, sale_ends_at: afterTomorrow });
    expect((await shopperList({ ...query, maxPrice: '20,00' })).count).toBe(1);
    expect(await shopperProduct(id)).toMatchObject({ price: 20, sale_price: 20 });
    const totals = (await ctx.app.inject({ method: 'POST', url: '/api/order/calculate-totals', payload: { items: [{ product_id: id, quantity: 1 }] } })).json();
    expect(totals.totalWithTax).toBe(26);

    vi.setSystemTime(firstDay + 2 * DAY + 60_000);
    expect((await shopperList(query)).rows[0]).toMatchObject({ price: 30, regular_price: 30, sale_price: null, lowest_price_30d: null });
    expect(await shopperProduct(id)).toMatchObject({ price: 30, sale_price: null });
    expect((await shopperList({ ...query, maxPrice: '20,00' })).count).toBe(0);
  });

  it("gives a variant its own sale; the product shows its cheapest variant's price now", async () => {
    const cookie = await admin();
    const variants = JSON.stringify([
      { name: 'Pequeno', price: '10,00', stock: 3 },
      { name: 'Grande', price: '15,00', stock: 2, sale_price: '9,00' },
    ]);
    const created = await send('POST', '/api/product', cookie, lamp({ name: 'Cesto de vime', hasVariants: 'true', price: '', stock: '', variants }));
    expect(created.statusCode, created.body).toBe(201);
    const product = await shopperProduct((created.json() as Product).id);
    expect(product).toMatchObject({ price: 9, regular_price: 15, sale_price: 9, lowest_price_30d: 9 });
    expect(product.variants.map((v) => [v.name, v.price, v.regular_price, v.sale_price])).toEqual([
      ['Pequeno', 10, 10, null],
      ['Grande', 9, 15, 9],
    ]);
    const big = product.variants[1] as { id: number };
    const totals = (await ctx.app.inject({ method: 'POST', url: '/api/order/calculate-totals', payload: { items: [{ product_id: product.id, variant_id: big.id, quantity: 1 }] } })).json();
    expect(totals.totalWithTax).toBe(15); // 9,00 + 6,00 shipping
    expect(totals.lines).toEqual([{ product_id: product.id, variant_id: big.id, price: 9, regular_price: 15, stock: 2 }]);
    const small = product.variants[0] as { id: number };
    const regular = (await ctx.app.inject({ method: 'POST', url: '/api/order/calculate-totals', payload: { items: [{ product_id: product.id, variant_id: small.id, quantity: 1 }] } })).json();
    expect(regular.lines).toEqual([{ product_id: product.id, variant_id: small.id, price: 10, stock: 3 }]);
  });

  it('refuses a sale price not below the price, days inverted and days without a price; nothing changes', async () => {
    const cookie = await admin();
    const created = await send('POST', '/api/product', cookie, lamp({ name: 'Tapete de lã', price: '40,00' }));
    const id = (created.json() as Product).id;
    const historyBefore = await ctx.database.db.select().from(productPrices).where(eq(productPrices.productId, id));
    const variants = JSON.stringify([{ name: 'Único', price: '10,00', stock: 1, sale_price: '10,00' }]);
    for (const [fields, field, message] of [
      [{ sale_price: '40,00' }, 'sale_price', saleMessages.saleNotBelow],
      [{ sale_price: '45' }, 'sale_price', saleMessages.saleNotBelow],
      [{ sale_price: 'barato' }, 'sale_price', saleMessages.salePrice],
      [{ sale_price: '30,00', sale_starts_at: '2026-12-10', sale_ends_at: '2026-12-09' }, 'sale_ends_at', saleMessages.saleDaysInverted],
      [{ sale_price: '30,00', sale_starts_at: '2026-02-30' }, 'sale_starts_at', saleMessages.saleDay],
      [{ sale_starts_at: '2026-12-10' }, 'sale_price', saleMessages.saleDaysWithoutPrice],
      [{ hasVariants: 'true', price: '', stock: '', variants }, 'variants.0.sale_price', saleMessages.saleNotBelow],
    ] as const) {
      const res = await send('PUT', `/api/product/${id}`, cookie, lamp({ name: 'Tapete de lã', price: '40,00', ...fields }));
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().fields[field], res.body).toBe(message);
    }
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ priceCents: 4000, salePriceCents: null, saleStartsAt: null, hasVariants: false });
    expect(await ctx.database.db.select().from(productPrices).where(eq(productPrices.productId, id))).toEqual(historyBefore);
  });
});

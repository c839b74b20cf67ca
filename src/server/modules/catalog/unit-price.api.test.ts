import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { catalogMessages, type Product } from '#shared/schemas/catalog.ts';
import { signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { multipart } from '../../../../tests/helpers/images.ts';
import { products, productVariants } from './tables.ts';

// Decision 0047: a product's quantity of a unit of measure (and a variant's own), for the price per unit
// (DL 138/90, art. 1.º, n.º 2), and its weight; both kept when a writer does not send them (the catalogue import).

const ctx = useTestApp();

const send = (method: 'POST' | 'PUT', url: string, cookie: string, fields: Record<string, string>) =>
  ctx.app.inject({ method, url, headers: { cookie }, payload: multipart(fields, []) });

const oil = (overrides: Record<string, string> = {}) => ({
  name: 'Óleo de limpeza para madeira',
  description: 'Garrafa de vidro.',
  order: '1',
  price: '12,50',
  stock: '5',
  isDigital: 'false',
  hasVariants: 'false',
  weight_grams: '820',
  unit_quantity: '0,75',
  unit: 'L',
  ...overrides,
});

const admin = async () => (await signedInUser(ctx, { isAdmin: true })).cookie;

describe('quantity, unit and weight of a product', () => {
  it('stores them, answers them to everyone, and clears them when sent blank', async () => {
    const cookie = await admin();
    const created = await send('POST', '/api/product', cookie, oil());
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as Product).id;
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ unitQuantityMilli: 750, unit: 'L', weightGrams: 820 });

    const shown = (await ctx.app.inject({ method: 'GET', url: `/api/product/${id}` })).json() as Product;
    expect(shown).toMatchObject({ unit_quantity: 0.75, unit: 'L', weight_grams: 820, price: 12.5 });
    const listed = (await ctx.app.inject({ method: 'GET', url: '/api/product', query: { q: 'Óleo de limpeza' } })).json() as { rows: Product[] };
    expect(listed.rows.find((p) => p.id === id)).toMatchObject({ unit_quantity: 0.75, unit: 'L' });

    const cleared = await send('PUT', `/api/product/${id}`, cookie, oil({ unit_quantity: '', unit: '', weight_grams: '' }));
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ unit_quantity: null, unit: null, weight_grams: null });
  });

  it('refuses a quantity without its unit, a unit the law does not name, and a quantity of zero; nothing changes', async () => {
    const cookie = await admin();
    const before = await ctx.database.db.select({ id: products.id }).from(products);
    for (const [fields, field, message] of [
      [{ unit: '' }, 'unit', catalogMessages.unitPair],
      [{ unit_quantity: '' }, 'unit_quantity', catalogMessages.unitPair],
      [{ unit: 'lb' }, 'unit', catalogMessages.unit],
      [{ unit_quantity: '0' }, 'unit_quantity', catalogMessages.unitQuantity],
      [{ unit_quantity: '1,2345' }, 'unit_quantity', catalogMessages.unitQuantity],
    ] as const) {
      const res = await send('POST', '/api/product', cookie, oil(fields));
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    }
    expect(await ctx.database.db.select({ id: products.id }).from(products)).toHaveLength(before.length);
  });

  it("gives a variant its own quantity of the product's unit, and keeps it and the weights when a writer leaves them out", async () => {
    const cookie = await admin();
    const variants = JSON.stringify([
      { name: '500 ml', price: '9,00', stock: 3, weight_grams: 560 },
      { name: '1 L', price: '15,00', stock: 2, weight_grams: 1080, unit_quantity: '1' },
    ]);
    const created = await send('POST', '/api/product', cookie, oil({ hasVariants: 'true', price: '', stock: '', unit_quantity: '0,5', variants }));
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json() as Product;
    expect(product.variants.map((v) => [v.name, v.unit_quantity, v.weight_grams])).toEqual([
      ['500 ml', null, 560],
      ['1 L', 1, 1080],
    ]);

    // A writer that does not know the fields (an older form, the import): the values stay.
    const { weight_grams: _w, unit_quantity: _q, unit: _u, ...older } = oil({ name: 'Óleo de limpeza (novo nome)' });
    const kept = JSON.stringify(product.variants.map((v) => ({ id: v.id, name: v.name, price: String(v.price), stock: v.stock })));
    const updated = await send('PUT', `/api/product/${product.id}`, cookie, { ...older, hasVariants: 'true', price: '', stock: '', variants: kept });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Óleo de limpeza (novo nome)', unit_quantity: 0.5, unit: 'L', weight_grams: 820 });
    const rows = await ctx.database.db.select().from(productVariants).where(eq(productVariants.productId, product.id));
    expect(rows.map((r) => [r.name, r.unitQuantityMilli, r.weightGrams]).sort()).toEqual([
      ['1 L', 1000, 1080],
      ['500 ml', null, 560],
    ]);
  });

  it('the database refuses a unit without its quantity, whoever writes', async () => {
    await expect(ctx.database.db.insert(products).values({ name: 'X', description: 'X', minPriceCents: 100, unit: 'kg' })).rejects.toThrow();
  });
});

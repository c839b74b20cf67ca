import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { ProductList } from '#shared/schemas/catalog.ts';
import { useTestApp } from '../../../../tests/helpers/app.ts';
import { productImages, products, productVariants } from './tables.ts';
import { images } from '../media/tables.ts';

const ctx = useTestApp();

const list = async (query: string): Promise<ProductList> => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/product${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  const db = ctx.database.db;
  // 30 physical products priced 1,00 € .. 30,00 €, 5 digital ones, 1 archived.
  const rows = await db
    .insert(products)
    .values([
      ...Array.from({ length: 30 }, (_, i) => ({
        name: i % 3 === 0 ? `Caixa ${i + 1}` : `Agenda ${i + 1}`,
        description: 'Descrição',
        priceCents: (i + 1) * 100,
        stock: i % 4,
        minPriceCents: (i + 1) * 100,
        displayOrder: 30 - i,
      })),
      ...Array.from({ length: 5 }, (_, i) => ({
        name: `Planner digital ${i + 1}`,
        description: 'PDF',
        priceCents: 500 + i,
        stock: 0,
        minPriceCents: 500 + i,
        isDigital: true,
        link: 'https://loja.example.pt/segredo.pdf',
      })),
      { name: 'Caixa arquivada', description: 'x', priceCents: 1, stock: 1, minPriceCents: 1, archivedAt: new Date() },
      { name: '100% algodão_saco', description: 'x', priceCents: 999_00, stock: 1, minPriceCents: 999_00 },
    ])
    .returning();
  // Every listed product gets two variants and two images, so a page that queried per product would show.
  const image = await db.insert(images).values({ kind: 'product', width: 10, height: 10, size: 1, version: 'abcdefabcdef' }).returning();
  for (const row of rows) {
    await db.insert(productVariants).values([
      { productId: row.id, name: 'A', priceCents: row.minPriceCents, stock: 1 },
      { productId: row.id, name: 'B', priceCents: row.minPriceCents + 100, stock: 0 },
    ]);
    await db.insert(productImages).values({ productId: row.id, imageId: image[0]!.id, position: 0 });
  }
});

describe('GET /product', () => {
  it('pages the physical list by price ascending by default, 12 a page, with the total count', async () => {
    const page1 = await list('?isDigital=false');
    expect(page1.count).toBe(31);
    expect(page1.rows).toHaveLength(12);
    // Sold-out last (issue #30): the products priced 1, 5, 9, ... 29 € have no stock (i % 4 === 0) and close the list.
    expect(page1.rows.map((p) => p.price)).toEqual([2, 3, 4, 6, 7, 8, 10, 11, 12, 14, 15, 16]);
    const page3 = await list('?isDigital=false&page=3');
    expect(page3.rows.map((p) => p.price)).toEqual([5, 9, 13, 17, 21, 25, 29]);
    const beyond = await list('?isDigital=false&page=9');
    expect(beyond).toMatchObject({ rows: [], count: 31 });
  });

  it('sorts by price descending, by display order and by name', async () => {
    // 29 € is sold out: it comes after every product in stock.
    expect((await list('?isDigital=false&sortBy=price&order=desc&pageSize=3')).rows.map((p) => p.price)).toEqual([999, 30, 28]);
    const byOrder = await list('?sortBy=order&order=asc&pageSize=40');
    // Order 2 is a sold-out product (stock 0): it comes after those in stock.
    expect(byOrder.rows.filter((p) => !p.isDigital && p.order > 0).map((p) => p.order).slice(0, 3)).toEqual([1, 3, 4]);
    const byName = await list('?sortBy=name&order=asc&isDigital=true');
    expect(byName.rows.map((p) => p.name)).toEqual(['Planner digital 1', 'Planner digital 2', 'Planner digital 3', 'Planner digital 4', 'Planner digital 5']);
  });

  it('filters digital products and never lists archived ones', async () => {
    const digital = await list('?isDigital=true');
    expect(digital.count).toBe(5);
    expect(digital.rows.every((p) => p.isDigital)).toBe(true);
    expect((await list('?q=arquivada')).count).toBe(0);
  });

  it('searches names case-insensitively, with % and _ taken literally', async () => {
    const found = await list('?q=CAIXA&pageSize=100');
    expect(found.count).toBe(10);
    expect(found.rows.every((p) => p.name.startsWith('Caixa'))).toBe(true);
    expect((await list(`?q=${encodeURIComponent('100%')}`)).rows.map((p) => p.name)).toEqual(['100% algodão_saco']);
    expect((await list(`?q=${encodeURIComponent('%')}`)).count).toBe(1);
    expect((await list('?q=o_s')).count).toBe(1);
  });

  it('ignores accents, case and word order, and ranks names that begin with the first word first (issue #12)', async () => {
    const added = await ctx.database.db
      .insert(products)
      .values([
        { name: 'Cesto em algodão entrançado', description: 'x', priceCents: 31_00, stock: 1, minPriceCents: 31_00 },
        { name: 'Cabides de veludo antideslizantes', description: 'x', priceCents: 32_00, stock: 1, minPriceCents: 32_00 },
        { name: 'Porta-cabides simples', description: 'x', priceCents: 1_50, stock: 1, minPriceCents: 1_50 },
      ])
      .returning({ id: products.id });
    onTestFinished(() => ctx.database.db.delete(products).where(inArray(products.id, added.map((p) => p.id))).then(() => undefined));
    const names = async (q: string) => (await list(`?q=${encodeURIComponent(q)}&pageSize=100`)).rows.map((p) => p.name);
    expect(await names('algodao')).toEqual(['Cesto em algodão entrançado', '100% algodão_saco']);
    expect(await names('ALGODÃO entrançado')).toEqual(['Cesto em algodão entrançado']);
    expect(await names('cabides veludo')).toEqual(['Cabides de veludo antideslizantes']);
    expect(await names('veludo cabides')).toEqual(['Cabides de veludo antideslizantes']);
    // Cheapest first is the chosen order, but the name that begins with the word comes first.
    expect(await names('cabides')).toEqual(['Cabides de veludo antideslizantes', 'Porta-cabides simples']);
    expect(await names('veludo seda')).toEqual([]);
  });

  it('searches with an index on PostgreSQL and PGlite alike', async () => {
    const indexes: unknown = await ctx.database.db.execute(sql`select indexdef from pg_indexes where indexname = 'products_search_trgm_idx'`);
    expect(JSON.stringify(indexes)).toContain('gin_trgm_ops');
  });

  it('clamps a page size above the maximum; refuses other out-of-range paging with a 400', async () => {
    const big = await ctx.app.inject({ method: 'GET', url: '/api/product?pageSize=101' });
    expect(big.statusCode).toBe(200);
    expect(big.json().rows.length).toBeLessThanOrEqual(100);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/product?page=0' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/product?sortBy=stock' })).statusCode).toBe(400);
  });

  it('uses the same number of SQL queries for 1 and for 36 products a page (no N+1)', async () => {
    const client = ctx.database.client as { query: (...args: unknown[]) => unknown };
    const countQueries = async (query: string) => {
      const original = client.query;
      let n = 0;
      client.query = function (this: unknown, ...args: unknown[]) {
        n++;
        return original.apply(this, args);
      };
      try {
        await list(query);
      } finally {
        client.query = original;
      }
      return n;
    };
    const one = await countQueries('?pageSize=1');
    const many = await countQueries('?pageSize=36');
    expect(one).toBeGreaterThan(0);
    expect(many).toBe(one);
  });

  it('answers a product with its variants and images, and a 404 in pt-PT for an unknown id', async () => {
    const [first] = (await list('?pageSize=1')).rows;
    const one = await ctx.app.inject({ method: 'GET', url: `/api/product/${first!.id}` });
    expect(one.json()).toMatchObject({ id: first!.id, variants: [{ name: 'A' }, { name: 'B' }], images: [{ width: 10 }] });
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/product/987654' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Produto não encontrado.');
  });
});

import { describe, expect, it } from 'vitest';
import type { Product, ProductList } from '#shared/schemas/catalog.ts';
import { signedInUser, useTestApp } from '../../../../../tests/helpers/app.ts';
import { type Collection, type CollectionPage, slugify } from '#shared/schemas/collections.ts';
import { demoCollections } from './catalogue.ts';
import { seedDemoCatalogue } from './seed.ts';

const ctx = useTestApp();

const list = async (query = '', cookie?: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/product?pageSize=100${query}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(200);
  return res.json<ProductList>();
};

describe('demo catalogue', () => {
  it('fills an empty shop once: seeding again creates nothing', { timeout: 120_000 }, async () => {
    expect(await seedDemoCatalogue(ctx.database.db)).toBe(24);
    expect(await seedDemoCatalogue(ctx.database.db)).toBe(0);

    const { rows, count } = await list();
    expect(count).toBe(24);
    expect(rows).toHaveLength(24);
    expect(new Set(rows.map((p) => p.name)).size).toBe(24);
  });

  it('is a shop worth browsing: images, variants, digital products, prices and stock as the issue asks', async () => {
    const { rows } = await list('&sortBy=order');
    // In the shop's order, the sold-out ones after the others (issue #30: sold-out last in every sort).
    const soldOut = (p: Product) => !p.isDigital && (p.hasVariants ? p.variants.every((v) => v.stock === 0) : p.stock === 0);
    const ordered = (group: Product[]) => group.map((p) => p.order).sort((a, b) => a - b);
    expect(rows.map((p) => p.order)).toEqual([...ordered(rows.filter((p) => !soldOut(p))), ...ordered(rows.filter(soldOut))]);
    expect(rows.filter(soldOut).length).toBeGreaterThan(0);
    for (const p of rows) {
      expect(p.images.length).toBeGreaterThanOrEqual(1);
      expect(p.images.length).toBeLessThanOrEqual(3);
      expect(p.description.length).toBeGreaterThan(40);
    }
    const prices = rows.flatMap((p: Product) => (p.hasVariants ? p.variants.map((v) => v.price) : [p.price]));
    expect(Math.min(...prices)).toBe(2.9);
    expect(Math.max(...prices)).toBe(89);
    expect(rows.filter((p) => p.hasVariants).every((p) => p.variants.every((v) => v.sku))).toBe(true);
    expect(rows.filter((p) => p.hasVariants).length).toBeGreaterThanOrEqual(4);
    expect(rows.filter((p) => p.isDigital).length).toBeGreaterThanOrEqual(4);
    expect(rows.filter((p) => !p.isDigital && p.stock === 0).length).toBeGreaterThanOrEqual(2);
    // Packs show their price per unit (decision 0047).
    expect(rows.find((p) => p.name === 'Sacos de vácuo para roupa (6 un.)')).toMatchObject({ unit_quantity: 6, unit: 'unidade', weight_grams: 640 });

    const image = rows[0]?.images[0];
    const file = await ctx.app.inject({ method: 'GET', url: image?.src ?? '/' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(image).toMatchObject({ width: 1000, height: 750 });
  });

  it('gives digital products an https access link, shown to admins only', async () => {
    const { cookie } = await signedInUser(ctx, { isAdmin: true });
    const digital = (await list('&isDigital=true', cookie)).rows;
    expect(digital.length).toBeGreaterThan(0);
    for (const p of digital) expect(p.link).toMatch(/^https:\/\/loja\.example\.pt\/downloads\//);
    expect((await list('&isDigital=true')).rows.every((p) => p.link === undefined)).toBe(true);
  });

  it("stores the home page's 'Sobre' picture in the media library", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/image/name/Sobre' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Sobre', width: 1200, height: 800 });
  });

  it('groups its products in two published collections, each with a page of its products', async () => {
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/collection' });
    expect(listed.statusCode).toBe(200);
    const collections = listed.json<Collection[]>();
    expect(collections.map((c) => [c.name, c.slug, c.productCount])).toEqual(
      demoCollections.map((c) => [c.name, slugify(c.name), c.products.length]).sort((a, b) => String(a[0]).localeCompare(String(b[0]), 'pt')),
    );
    for (const group of demoCollections) {
      const page = await ctx.app.inject({ method: 'GET', url: `/api/collection/${slugify(group.name)}?pageSize=100` });
      expect(page.statusCode).toBe(200);
      expect(new Set(page.json<CollectionPage>().rows.map((p) => p.name))).toEqual(new Set(group.products));
    }
  });
});

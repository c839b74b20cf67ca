import { describe, expect, it } from 'vitest';
import type { Product, ProductList } from '#shared/schemas/catalog.ts';
import { signedInUser, useTestApp } from '../../../../../tests/helpers/app.ts';
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
    expect(rows.map((p) => p.order)).toEqual([...rows.map((p) => p.order)].sort((a, b) => a - b));
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
});

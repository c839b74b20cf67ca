import { describe, expect, it, vi } from 'vitest';
import type { Product } from '#shared/schemas/catalog.ts';
import { signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { multipart } from '../../../../tests/helpers/images.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';

const ctx = useTestApp();

/** Counts the statements the app sends to the database while `run` runs. */
async function queriesDuring(run: () => Promise<unknown>) {
  const client = ctx.database.client as Record<'query' | 'exec' | 'execute', (...args: unknown[]) => unknown>;
  const spies = (['query', 'exec'] as const).filter((name) => typeof client[name] === 'function').map((name) => vi.spyOn(client, name));
  try {
    await run();
    return spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/** Waits until the app heard what a commit announced (NOTIFY is delivered after the commit returns). */
const heard = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('the catalogue answers, kept fresh by what the database announces', () => {
  it('answers a warm product list and product page without a database round trip, and a 304 to a browser that has them', async () => {
    const box = await insertProduct(ctx, { name: 'Caixa de sapatos', priceCents: 990, stock: 8 });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/product?q=sapatos' });
    const page = await ctx.app.inject({ method: 'GET', url: `/api/product/${box.id}` });
    expect(list.statusCode).toBe(200);
    expect(page.headers.etag).toMatch(/^"[\w-]{22}"$/);
    expect(page.headers['cache-control']).toBe('no-cache');

    const queries = await queriesDuring(async () => {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/product?q=sapatos' })).json().count).toBe(1);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/product/${box.id}` })).json<Product>().stock).toBe(8);
    });
    expect(queries).toBe(0);
    // The count is real: a list not cached yet reads the database.
    expect(await queriesDuring(() => ctx.app.inject({ method: 'GET', url: '/api/product?q=nada-assim' }))).toBeGreaterThan(0);

    const again = await ctx.app.inject({ method: 'GET', url: `/api/product/${box.id}`, headers: { 'if-none-match': page.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const listAgain = await ctx.app.inject({ method: 'GET', url: '/api/product?q=sapatos', headers: { 'if-none-match': list.headers.etag as string } });
    expect(listAgain.statusCode).toBe(304);
  });

  it('shows a sale in the product page at once, and a changed price in the list, with new tags', async () => {
    const { cookie } = await signedInUser(ctx);
    const admin = (await signedInUser(ctx, { isAdmin: true })).cookie;
    const jar = await insertProduct(ctx, { name: 'Frasco de vidro', priceCents: 450, stock: 5 });
    const before = await ctx.app.inject({ method: 'GET', url: `/api/product/${jar.id}` });
    expect(before.json<Product>().stock).toBe(5);

    await placeOrder(ctx, [{ product_id: jar.id, quantity: 2 }], { cookie });
    await heard();
    const after = await ctx.app.inject({ method: 'GET', url: `/api/product/${jar.id}`, headers: { 'if-none-match': before.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect(after.json<Product>().stock).toBe(3);

    const listed = await ctx.app.inject({ method: 'GET', url: '/api/product?q=frasco' });
    const fields = { name: 'Frasco de vidro', description: 'Frasco com tampa hermética.', order: '1', price: '5,20', stock: '3', isDigital: 'false', hasVariants: 'false' };
    const edit = await ctx.app.inject({ method: 'PUT', url: `/api/product/${jar.id}`, headers: { cookie: admin }, payload: multipart(fields) });
    expect(edit.statusCode, edit.body).toBe(200);
    await heard();
    const relisted = await ctx.app.inject({ method: 'GET', url: '/api/product?q=frasco', headers: { 'if-none-match': listed.headers.etag as string } });
    expect(relisted.statusCode).toBe(200);
    expect(relisted.json().rows[0].price).toBe(5.2);
  });
});

describe("a process's own catalogue changes", () => {
  it('are seen by its next request before their announcement arrives, and trusted again once heard', async () => {
    const { CatalogFreshness, announceStock, bumpCatalogVersion } = await import('./catalog-freshness.ts');
    const dropped: (number[] | 'all')[] = [];
    let deliver: (payload: string) => void = () => {};
    const freshness = new CatalogFreshness(ctx.database.db, (ids) => dropped.push(ids));
    // Announcements are held back: only what this process knows of its own writes can keep it right.
    await freshness.start({
      listen: async (_channel, onNotify, onConnected) => {
        deliver = onNotify;
        onConnected(true);
        return async () => {};
      },
    });
    const box = await insertProduct(ctx, { name: 'Caixa de arquivo', priceCents: 700, stock: 2 });
    const before = await freshness.current();
    expect(freshness.live(box.id)).toBe(true);

    await ctx.database.db.transaction(async (tx) => {
      await announceStock(tx, [box.id]);
      await bumpCatalogVersion(tx);
    });
    expect(freshness.live(box.id)).toBe(false);
    expect(await freshness.current()).toBeGreaterThan(before);

    deliver(`s:${box.id}`);
    expect(dropped).toContainEqual([box.id]);
    expect(freshness.live(box.id)).toBe(true);
    await freshness.close();
  });
});

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '#shared/schemas/catalog.ts';
import { type AdminCollection, type Collection, collectionMessages, type CollectionPage } from '#shared/schemas/collections.ts';
import { messages } from '#shared/messages.ts';
import { signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { multipart } from '../../../../tests/helpers/images.ts';
import { insertProduct } from '../../../../tests/helpers/shop.ts';
import { auditLog } from '../audit/tables.ts';
import { images } from '../media/tables.ts';
import { collectionProducts } from './tables.ts';

const ctx = useTestApp();
let admin: string;
let customer: string;

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = admin) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

const get = async <T>(url: string, cookie?: string): Promise<T> => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

beforeAll(async () => {
  admin = (await signedInUser(ctx, { isAdmin: true })).cookie;
  customer = (await signedInUser(ctx)).cookie;
});

describe('collections', () => {
  it('creates a collection with its slug made from the name, a sanitised description, a picture and products in the given order', async () => {
    const [picture] = await ctx.database.db.insert(images).values({ kind: 'media', name: 'Arrumacao', width: 10, height: 10, size: 1, version: 'aaaaaaaaaaaa' }).returning();
    const a = await insertProduct(ctx, { name: 'Caixa A', priceCents: 1500 });
    const b = await insertProduct(ctx, { name: 'Caixa B', priceCents: 500 });
    const res = await send('POST', '/api/collection', {
      name: 'Arrumação da Casa',
      description: '<p>Para <strong>tudo</strong></p><script>alert(1)</script><img src=x onerror=alert(1)>',
      image_id: picture!.id,
      product_ids: [a.id, b.id],
      published: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<AdminCollection>();
    expect(created).toMatchObject({ name: 'Arrumação da Casa', slug: 'arrumacao-da-casa', sort: 'manual', published: true, productIds: [a.id, b.id], productCount: 2 });
    expect(created.description).toBe('<p>Para <strong>tudo</strong></p>');
    expect(created.image?.id).toBe(picture!.id);
    const [entry] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entity, 'collection'));
    expect(entry).toMatchObject({ action: 'create', entityId: String(created.id) });

    // Its page lists the products in the owner's order (manual), not by price.
    const page = await get<CollectionPage>('/api/collection/arrumacao-da-casa');
    expect(page.collection.name).toBe('Arrumação da Casa');
    expect(page.rows.map((p) => p.name)).toEqual(['Caixa A', 'Caixa B']);
    expect(page.count).toBe(2);
    // A sort asked for wins over the collection's own.
    expect((await get<CollectionPage>('/api/collection/arrumacao-da-casa?sortBy=price&order=asc')).rows.map((p) => p.name)).toEqual(['Caixa B', 'Caixa A']);
  });

  it('refuses a taken slug (409), a bad slug, a missing name, unknown products or picture (400), and changes nothing', async () => {
    const taken = await send('POST', '/api/collection', { name: 'Outra', slug: 'arrumacao-da-casa' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: collectionMessages.slugTaken, fields: { slug: collectionMessages.slugTaken } });
    const bad = await send('POST', '/api/collection', { name: 'Outra', slug: 'Com Espaços' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.slug).toBe(collectionMessages.slugInvalid);
    const nameless = await send('POST', '/api/collection', { name: '  ' });
    expect(nameless.json().fields.name).toBe(collectionMessages.nameRequired);
    const ghosts = await send('POST', '/api/collection', { name: 'Fantasmas', product_ids: [999_999] });
    expect(ghosts.statusCode).toBe(400);
    expect(ghosts.json().error).toBe(collectionMessages.productsNotFound);
    const noPicture = await send('POST', '/api/collection', { name: 'Sem foto', image_id: 999_999 });
    expect(noPicture.json().error).toBe(collectionMessages.imageNotFound);
    const all = await get<AdminCollection[]>('/api/collection', admin);
    expect(all.map((c) => c.slug)).toEqual(['arrumacao-da-casa']);
  });

  it('keeps unpublished collections out of the shop, and writes only for admins', async () => {
    const draft = (await send('POST', '/api/collection', { name: 'Natal', published: false })).json<AdminCollection>();
    expect((await get<Collection[]>('/api/collection')).map((c) => c.slug)).toEqual(['arrumacao-da-casa']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/collection/natal' })).statusCode).toBe(404);
    expect((await get<AdminCollection[]>('/api/collection', admin)).map((c) => c.slug).sort()).toEqual(['arrumacao-da-casa', 'natal']);
    const refused = await send('PUT', `/api/collection/${draft.id}`, { name: 'Natal', published: true }, customer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(messages.forbidden);

    const published = await send('PUT', `/api/collection/${draft.id}`, { name: 'Natal', slug: 'natal', published: true, sort: 'price_desc', on_home: true });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<AdminCollection>()).toMatchObject({ published: true, sort: 'price_desc', onHome: true });
    const shown = await get<Collection[]>('/api/collection');
    expect(shown.map((c) => [c.slug, c.onHome])).toEqual([
      ['arrumacao-da-casa', false],
      ['natal', true],
    ]);
    const sitemap = (await ctx.app.inject({ method: 'GET', url: '/api/seo/sitemap.xml' })).body;
    expect(sitemap).toContain('<loc>http://loja.test/colecoes/natal</loc>');
    expect(sitemap).toContain('<loc>http://loja.test/colecoes/arrumacao-da-casa</loc>');
  });

  it('moves the home page place to the last collection chosen for it', async () => {
    const [first] = await get<AdminCollection[]>('/api/collection', admin);
    const res = await send('PUT', `/api/collection/${first!.id}`, { name: first!.name, slug: first!.slug, published: true, on_home: true, product_ids: first!.productIds });
    expect(res.statusCode, res.body).toBe(200);
    const onHome = (await get<Collection[]>('/api/collection')).filter((c) => c.onHome).map((c) => c.slug);
    expect(onHome).toEqual(['arrumacao-da-casa']);
  });

  it('puts a product in collections from the product form, and shows them to the admin', async () => {
    const all = await get<AdminCollection[]>('/api/collection', admin);
    const ids = all.map((c) => c.id);
    const form = multipart({ name: 'Cesto de verga', description: 'Cesto', order: '1', price: '12,50', stock: '3', collectionIds: JSON.stringify(ids) });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/product', headers: { cookie: admin }, payload: form });
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json<Product>();
    expect(product.collectionIds).toEqual([...ids].sort((x, y) => x - y));
    // It joins each collection last in its manual order.
    const page = await get<CollectionPage>('/api/collection/arrumacao-da-casa');
    expect(page.rows.at(-1)?.name).toBe('Cesto de verga');
    // A shopper's answer does not name the collections.
    expect((await get<Product>(`/api/product/${product.id}`)).collectionIds).toBeUndefined();

    const unknown = multipart({ name: 'Cesto', description: 'Cesto', order: '1', price: '1', stock: '1', collectionIds: '[999999]' });
    const refused = await ctx.app.inject({ method: 'PUT', url: `/api/product/${product.id}`, headers: { cookie: admin }, payload: unknown });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(collectionMessages.collectionsNotFound);
    expect((await get<Product>(`/api/product/${product.id}`, admin)).name).toBe('Cesto de verga');

    const leave = multipart({ name: 'Cesto de verga', description: 'Cesto', order: '1', price: '12,50', stock: '3', collectionIds: '[]' });
    await ctx.app.inject({ method: 'PUT', url: `/api/product/${product.id}`, headers: { cookie: admin }, payload: leave });
    expect(await ctx.database.db.select().from(collectionProducts).where(eq(collectionProducts.productId, product.id))).toEqual([]);
  });

  it('deletes a collection (its products stay in the shop)', async () => {
    const natal = (await get<AdminCollection[]>('/api/collection', admin)).find((c) => c.slug === 'natal')!;
    const res = await send('DELETE', `/api/collection/${natal.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: collectionMessages.deleted });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/collection/natal' })).statusCode).toBe(404);
    expect((await send('DELETE', `/api/collection/${natal.id}`)).statusCode).toBe(404);
    expect((await get<{ count: number }>('/api/product?q=caixa')).count).toBeGreaterThanOrEqual(2);
  });
});

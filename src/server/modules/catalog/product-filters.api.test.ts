import { beforeAll, describe, expect, it } from 'vitest';
import { catalogMessages, type ProductList } from '#shared/schemas/catalog.ts';
import type { AdminCollection, CollectionPage } from '#shared/schemas/collections.ts';
import { signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';

const ctx = useTestApp();

const list = async <T = ProductList>(url: string): Promise<T> => {
  const res = await ctx.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const names = (answer: ProductList) => answer.rows.map((p) => p.name);

beforeAll(async () => {
  // Filtro is a word only these products have: prices 3 € .. 40 €, some sold out, one digital, one with variants.
  await insertProduct(ctx, { name: 'Filtro caixa 3', priceCents: 300, stock: 0 });
  await insertProduct(ctx, { name: 'Filtro caixa 5', priceCents: 500, stock: 4 });
  await insertProduct(ctx, { name: 'Filtro caixa 12,50', priceCents: 1250, stock: 2 });
  await insertProduct(ctx, { name: 'Filtro cesto 20', priceCents: 2000, stock: 0 });
  await insertProduct(ctx, { name: 'Filtro guia 9', priceCents: 900, stock: 0, isDigital: true, link: 'https://loja.example.pt/guia.pdf' });
  await insertProduct(ctx, {
    name: 'Filtro cabides 15',
    variants: [
      { name: 'Branco', priceCents: 1500, stock: 0 },
      { name: 'Preto', priceCents: 1700, stock: 0 },
    ],
  });
  await insertProduct(ctx, { name: 'Filtro mala 40', variants: [{ name: 'Única', priceCents: 4000, stock: 1 }] });
});

describe('the product list filters, with counts per choice', () => {
  it('puts the sold-out products last in every sort, unless filtering by availability', async () => {
    const available = ['Filtro caixa 5', 'Filtro guia 9', 'Filtro caixa 12,50', 'Filtro mala 40'];
    const soldOut = ['Filtro caixa 3', 'Filtro cabides 15', 'Filtro cesto 20'];
    expect(names(await list('/api/product?q=filtro&sortBy=price&order=asc'))).toEqual([...available, ...soldOut]);
    expect(names(await list('/api/product?q=filtro&sortBy=price&order=desc'))).toEqual([...[...available].reverse(), ...[...soldOut].reverse()]);
    const byName = names(await list('/api/product?q=filtro&sortBy=name&order=asc'));
    expect(byName.slice(0, 4).sort()).toEqual([...available].sort());
    expect(byName.slice(4)).toEqual(['Filtro cabides 15', 'Filtro caixa 3', 'Filtro cesto 20']);
    const byOrder = names(await list('/api/product?q=filtro&sortBy=order&order=asc'));
    expect(byOrder.slice(4).sort()).toEqual([...soldOut].sort());
    // Paged, the sold-out ones fill the last page.
    expect(names(await list('/api/product?q=filtro&pageSize=3&page=3'))).toEqual(['Filtro cesto 20']);
    // Asking for the sold-out ones lists them by the sort alone.
    expect(names(await list('/api/product?q=filtro&inStock=false'))).toEqual(soldOut);
  });

  it('filters by a price range typed Portuguese style, with a comma, bounds included', async () => {
    const answer = await list(`/api/product?q=filtro&minPrice=${encodeURIComponent('5')}&maxPrice=${encodeURIComponent('12,5')}`);
    expect(names(answer)).toEqual(['Filtro caixa 5', 'Filtro guia 9', 'Filtro caixa 12,50']);
    expect(answer.count).toBe(3);
    expect(names(await list('/api/product?q=filtro&minPrice=12%2C50&maxPrice=15'))).toEqual(['Filtro caixa 12,50', 'Filtro cabides 15']);
    expect(names(await list('/api/product?q=filtro&maxPrice=3.00'))).toEqual(['Filtro caixa 3']);
  });

  it('refuses a price that is not one, or a range upside down, with a pt-PT message', async () => {
    const junk = await ctx.app.inject({ method: 'GET', url: '/api/product?minPrice=doze' });
    expect(junk.statusCode).toBe(400);
    expect(junk.json().fields.minPrice).toBe(catalogMessages.minPriceInvalid);
    const upside = await ctx.app.inject({ method: 'GET', url: '/api/product?minPrice=20&maxPrice=10,5' });
    expect(upside.statusCode).toBe(400);
    expect(upside.json().fields.maxPrice).toBe(catalogMessages.priceRangeInverted);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/product?type=ambos' })).statusCode).toBe(400);
  });

  it('filters by availability and type, and counts each choice with the other filters kept', async () => {
    const inStock = await list('/api/product?q=filtro&inStock=true');
    expect(names(inStock)).toEqual(['Filtro caixa 5', 'Filtro guia 9', 'Filtro caixa 12,50', 'Filtro mala 40']);
    // The availability count ignores the availability filter itself; the type counts keep it.
    expect(inStock.facets).toMatchObject({ inStock: 4, type: { physical: 3, digital: 1 }, price: { min: 5, max: 40 } });

    const physical = await list('/api/product?q=filtro&type=physical');
    expect(physical.count).toBe(6);
    expect(physical.facets).toMatchObject({ inStock: 3, type: { physical: 6, digital: 1 } });

    const combined = await list('/api/product?q=filtro&type=physical&inStock=1&maxPrice=20');
    expect(names(combined)).toEqual(['Filtro caixa 5', 'Filtro caixa 12,50']);
    expect(combined.facets).toMatchObject({ inStock: 2, type: { physical: 2, digital: 1 }, price: { min: 5, max: 40 } });
    const nothing = await list('/api/product?q=filtro&minPrice=100');
    expect(nothing).toMatchObject({ rows: [], count: 0, facets: { inStock: 0, price: { min: 3, max: 40 } } });
  });

  it('filters by collection, counts the products of each collection, and filters a collection page the same way', async () => {
    const admin = (await signedInUser(ctx, { isAdmin: true })).cookie;
    const { rows } = await list('/api/product?q=filtro&pageSize=20');
    const ids = (...wanted: string[]) => wanted.map((name) => rows.find((p) => p.name === name)!.id);
    const create = async (name: string, productIds: number[]) => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/collection', headers: { cookie: admin }, payload: { name, product_ids: productIds, published: true } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<AdminCollection>();
    };
    await create('Caixas', ids('Filtro caixa 3', 'Filtro caixa 5', 'Filtro caixa 12,50'));
    await create('Prendas', ids('Filtro caixa 5', 'Filtro mala 40', 'Filtro guia 9'));

    const boxes = await list('/api/product?q=filtro&collection=caixas');
    expect(names(boxes)).toEqual(['Filtro caixa 5', 'Filtro caixa 12,50', 'Filtro caixa 3']);
    expect(boxes.facets?.collections).toEqual([
      { slug: 'caixas', name: 'Caixas', count: 3 },
      { slug: 'prendas', name: 'Prendas', count: 3 },
    ]);
    expect(boxes.facets).toMatchObject({ inStock: 2, type: { physical: 3, digital: 0 } });
    const cheapGifts = await list('/api/product?q=filtro&collection=prendas&maxPrice=10');
    expect(names(cheapGifts)).toEqual(['Filtro caixa 5', 'Filtro guia 9']);
    expect(cheapGifts.facets?.collections).toEqual([
      { slug: 'caixas', name: 'Caixas', count: 2 },
      { slug: 'prendas', name: 'Prendas', count: 2 },
    ]);

    // The collection's page: its own manual order, with the sold-out product last, and the same filters and counts.
    const page = await list<CollectionPage>('/api/collection/caixas');
    expect(names(page)).toEqual(['Filtro caixa 5', 'Filtro caixa 12,50', 'Filtro caixa 3']);
    const filtered = await list<CollectionPage>('/api/collection/caixas?inStock=1&minPrice=6');
    expect(names(filtered)).toEqual(['Filtro caixa 12,50']);
    expect(filtered.facets).toMatchObject({ inStock: 1, price: { min: 5, max: 12.5 } });
  });

  it('gives a list a new entity tag after a sale: a browser revalidating gets 200 and the stock left, not 304', async () => {
    const { cookie } = await signedInUser(ctx);
    const url = '/api/product?sortBy=price&order=asc';
    const first = await ctx.app.inject({ method: 'GET', url });
    const tag = first.headers.etag as string;
    const box = first.json<ProductList>().rows.find((p) => p.name === 'Filtro caixa 5')!;
    expect(box.stock).toBe(4);
    expect((await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': tag } })).statusCode).toBe(304);

    await placeOrder(ctx, [{ product_id: box.id, quantity: 1 }], { cookie });
    // At once in the process that sold, and after the announcement is heard.
    const soon = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': tag } });
    expect(soon.statusCode).toBe(200);
    expect(soon.headers.etag).not.toBe(tag);
    expect(soon.json<ProductList>().rows.find((p) => p.id === box.id)?.stock).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const later = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': tag } });
    expect(later.statusCode).toBe(200);
    expect(later.json<ProductList>().rows.find((p) => p.id === box.id)?.stock).toBe(3);
    // The collection pages showing it change tag too.
    const collectionTag = (await ctx.app.inject({ method: 'GET', url: '/api/collection/prendas' })).headers.etag as string;
    await placeOrder(ctx, [{ product_id: box.id, quantity: 1 }], { cookie });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const collection = await ctx.app.inject({ method: 'GET', url: '/api/collection/prendas', headers: { 'if-none-match': collectionTag } });
    expect(collection.statusCode).toBe(200);
    expect(collection.json<CollectionPage>().rows.find((p) => p.id === box.id)?.stock).toBe(2);
  });
});

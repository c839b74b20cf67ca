import { beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductList } from '#shared/schemas/catalog.ts';
import { searchMessages, type SuggestAnswer } from '#shared/schemas/search.ts';
import { signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { multipart, pngImage } from '../../../../tests/helpers/images.ts';
import { insertProduct } from '../../../../tests/helpers/shop.ts';
import { services } from '../services/tables.ts';

// Search as you type (issue #30, decision 0043): the header's suggestions match exactly as the product list's
// search does (every word, any order, accents and case folded) and answer its first results.

const ctx = useTestApp();

const suggest = async (q: string): Promise<SuggestAnswer> => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/search/suggest?q=${encodeURIComponent(q)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const names = (answer: SuggestAnswer) => answer.products.map((p) => p.name);

let pictured: Product;
beforeAll(async () => {
  await insertProduct(ctx, { name: 'Caixa de arrumação média', priceCents: 1250 });
  await insertProduct(ctx, { name: 'Cesto de algodão', priceCents: 1990 });
  await insertProduct(ctx, { name: 'Tampa para caixa', priceCents: 300 });
  await insertProduct(ctx, { name: 'Caixa arquivada', priceCents: 100, archivedAt: new Date() });
  // The cheapest box, sold out: last, as in the full search (issue #30), so not among the six.
  await insertProduct(ctx, { name: 'Caixa esgotada', priceCents: 50, stock: 0 });
  await insertProduct(ctx, { name: '100% linho', priceCents: 4000 });
  await insertProduct(ctx, { name: 'Planner digital', priceCents: 500, isDigital: true, link: 'https://example.pt/p.pdf' });
  await insertProduct(ctx, { name: 'Caixa empilhável', variants: [{ name: 'Pequena', priceCents: 890, stock: 0 }, { name: 'Grande', priceCents: 1490, stock: 2 }] });
  for (let i = 1; i <= 8; i++) await insertProduct(ctx, { name: `Caixa organizadora ${i}`, priceCents: 2000 + i });
  const { cookie } = await signedInUser(ctx, { isAdmin: true });
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/product',
    headers: { cookie },
    payload: multipart({ name: 'Caixa com fotografia', description: 'Com foto.', order: '1', price: '1,00', stock: '1', isDigital: 'false', hasVariants: 'false' }, [
      { field: 'images', name: 'foto.png', type: 'image/png', data: await pngImage() },
    ]),
  });
  expect(created.statusCode, created.body).toBe(201);
  pictured = created.json();
  await ctx.database.db.insert(services).values([
    { name: 'Sessão de organização do roupeiro', description: 'Em casa.', scheduleLink: 'https://example.pt/agenda', displayOrder: 2 },
    { name: 'Consultoria online', description: 'Por vídeo.', scheduleLink: 'https://example.pt/agenda', displayOrder: 1 },
  ]);
});

describe('GET /api/search/suggest', () => {
  it('ignores accents, case and word order, as the full search does', async () => {
    expect(names(await suggest('arrumacao'))).toEqual(['Caixa de arrumação média']);
    expect(names(await suggest('ARRUMAÇÃO'))).toEqual(['Caixa de arrumação média']);
    expect(names(await suggest('media caixa'))).toEqual(['Caixa de arrumação média']);
    expect(names(await suggest('algodao cesto'))).toEqual(['Cesto de algodão']);
    // `%` is a letter, not a wildcard; archived products are not suggested.
    expect(names(await suggest('100%'))).toEqual(['100% linho']);
    expect(names(await suggest('arquivada'))).toEqual([]);
  });

  it('suggests at most 6 products, the first results of the full search, with their picture, price and address', async () => {
    const answer = await suggest('caixa');
    expect(answer.products).toHaveLength(6);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/product?q=caixa&pageSize=6' });
    expect(answer.products.map((p) => p.id)).toEqual(list.json<ProductList>().rows.map((p) => p.id));
    // Names beginning with the word first ('Tampa para caixa' after them), then the cheapest.
    expect(names(answer).slice(0, 3)).toEqual(['Caixa com fotografia', 'Caixa empilhável', 'Caixa de arrumação média']);
    expect(answer.products[0]).toEqual({ id: pictured.id, name: 'Caixa com fotografia', price: 1, fromPrice: false, image: pictured.images[0]?.thumbnail, url: `/produtos/${pictured.id}` });
    expect(answer.products[1]).toMatchObject({ name: 'Caixa empilhável', price: 8.9, fromPrice: true, image: null });
    expect(names(answer)).not.toContain('Caixa esgotada');
    expect(answer.collections).toEqual([]);
  });

  it('suggests the published collections whose name matches, never an unpublished one', async () => {
    const { cookie } = await signedInUser(ctx, { isAdmin: true });
    for (const [name, published] of [['Caixas e cestos', true], ['Caixas de Natal', false]] as const) {
      const created = await ctx.app.inject({ method: 'POST', url: '/api/collection', headers: { cookie }, payload: { name, description: '', product_ids: [], sort: 'manual', published } });
      expect(created.statusCode, created.body).toBe(201);
    }
    const answer = await suggest('CAIXAS');
    expect(answer.collections).toEqual([{ slug: 'caixas-e-cestos', name: 'Caixas e cestos', url: '/colecoes/caixas-e-cestos' }]);
    expect((await suggest('cestos caixas')).collections.map((c) => c.name)).toEqual(['Caixas e cestos']);
  });

  it('suggests the services whose name matches, by the same rule', async () => {
    const answer = await suggest('roupeiro sessao');
    expect(answer.products).toEqual([]);
    expect(answer.services).toEqual([{ id: expect.any(Number), name: 'Sessão de organização do roupeiro', image: null, url: expect.stringMatching(/^\/servicos\/\d+$/) }]);
    expect((await suggest('ORGANIZAÇÃO')).services.map((s) => s.name)).toEqual(['Sessão de organização do roupeiro']);
    // A digital product is a product like another.
    expect(names(await suggest('planner'))).toEqual(['Planner digital']);
  });

  it('asks for at least two characters and at most 100, in pt-PT', async () => {
    for (const q of ['', 'a', '  c  ', 'x'.repeat(101)]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/search/suggest?q=${encodeURIComponent(q)}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().fields?.q, q).toBe(q.length > 100 ? searchMessages.tooLong : searchMessages.tooShort);
    }
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/search/suggest' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields?.q).toBe(searchMessages.tooShort);
  });
});

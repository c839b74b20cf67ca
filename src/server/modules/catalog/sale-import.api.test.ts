import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lisbonToday } from '#shared/dates.ts';
import type { Product } from '#shared/schemas/catalog.ts';
import type { ProductImportResult } from '#shared/schemas/exports.ts';
import { signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { multipart } from '../../../../tests/helpers/images.ts';
import { productPrices, productVariants } from './tables.ts';

// Decision 0048: a catalogue import does not carry sales, so re-importing a product keeps its variants' sales
// and price histories: each line is matched to its stored variant by SKU, else by name, and updated in place.

const ctx = useTestApp();
const HEADER = 'ID;Nome;Descrição;Tipo;Variante;SKU;Preço com IVA;Stock;Ordem;Link de acesso;Estado';
const csv = (...lines: string[]) => `\uFEFF${[HEADER, ...lines].join('\r\n')}\r\n`;
const DAY = 86_400_000;

async function importFile(cookie: string, file: string) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/product/import', headers: { cookie }, payload: { csv: file, dryRun: false } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductImportResult>();
}

/** A basket with two sizes, the large one on sale at 9,00 until the day after tomorrow. */
async function basketOnSale(cookie: string, name: string, variants: object[]) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/product',
    headers: { cookie },
    payload: multipart({ name, description: 'Vime entrançado.', order: '1', isDigital: 'false', hasVariants: 'true', variants: JSON.stringify(variants) }, []),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Product>().id;
}

const variantsOf = (id: number) => ctx.database.db.select().from(productVariants).where(eq(productVariants.productId, id)).orderBy(asc(productVariants.position));
/** The price history as the shop reads it (a save rewrites a scheduled sale's future rows, so their ids change). */
const historyOf = async (id: number) =>
  (await ctx.database.db.select().from(productPrices).where(eq(productPrices.productId, id)).orderBy(asc(productPrices.effectiveAt), asc(productPrices.id))).map(
    ({ id: _row, ...price }) => price,
  );
const shopperProduct = async (id: number) => (await ctx.app.inject({ method: 'GET', url: `/api/product/${id}` })).json<Product>();

describe('a re-imported product', () => {
  it("keeps its variant's sale and price history, read back from the export and with the variant renamed (same SKU)", async () => {
    const { cookie } = await signedInUser(ctx, { isAdmin: true });
    const lastDay = lisbonToday(new Date(Date.now() + 2 * DAY));
    const id = await basketOnSale(cookie, 'Cesto de vime', [
      { name: 'Pequeno', price: '10,00', stock: 3, sku: 'CV-P' },
      { name: 'Grande', price: '15,00', stock: 2, sku: 'CV-G', sale_price: '9,00', sale_ends_at: lastDay },
    ]);
    const [small, large] = await variantsOf(id);
    const history = await historyOf(id);
    expect(history.filter((r) => r.variantId === large?.id).map((r) => [r.priceCents, r.isSale])).toEqual([
      [900, true],
      [1500, false],
    ]);

    const exported = (await ctx.app.inject({ method: 'GET', url: '/api/product/export.csv', headers: { cookie } })).body;
    expect(await importFile(cookie, exported)).toMatchObject({ imported: true, updates: 1, creates: 0, problems: [] });
    expect(await variantsOf(id)).toEqual([small, large]);
    expect(await historyOf(id)).toEqual(history);

    // The large one renamed and restocked; its SKU says which row it is.
    const renamed = csv(`${id};Cesto de vime;Vime entrançado.;Físico;Pequeno;CV-P;10,00;3;1;;À venda`, `${id};Cesto de vime;Vime entrançado.;Físico;Grande (40 cm);CV-G;15,00;7;1;;À venda`);
    expect(await importFile(cookie, renamed)).toMatchObject({ imported: true, updates: 1, problems: [] });
    const [, largeAfter] = await variantsOf(id);
    expect(largeAfter).toMatchObject({ id: large?.id, name: 'Grande (40 cm)', stock: 7, priceCents: 1500, salePriceCents: 900, saleEndsAt: large?.saleEndsAt });
    expect(await historyOf(id)).toEqual(history);
    const shown = await shopperProduct(id);
    expect(shown.variants.map((v) => [v.name, v.price, v.regular_price, v.sale_price, v.lowest_price_30d])).toEqual([
      ['Pequeno', 10, 10, null, null],
      ['Grande (40 cm)', 9, 15, 9, 9],
    ]);
  });

  it('keeps two variants of one name as two rows, each with its own sale, matched by their SKUs', async () => {
    const { cookie } = await signedInUser(ctx, { isAdmin: true });
    const id = await basketOnSale(cookie, 'Cesto de junco', [
      { name: 'Natural', price: '12,00', stock: 4, sku: 'CJ-1', sale_price: '10,00' },
      { name: 'Natural', price: '14,00', stock: 5, sku: 'CJ-2', sale_price: '11,00' },
    ]);
    const before = await variantsOf(id);
    const history = await historyOf(id);
    const file = csv(`${id};Cesto de junco;Vime entrançado.;Físico;Natural;CJ-1;12,00;6;1;;À venda`, `${id};Cesto de junco;Vime entrançado.;Físico;Natural;CJ-2;14,00;8;1;;À venda`);
    expect(await importFile(cookie, file)).toMatchObject({ imported: true, updates: 1, problems: [] });
    const after = await variantsOf(id);
    expect(after.map((v) => [v.id, v.sku, v.stock, v.salePriceCents])).toEqual([
      [before[0]?.id, 'CJ-1', 6, 1000],
      [before[1]?.id, 'CJ-2', 8, 1100],
    ]);
    expect(await historyOf(id)).toEqual(history);
  });
});

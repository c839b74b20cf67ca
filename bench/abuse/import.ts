// Issue #26, "a product import holds the catalogue lock for its whole length": a 5,000-line product import
// (dry run, then real) while guests buy the last unit of other products, one after another; the figure
// is the longest a checkout took, and how much longer than a checkout alone. Then a refused import (the
// same file with one bad line at its end): the product ids it used up. The shop runs in this process on the engine of
// DATABASE_URL (a fresh database on that server), PGlite otherwise.
import { sql } from 'drizzle-orm';
import { checkoutAnswer } from '../../tests/helpers/checkout.ts';
import { type BenchShop, LIFTED_LIMITS, signedIn, startShop as startBenchShop } from './lib/app.ts';
import type { AbuseFigure, AbuseScenario } from './scenario.ts';

const LINES = 5_000;
const WAIT_BUDGET_MS = 1_000;
/** An import not answered by then is reported as such (the unfixed import on a busy machine), and the scenario stops. */
const GIVE_UP_MS = 60_000;
const HEADER = 'ID;Nome;Descrição;Tipo;Variante;SKU;Preço com IVA;Stock;Ordem;Link de acesso;Estado';

/** A file of `lines` new products (the export's columns), optionally ending in a line without a price. */
function importFile(lines: number, tag: string, broken = false): string {
  const rows = Array.from({ length: lines }, (_, i) => `;Caixa ${tag} n.º ${i + 1};Caixa de arrumação de cartão.;Físico;;;${(5 + (i % 20)).toString()},50;${(i % 9) + 1};0;;À venda`);
  if (broken) rows[rows.length - 1] = `;Caixa ${tag} sem preço;Falta o preço.;Físico;;;;1;0;;À venda`;
  return `${[HEADER, ...rows].join('\r\n')}\r\n`;
}

type Shop = BenchShop & { cookie: string };

/** The shop in process and its owner signed in. */
async function startShop(): Promise<Shop> {
  // Its checkouts all come from one address: the checkout limits and the cap on unpaid units are lifted.
  const shop = await startBenchShop(LIFTED_LIMITS);
  const { cookie } = await signedIn(shop, 'dona@loja.test', 'Bench-abuse-2026!', true);
  return { ...shop, cookie };
}

const rows = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** `count` products with one unit each: every checkout of one sells it out (the case that touches the catalogue's version). */
async function lastUnits(shop: Shop, count: number): Promise<number[]> {
  const result = await shop.database.db.execute(sql`
    INSERT INTO products (name, description, price_cents, stock, min_price_cents)
    SELECT 'Última unidade ' || n, 'Só resta uma.', 1000, 1, 1000 FROM generate_series(1, ${count}) AS n RETURNING id`);
  return rows<{ id: number }>(result).map((r) => r.id);
}

let guest = 0;
/** A guest buying the one unit of `productId`, from an address of its own; answers its status and time. */
async function checkout(shop: Shop, productId: number) {
  const items = [{ product_id: productId, quantity: 1 }];
  const n = ++guest;
  const remoteAddress = `10.26.${n >> 8}.${n & 255}`;
  const started = performance.now();
  const res = await checkoutAnswer(shop.app, items, { email: `maria.${n}@example.pt`, remoteAddress });
  return { status: res.statusCode, ms: performance.now() - started };
}

/** The import running while one guest after another buys another product's last unit; the longest checkout, and the import's own time. */
async function importUnderSales(shop: Shop, csv: string, dryRun: boolean, products: number[]) {
  const checkouts: { status: number; ms: number }[] = [];
  const started = performance.now();
  let done = false;
  const importing = shop.app
    .inject({ method: 'POST', url: '/api/product/import', headers: { cookie: shop.cookie }, payload: { csv, dryRun } })
    .finally(() => (done = true));
  while (!done && products.length && performance.now() - started < GIVE_UP_MS) checkouts.push(await checkout(shop, products.shift() as number));
  const longest = Math.max(0, ...checkouts.map((a) => a.ms));
  const failed = checkouts.filter((a) => a.status !== 201).map((a) => a.status);
  if (!done) return { status: 'no answer' as const, body: {}, importMs: performance.now() - started, checkouts: checkouts.length, longest, failed, pending: importing };
  const res = await importing;
  const body = res.json<{ imported?: boolean; creates?: number; problems?: unknown[]; error?: string }>();
  return { status: res.statusCode, body, importMs: performance.now() - started, checkouts: checkouts.length, longest, failed, pending: undefined };
}

const nextProductId = async (shop: Shop) =>
  Number(rows<{ next: string }>(await shop.database.db.execute(sql`SELECT last_value + CASE WHEN is_called THEN 1 ELSE 0 END AS next FROM products_id_seq`))[0]?.next);

export const scenarios: AbuseScenario[] = [
  {
    key: 'import',
    title: `checkouts of a last unit during a ${LINES.toLocaleString('en')}-line product import (dry run, real), and the ids a refused import uses up`,
    async run() {
      const shop = await startShop();
      try {
        const products = await lastUnits(shop, 2000);
        // Checkouts alone first: the wait behind the import is what a checkout takes beyond the slowest of these.
        const alone: number[] = [];
        for (let i = 0; i < 3; i++) alone.push((await checkout(shop, products.shift() as number)).ms);
        const own = Math.max(...alone);
        const figures: AbuseFigure[] = [{ figure: 'a checkout alone (slowest of 3)', value: `${Math.round(own)} ms` }];
        for (const dryRun of [true, false]) {
          const r = await importUnderSales(shop, importFile(LINES, dryRun ? 'A' : 'B'), dryRun, products);
          const label = dryRun ? 'dry run' : 'real import';
          const answered = r.status === 'no answer' ? `no answer in ${GIVE_UP_MS / 1000} s` : `${r.status} in ${(r.importMs / 1000).toFixed(1)} s (${r.body.creates ?? 0} to create${r.body.error ? `, «${r.body.error}»` : ''})`;
          figures.push(
            { figure: `${label}: import answer`, value: answered, holds: r.status === 200 && (dryRun || r.body.imported === true) },
            {
              figure: `${label}: longest checkout (${r.checkouts} one after another${r.failed.length ? `, answered ${r.failed.join(', ')}` : ''}), and its wait beyond one alone`,
              value: `${Math.round(r.longest)} ms, wait ${Math.max(0, Math.round(r.longest - own))} ms`,
              holds: r.longest - own <= WAIT_BUDGET_MS && r.failed.length === 0,
            },
          );
          if (r.pending) {
            await r.pending;
            return figures;
          }
        }
        const before = await nextProductId(shop);
        const refused = await shop.app.inject({ method: 'POST', url: '/api/product/import', headers: { cookie: shop.cookie }, payload: { csv: importFile(LINES, 'C', true), dryRun: false } });
        const used = (await nextProductId(shop)) - before;
        figures.push({ figure: `refused import (${refused.json<{ imported?: boolean }>().imported === false ? 'not imported' : refused.statusCode}): product ids used up`, value: used, holds: used === 0 });
        return figures;
      } finally {
        await shop.close();
      }
    },
  },
];

// Issue #26, "spreadsheet formulas in the accountant's files": a guest's name and a product's name and
// description written as formulas, then the orders and products exports read cell by cell as a spreadsheet
// would (after CSV unquoting, a cell starting with = + - @ tab or CR that is not a plain number is live).
import { eq } from 'drizzle-orm';
import { products } from '../../src/server/modules/catalog/tables.ts';
import { orders } from '../../src/server/modules/orders/tables.ts';
import { checkoutAnswer } from '../../tests/helpers/checkout.ts';
import { csvCells, HOSTILE_CELLS, isLiveCell, PLAIN_NUMBER } from '../../tests/helpers/spreadsheet.ts';
import type { AbuseScenario } from './scenario.ts';
import { signedIn, startShop, type BenchShop } from './lib/app.ts';

const CONTROL = /[\t\r]/;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A guest checkout of one unit; the hostile name goes through the API when it can, into the row when the API refuses its control character. */
async function guestOrder(shop: BenchShop, productId: number, name: string) {
  const items = [{ product_id: productId, quantity: 1 }];
  const res = await checkoutAnswer(shop.app, items, { fields: { name: CONTROL.test(name) ? 'Maria Silva' : name } });
  if (res.statusCode !== 201) throw new Error(`order refused: ${res.statusCode} ${res.body}`);
  const { id } = res.json<{ id: number }>();
  if (CONTROL.test(name)) await shop.database.db.update(orders).set({ shippingAddress: `${name}, Rua das Flores 10, Lisboa, 1100-200, Portugal` }).where(eq(orders.id, id));
}

/** A cell the attacker wrote (neutralised or not): it starts, once an added quote is taken away, like a formula. */
const isHostile = (cell: string) => isLiveCell(cell.replace(/^'/, ''));

async function exportsOf(shop: BenchShop, cookie: string): Promise<string[]> {
  const files = [`/api/order/export.csv?from=${day(-1)}&to=${day(1)}`, '/api/product/export.csv'];
  return Promise.all(files.map(async (url) => (await shop.app.inject({ method: 'GET', url, headers: { cookie } })).body));
}

export const scenarios: AbuseScenario[] = [
  {
    key: 'csv',
    title: 'live formulas in the orders and products exports, of the hostile cells written (16 hostile values)',
    run: async () => {
      const shop = await startShop();
      try {
        const { cookie } = await signedIn(shop, 'contabilista@loja.test', 'Abuse-bench-2026!', true);
        for (const value of HOSTILE_CELLS) {
          const [product] = await shop.database.db
            .insert(products)
            .values({ name: value, description: value, priceCents: 1250, minPriceCents: 1250, stock: 50 })
            .returning({ id: products.id });
          await guestOrder(shop, product?.id ?? 0, value);
        }
        const cells = (await exportsOf(shop, cookie)).flatMap((csv) => csvCells(csv).flat());
        const hostile = cells.filter(isHostile).length;
        const live = cells.filter(isLiveCell).length;
        const numbers = cells.filter((cell) => PLAIN_NUMBER.test(cell)).length;
        return [
          { figure: 'hostile cells written', value: hostile },
          { figure: 'live formulas in the exports', value: `${live} of ${hostile}`, holds: live === 0 },
          { figure: 'cells read as numbers', value: numbers },
        ];
      } finally {
        await shop.close();
      }
    },
  },
];

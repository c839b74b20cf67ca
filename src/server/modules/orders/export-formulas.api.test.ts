import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lisbonToday } from '#shared/dates.ts';
import { signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';
import { csvCells, HOSTILE_CELLS, isLiveCell, PLAIN_NUMBER } from '../../../../tests/helpers/spreadsheet.ts';
import { orders } from '../../db/schema.ts';

// Issue #26, "spreadsheet formulas in the accountant's files" (OWASP's CSV injection): what a guest or a
// product's name says is shown by the spreadsheet as text, never run; the shop's own numbers stay numbers.

const ctx = useTestApp();
const CONTROL = /[\t\r]/;

describe('the exports read as a spreadsheet would', () => {
  it('has no live formula among the 16 hostile values written into names, products and descriptions', async () => {
    const admin = await signedInUser(ctx, { isAdmin: true });
    for (const value of HOSTILE_CELLS) {
      const product = await insertProduct(ctx, { name: value, description: value, priceCents: 1250, stock: 5 });
      // The checkout refuses control characters: a tab or CR reaches the row only by another way in.
      const order = await placeOrder(ctx, [{ product_id: product.id, quantity: 1 }], { details: { name: CONTROL.test(value) ? 'Maria Silva' : value } });
      if (CONTROL.test(value)) await ctx.database.db.update(orders).set({ shippingAddress: `${value}, Rua das Flores 10, Lisboa, 1100-200, Portugal` }).where(eq(orders.id, order.id));
    }
    const today = lisbonToday();
    const files = await Promise.all(
      [`/api/order/export.csv?from=${today}&to=${today}`, '/api/product/export.csv'].map((url) => ctx.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } })),
    );
    expect(files.map((res) => res.statusCode)).toEqual([200, 200]);
    const [orderLines, productLines] = files.map((res) => csvCells(res.body)) as [string[][], string[][]];

    const cells = [...orderLines, ...productLines].flat();
    expect(cells.filter(isLiveCell)).toEqual([]);
    // Each value is there, shown whole behind OWASP's apostrophe (a customer's name as the export trims it): 16
    // customers and 16 products in the orders file, 16 names and 16 descriptions in the products file.
    const hostile = new Set<string>(HOSTILE_CELLS.flatMap((value) => [value, value.trim()]));
    expect(cells.filter((cell) => cell.startsWith("'") && hostile.has(cell.slice(1)))).toHaveLength(64);
    // The raw file quotes each neutralised cell too (OWASP's second step).
    expect(files[0]?.body).toContain(`"'${HOSTILE_CELLS[1]}"`);
    // The shop's numbers are untouched: quantities and amounts read as numbers.
    for (const line of orderLines.slice(1)) expect([line[0], line[14], line[15], line[17], line[20]].every((cell) => PLAIN_NUMBER.test(cell ?? ''))).toBe(true);
  }, 60_000); // 16 checkouts
});

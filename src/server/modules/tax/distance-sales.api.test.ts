import { eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { distanceLimitReached, distanceMessage } from '#shared/schemas/distance-sales.ts';
import type { Overview } from '#shared/schemas/overview.ts';
import { signedInUser, uniqueEmail, useTestApp } from '../../../../tests/helpers/app.ts';
import { insertProduct } from '../../../../tests/helpers/shop.ts';
import { orders } from '../orders/tables.ts';

// The EU distance-sales threshold (decision 0055): Portuguese VAT up to 10 000 € a year, then the shop sells abroad no more.

const ctx = useTestApp();
let admin: string;
beforeAll(async () => {
  admin = (await signedInUser(ctx, { isAdmin: true })).cookie;
});

const totals = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/order/calculate-totals', payload });
const overview = async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/overview', headers: { cookie: admin } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Overview;
};
const berlin = { name: 'Jonas Weber', address: 'Hauptstraße 5', city: 'Berlin', postal_code: '10115', country: 'DE', phone: '+49 30 1234567', payment_method: 'multibanco' };

async function checkout(items: object[], address: Record<string, string>) {
  const t = (await totals({ items, postal_code: address.postal_code, country: address.country })).json();
  return ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    payload: { items, ...address, email: uniqueEmail(), shipping_cost: t.shippingCost ?? 0, total_price_without_tax: t.totalPriceWithoutTax ?? 0, total_tax: t.totalTax ?? 0, total_price_with_tax: t.totalWithTax ?? 0 },
  });
}

describe('distance sales to other EU countries', () => {
  it('are measured on Resumo against 10 000 €, warned from 80 %, and refused once a sale would pass it, storing nothing', async () => {
    expect((await overview()).vat?.distance).toBeUndefined();
    const zone = await ctx.app.inject({ method: 'POST', url: '/api/shipping-zone', headers: { cookie: admin }, payload: { code: 'alemanha', name: 'Alemanha', countries: ['DE'] } });
    expect(zone.statusCode, zone.body).toBe(201);
    const method = await ctx.app.inject({ method: 'POST', url: '/api/shipping-method', headers: { cookie: admin }, payload: { zone: 'alemanha', name: 'DHL', kind: 'flat', price: '0', days_min: 4, days_max: 7 } });
    expect(method.statusCode, method.body).toBe(201);
    const year = new Date().getFullYear();
    expect((await overview()).vat?.distance).toMatchObject({ year, soldCents: 0, limitCents: 1_000_000, level: 'ok', message: null });

    // 4 000,00 € with VAT at 23 %: 3 252,03 € without it; two make 6 504,07 €, three 9 756,10 €, four pass 10 000 €.
    const p = await insertProduct(ctx, { priceCents: 400_000, stock: 20 });
    const one = [{ product_id: p.id, quantity: 1 }];
    const first = await checkout([{ product_id: p.id, quantity: 2 }], berlin);
    expect(first.statusCode, first.body).toBe(201);
    expect((await overview()).vat?.distance).toMatchObject({ soldCents: 650_407, level: 'ok' });
    // A Portuguese sale does not count.
    expect((await checkout(one, { ...berlin, city: 'Porto', postal_code: '4000-123', country: 'PT', phone: '912345678' })).statusCode).toBe(201);
    expect((await checkout(one, berlin)).statusCode).toBe(201);
    const near = (await overview()).vat?.distance;
    expect(near).toMatchObject({ soldCents: 975_610, level: 'near', message: distanceMessage('near', 975_610, 0, year) });

    const refusedTotals = await totals({ items: one, postal_code: '10115', country: 'DE' });
    expect(refusedTotals.statusCode).toBe(200);
    expect(refusedTotals.json()).toMatchObject({ shipping_methods: [], shipping_method_id: null, shipping_error: distanceLimitReached });
    const before = await ctx.database.db.select({ id: orders.id }).from(orders);
    const refused = await checkout(one, berlin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: distanceLimitReached, fields: { country: distanceLimitReached } });
    expect(await ctx.database.db.select({ id: orders.id }).from(orders)).toEqual(before);

    // At the limit (an order of the year brought to it) the meter says the destination's VAT and the OSS apply.
    const [abroad] = await ctx.database.db.select().from(orders).where(ne(orders.country, 'PT')).limit(1);
    await ctx.database.db.update(orders).set({ totalWithoutTaxCents: abroad!.totalWithoutTaxCents + (1_000_000 - 975_610) }).where(eq(orders.id, abroad!.id));
    const over = (await overview()).vat?.distance;
    expect(over).toMatchObject({ soldCents: 1_000_000, level: 'over' });
    expect(over?.message).toContain('balcão único (OSS)');
    expect(over?.message).toContain('IVA do país de destino');
  });
});

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderMessages } from '#shared/schemas/orders.ts';
import { shippingMessages, type ShippingMethod } from '#shared/schemas/shipping.ts';
import { type ShippingZoneAnswer, zoneMessages } from '#shared/schemas/zones.ts';
import { signedInUser, uniqueEmail, useTestApp } from '../../../../tests/helpers/app.ts';
import { insertProduct } from '../../../../tests/helpers/shop.ts';
import { orders } from '../orders/tables.ts';
import { shippingZones } from './tables.ts';

const ctx = useTestApp();
let admin: string;
beforeAll(async () => {
  admin = (await signedInUser(ctx, { isAdmin: true })).cookie;
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = admin) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const addZone = async (body: object) => {
  const res = await call('POST', '/api/shipping-zone', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ShippingZoneAnswer;
};
const addMethod = async (body: object) => {
  const res = await call('POST', '/api/shipping-method', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ShippingMethod;
};
const totals = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/order/calculate-totals', payload });
const madrid = { name: 'Lucía Pérez', address: 'Calle Mayor 1', city: 'Madrid', postal_code: '28013', country: 'ES', phone: '+34 612 345 678', payment_method: 'multibanco' };

/** A checkout as the page makes it: the totals for the address, then the order with them. */
async function checkout(items: object[], address: Record<string, string>, email = uniqueEmail()) {
  const t = (await totals({ items, postal_code: address.postal_code, country: address.country })).json();
  return ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    payload: { items, ...address, email, shipping_cost: t.shippingCost ?? 0, total_price_without_tax: t.totalPriceWithoutTax ?? 0, total_tax: t.totalTax ?? 0, total_price_with_tax: t.totalWithTax ?? 0 },
  });
}

describe('shipping zones the owner adds', () => {
  it('are created, changed and deleted by admins only, refused in Portuguese, and audited', async () => {
    const customer = (await signedInUser(ctx)).cookie;
    expect((await call('POST', '/api/shipping-zone', { code: 'x', name: 'X', countries: ['FR'] }, customer)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/shipping-zone' })).statusCode).toBe(401);

    const bad = await call('POST', '/api/shipping-zone', { code: 'continente', name: '', countries: ['PT', 'US'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ code: zoneMessages.codeBuiltIn, name: zoneMessages.name });
    expect(Object.values(bad.json().fields as object).join(' ')).toContain('Portugal não entra numa zona');
    const usa = await call('POST', '/api/shipping-zone', { code: 'eua', name: 'EUA', countries: ['US'] });
    expect(usa.json().fields.countries).toBe(zoneMessages.countryUnknown.replace('{code}', 'US'));

    const benelux = await addZone({ code: 'benelux', name: 'Benelux', countries: ['nl', 'BE', 'LU'] });
    expect(benelux).toMatchObject({ code: 'benelux', name: 'Benelux', countries: ['BE', 'LU', 'NL'], methods: 0 });
    const taken = await call('POST', '/api/shipping-zone', { code: 'paises-baixos', name: 'Países Baixos', countries: ['NL'] });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe('Países Baixos já pertence à zona «Benelux».');
    const sameCode = await call('POST', '/api/shipping-zone', { code: 'benelux', name: 'Outra', countries: ['AT'] });
    expect(sameCode.statusCode).toBe(409);
    expect(sameCode.json().message).toBe(zoneMessages.codeTaken);
    expect(await ctx.database.db.select().from(shippingZones)).toHaveLength(1);

    // A method in it, exactly as in Portugal's zones; a zone that does not exist is refused.
    const flat = await addMethod({ zone: 'benelux', name: 'PostNL', kind: 'flat', price: '14,00', days_min: 3, days_max: 6 });
    const unknown = await call('POST', '/api/shipping-method', { zone: 'marte', name: 'Foguete', kind: 'flat', price: 1, days_min: 1, days_max: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ zone: zoneMessages.unknownZone });

    const inUse = await call('DELETE', `/api/shipping-zone/${benelux.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(zoneMessages.inUse.replace('{count}', '1'));

    // A new code takes its methods along.
    const renamed = await call('PUT', `/api/shipping-zone/${benelux.id}`, { code: 'beneluxe', name: 'Benelux', countries: ['BE', 'NL'] });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ code: 'beneluxe', countries: ['BE', 'NL'], methods: 1 });
    const methods = (await call('GET', '/api/shipping-method')).json().methods as ShippingMethod[];
    expect(methods.find((m) => m.id === flat.id)?.zone).toBe('beneluxe');

    expect((await call('DELETE', `/api/shipping-method/${flat.id}`)).statusCode).toBe(200);
    const gone = await call('DELETE', `/api/shipping-zone/${benelux.id}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().message).toBe(zoneMessages.deleted);
    expect((await call('DELETE', `/api/shipping-zone/${benelux.id}`)).statusCode).toBe(404);

    const audit = await call('GET', `/api/audit?entity=shipping-zone&entityId=${benelux.id}`);
    expect(audit.statusCode, audit.body).toBe(200);
    expect((audit.json().rows as { action: string }[]).map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('give a country to one of two zones created at once, never both', async () => {
    const [a, b] = await Promise.all([
      call('POST', '/api/shipping-zone', { code: 'sul', name: 'Sul', countries: ['MT', 'CY'] }),
      call('POST', '/api/shipping-zone', { code: 'ilhas', name: 'Ilhas', countries: ['CY'] }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    const holders = (await ctx.database.db.select().from(shippingZones)).filter((z) => z.countries.includes('CY'));
    expect(holders).toHaveLength(1);
    for (const z of await ctx.database.db.select().from(shippingZones)) expect((await call('DELETE', `/api/shipping-zone/${z.id}`)).statusCode).toBe(200);
  });

  it('price a Spanish address by the Spain zone\'s method; a Portuguese one is priced as before', async () => {
    await addZone({ code: 'espanha', name: 'Espanha', countries: ['ES'] });
    const spain = await addMethod({ zone: 'espanha', name: 'Correos', kind: 'flat', price: '12,50', days_min: 3, days_max: 5 });
    // The public offer names the zone, for the terms.
    const offer = await ctx.app.inject({ method: 'GET', url: '/api/shipping-method/offer' });
    expect(offer.json().zones).toEqual([{ code: 'espanha', name: 'Espanha', countries: ['ES'] }]);
    expect(offer.json().methods.map((m: ShippingMethod) => m.zone)).toContain('espanha');
    const p = await insertProduct(ctx, { priceCents: 2000 });
    const items = [{ product_id: p.id, quantity: 1 }];

    const es = await totals({ items, postal_code: '28013', country: 'ES' });
    expect(es.statusCode, es.body).toBe(200);
    expect(es.json()).toMatchObject({ shipping_zone: 'espanha', shipping_zone_name: 'Espanha', shipping_method_id: spain.id, shippingCost: 12.5, totalWithTax: 32.5, shipping_error: null });
    expect(es.json().shipping_methods).toEqual([expect.objectContaining({ id: spain.id, name: 'Correos', price: 12.5 })]);
    const pt = await totals({ items, postal_code: '1000-001' });
    expect(pt.json()).toMatchObject({ shipping_zone: 'continente', shippingCost: 6, totalWithTax: 26 });
    expect(pt.json().shipping_methods.map((m: { id: number }) => m.id)).not.toContain(spain.id);

    const placed = await checkout(items, madrid);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ country: 'ES', country_name: 'Espanha', shipping_cost: 12.5, phone: '+34612345678', shipping_address: 'Lucía Pérez, Calle Mayor 1, Madrid, 28013, Espanha' });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, placed.json().id));
    expect(row).toMatchObject({ country: 'ES', shippingZone: 'espanha', shippingMethodId: spain.id, shippingCents: 1250 });

    // A Spanish postcode is five digits; a Spanish address cannot take a Portuguese method.
    const wrongCode = await checkout(items, { ...madrid, postal_code: '2801-300' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().fields.postal_code).toBe('O código postal espanhol tem 5 algarismos (por exemplo 28013).');
    const canarias = await totals({ items, postal_code: '35001', country: 'ES' });
    expect(canarias.statusCode).toBe(400);
    expect(canarias.json().fields.postal_code).toBe(orderMessages.outsideVatTerritory);
    const mainland = (await totals({ items, postal_code: '1000-001' })).json().shipping_method_id as number;
    const t = (await totals({ items, postal_code: '28013', country: 'ES' })).json();
    const ptMethod = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: { items, ...madrid, email: uniqueEmail(), shipping_method_id: mainland, shipping_cost: t.shippingCost, total_price_without_tax: t.totalPriceWithoutTax, total_tax: t.totalTax, total_price_with_tax: t.totalWithTax },
    });
    expect(ptMethod.statusCode).toBe(400);
    expect(ptMethod.json().fields).toEqual({ shipping_method_id: shippingMessages.methodRefused });
  });

  it('refuse a country no zone serves, in calculate-totals and in the order, storing nothing', async () => {
    const p = await insertProduct(ctx, { priceCents: 3000 });
    const items = [{ product_id: p.id, quantity: 1 }];
    const message = orderMessages.notServed.replace('{country}', 'Itália');
    const italy = await totals({ items, postal_code: '00184', country: 'IT' });
    expect(italy.statusCode, italy.body).toBe(200);
    expect(italy.json()).toMatchObject({ shipping_methods: [], shipping_method_id: null, shipping_error: message, shippingCost: 0 });

    const before = await ctx.database.db.select({ id: orders.id }).from(orders);
    const rome = { ...madrid, city: 'Roma', postal_code: '00184', country: 'IT', phone: '+39 06 1234567' };
    const refused = await checkout(items, rome);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message, fields: { country: message } });
    const notEu = await checkout(items, { ...rome, country: 'US' });
    expect(notEu.statusCode).toBe(400);
    expect(notEu.json().message).toBe(orderMessages.notServed.replace('{country}', 'US'));
    const unreadable = await checkout(items, { ...rome, country: 'Itália' });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().fields.country).toBe(orderMessages.country);
    expect(await ctx.database.db.select({ id: orders.id }).from(orders)).toEqual(before);
  });

  it('take a request without country as Portugal, as the spec\'s calls send it', async () => {
    const p = await insertProduct(ctx, { priceCents: 2000 });
    const items = [{ product_id: p.id, quantity: 1 }];
    const address = { name: 'Ana Melo', address: 'Rua do Mar 3', city: 'Porto', postal_code: '4000-123', phone: '912 345 678', payment_method: 'multibanco' };
    const placed = await checkout(items, address);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ country: 'PT', country_name: 'Portugal', phone: '912345678', shipping_cost: 6, shipping_address: 'Ana Melo, Rua do Mar 3, Porto, 4000-123, Portugal' });
    const foreignPhone = await checkout(items, { ...address, phone: '612345678', country: 'Portugal' });
    expect(foreignPhone.statusCode).toBe(400);
    expect(foreignPhone.json().fields.phone).toBe(orderMessages.phoneInvalid);
  });
});

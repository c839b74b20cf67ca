import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '#shared/schemas/orders.ts';
import { shippingMessages, type ShippingMethod } from '#shared/schemas/shipping.ts';
import { deliverMail, signedInUser, uniqueEmail, useTestApp } from '../../../../tests/helpers/app.ts';
import { insertProduct } from '../../../../tests/helpers/shop.ts';
import { orders } from '../orders/tables.ts';
import { shippingMethods } from './tables.ts';

const ctx = useTestApp();
let admin: string;
beforeAll(async () => {
  admin = (await signedInUser(ctx, { isAdmin: true })).cookie;
});

const address = { name: 'Ana Melo', phone: '912345678', address: 'Rua do Mar 3', city: 'Cidade', country: 'Portugal', payment_method: 'multibanco' };

const totals = (items: object[], extra: object = {}) => ctx.app.inject({ method: 'POST', url: '/api/order/calculate-totals', payload: { items, ...extra } });

/** A checkout as the shop's page makes it: the totals for the postcode and method, then the order with them. */
async function checkout(items: object[], postalCode: string, methodId?: number, email = uniqueEmail()) {
  const t = (await totals(items, { postal_code: postalCode, ...(methodId ? { shipping_method_id: methodId } : {}) })).json();
  return ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    payload: {
      items,
      ...address,
      email,
      postal_code: postalCode,
      ...(methodId ? { shipping_method_id: methodId } : {}),
      shipping_cost: t.shippingCost ?? 0,
      total_price_without_tax: t.totalPriceWithoutTax ?? 0,
      total_tax: t.totalTax ?? 0,
      total_price_with_tax: t.totalWithTax ?? 0,
    },
  });
}

const createMethod = (body: object, cookie = admin) => ctx.app.inject({ method: 'POST', url: '/api/shipping-method', headers: { cookie }, payload: body });
const method = async (body: object) => {
  const res = await createMethod(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ShippingMethod;
};
const remove = (id: number) => ctx.app.inject({ method: 'DELETE', url: `/api/shipping-method/${id}`, headers: { cookie: admin } });

describe('a fresh shop', () => {
  it('has today\'s rule as the mainland\'s home delivery and an island price for Madeira and the Azores', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: '/api/shipping-method', headers: { cookie: admin } });
    expect(list.statusCode).toBe(200);
    expect(list.json().methods).toMatchObject([
      { zone: 'acores', kind: 'flat', price: 11.9, free_above: null, active: true },
      { zone: 'continente', name: 'Entrega em casa (CTT)', kind: 'flat', price: 6, free_above: 70, days_min: 2, days_max: 2 },
      { zone: 'madeira', kind: 'flat', price: 9.9, free_above: null },
    ]);
  });

  it('prices each zone from the postcode\'s first four digits, at CTT\'s edges and in Porto Santo', async () => {
    const p = await insertProduct(ctx, { priceCents: 2000 });
    const items = [{ product_id: p.id, quantity: 1 }];
    const cases: [string, string, number][] = [
      ['8999-999', 'continente', 6],
      ['9000-000', 'madeira', 9.9],
      ['9400-100', 'madeira', 9.9], // Porto Santo
      ['9499-999', 'madeira', 9.9],
      ['9500-000', 'acores', 11.9],
      ['9900-037', 'acores', 11.9],
      ['1000-001', 'continente', 6],
    ];
    for (const [postalCode, zone, cost] of cases) {
      const res = await totals(items, { postal_code: postalCode });
      expect(res.statusCode, postalCode).toBe(200);
      expect(res.json(), postalCode).toMatchObject({ shipping_zone: zone, shippingCost: cost, totalWithTax: 20 + cost });
      expect(res.json().shipping_methods, postalCode).toHaveLength(1);
    }
    // No postcode: the spec's call as before (the mainland's rule, no shipping fields).
    const plain = (await totals(items)).json();
    expect(plain.shippingCost).toBe(6);
    expect(plain).not.toHaveProperty('shipping_methods');
  });

  it('an Azores order pays and keeps the island price, its zone and its method', async () => {
    const p = await insertProduct(ctx, { priceCents: 8000 });
    const res = await checkout([{ product_id: p.id, quantity: 1 }], '9500-123');
    expect(res.statusCode, res.body).toBe(201);
    const order: Order = res.json();
    // 80,00 € is past the mainland's 70,00 €, but the Azores method is never free.
    expect(order).toMatchObject({ shipping_cost: 11.9, total_price_with_tax: 91.9, shipping: { method: { name: 'Entrega em casa (CTT)', zone: 'acores', pickup: false } } });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ shippingZone: 'acores', shippingCents: 1190, shippingKind: 'flat' });
  });
});

describe('the owner\'s methods', () => {
  it('value bands, weight bands and a free threshold per zone give the charge', async () => {
    const [madeiraHome] = await ctx.database.db.select().from(shippingMethods).where(eq(shippingMethods.zone, 'madeira'));
    await ctx.database.db.update(shippingMethods).set({ active: false }).where(eq(shippingMethods.id, madeiraHome!.id));
    const byValue = await method({ zone: 'madeira', name: 'Correio registado', kind: 'value_bands', bands: [{ up_to: 30, price: 5 }, { up_to: '60,00', price: 8 }, { up_to: null, price: 12 }], free_above: 100, days_min: 3, days_max: 7 });
    const light = await insertProduct(ctx, { priceCents: 2500, weightGrams: 400 });
    const heavy = await insertProduct(ctx, { priceCents: 2500, weightGrams: 3000 });
    const cost = async (items: object[], postalCode = '9000-100') => (await totals(items, { postal_code: postalCode })).json().shippingCost;
    expect(await cost([{ product_id: light.id, quantity: 1 }])).toBe(5); // 25,00 €: up to 30
    expect(await cost([{ product_id: light.id, quantity: 2 }])).toBe(8); // 50,00 €: up to 60
    expect(await cost([{ product_id: light.id, quantity: 3 }])).toBe(12); // 75,00 €: and above
    expect(await cost([{ product_id: light.id, quantity: 4 }])).toBe(0); // 100,00 €: free from 100,00 € in Madeira
    // On the mainland the same 75,00 € basket is free (its own threshold, 70,00 €).
    expect(await cost([{ product_id: light.id, quantity: 3 }], '4000-001')).toBe(0);
    await remove(byValue.id);

    const byWeight = await method({ zone: 'madeira', name: 'Por peso', kind: 'weight_bands', bands: [{ up_to: 1000, price: 6 }, { up_to: 5000, price: 14 }], days_min: 3, days_max: 7 });
    expect(await cost([{ product_id: light.id, quantity: 2 }])).toBe(6); // 800 g
    expect(await cost([{ product_id: heavy.id, quantity: 1 }, { product_id: light.id, quantity: 1 }])).toBe(14); // 3,4 kg
    // 6 kg: past the last band, no method of Madeira takes it; the order is refused, nothing stored.
    const tooHeavy = await totals([{ product_id: heavy.id, quantity: 2 }], { postal_code: '9000-100' });
    expect(tooHeavy.json()).toMatchObject({ shipping_methods: [], shipping_method_id: null });
    const refused = await checkout([{ product_id: heavy.id, quantity: 2 }], '9000-100');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: shippingMessages.noMethod, fields: { shipping_method_id: shippingMessages.noMethod } });
    await remove(byWeight.id);
    await ctx.database.db.update(shippingMethods).set({ active: true }).where(eq(shippingMethods.id, madeiraHome!.id));
  });

  it('pickup at the atelier is free, chosen only by the customer, and its order gets "Pronta a levantar"', async () => {
    const pickup = await method({ zone: 'continente', name: 'Levantar no ateliê', kind: 'pickup', days_min: 1, days_max: 2, pickup_address: 'Rua do Ateliê 5, Porto', pickup_hours: 'dias úteis, 10h-18h' });
    const p = await insertProduct(ctx, { priceCents: 1500 });
    const items = [{ product_id: p.id, quantity: 1 }];
    const offered = (await totals(items, { postal_code: '4000-001' })).json();
    // The cheapest door delivery is the default; the pickup is offered beside it, free.
    expect(offered.shippingCost).toBe(6);
    expect(offered.shipping_methods).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: pickup.id, price: 0, free: true, pickup: true, pickup_details: 'Rua do Ateliê 5, Porto (dias úteis, 10h-18h)' })]),
    );
    const email = uniqueEmail('levanta');
    const res = await checkout(items, '4000-001', pickup.id, email);
    expect(res.statusCode, res.body).toBe(201);
    const order: Order = res.json();
    expect(order).toMatchObject({ shipping_cost: 0, total_price_with_tax: 15, shipping: { method: { id: pickup.id, pickup: true } } });

    // A Madeira address cannot pick up in Porto: 400, and no order.
    const before = (await ctx.database.db.select().from(orders)).length;
    const far = await checkout(items, '9000-100', pickup.id);
    expect(far.statusCode).toBe(400);
    expect(far.json()).toMatchObject({ error: shippingMessages.methodRefused, fields: { shipping_method_id: shippingMessages.methodRefused } });
    expect((await ctx.database.db.select().from(orders)).length).toBe(before);

    const step = await ctx.app.inject({ method: 'PATCH', url: `/api/order/${order.id}/status`, headers: { cookie: admin }, payload: { status: 'processing' } });
    expect(step.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'PATCH', url: `/api/order/${order.id}/status`, headers: { cookie: admin }, payload: { status: 'shipped' } })).statusCode).toBe(200);
    await deliverMail(ctx);
    const mails = ctx.mailbox.to(email);
    expect(mails.map((m) => m.subject)).toContain(`Encomenda n.º ${order.id}: Pronta a levantar`);
    expect(mails.map((m) => m.subject)).not.toContain(`Encomenda n.º ${order.id}: Enviada`);
    expect(mails.find((m) => m.subject?.endsWith('Pronta a levantar'))?.text).toContain('Rua do Ateliê 5, Porto (dias úteis, 10h-18h)');
    await remove(pickup.id);
  });

  it('are created, changed and deleted by admins only, validated in Portuguese, and audited', async () => {
    const customer = (await signedInUser(ctx)).cookie;
    const body = { zone: 'acores', name: 'Expresso', kind: 'flat', price: '14,50', days_min: 2, days_max: 4 };
    expect((await createMethod(body, customer)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/shipping-method', payload: body })).statusCode).toBe(401);

    const bad = await createMethod({ zone: 'Zona 1!', name: '', kind: 'value_bands', bands: [{ up_to: 50, price: 5 }, { up_to: 20, price: 3 }], days_min: 5, days_max: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ zone: shippingMessages.zone, name: shippingMessages.name, 'bands.1.up_to': shippingMessages.bands, days_max: shippingMessages.daysOrder });
    const noPickupAddress = await createMethod({ zone: 'continente', name: 'Ateliê', kind: 'pickup', days_min: 0, days_max: 1 });
    expect(noPickupAddress.json().fields).toMatchObject({ pickup_address: shippingMessages.pickupAddress, pickup_hours: shippingMessages.pickupHours });
    const countBefore = (await ctx.database.db.select().from(shippingMethods)).length;
    expect((await createMethod({ ...body, price: 'catorze' })).json().fields).toMatchObject({ price: shippingMessages.price });
    expect((await ctx.database.db.select().from(shippingMethods)).length).toBe(countBefore);

    const created = await method(body);
    expect(created).toMatchObject({ zone: 'acores', price: 14.5, free_above: null, active: true });
    const put = await ctx.app.inject({ method: 'PUT', url: `/api/shipping-method/${created.id}`, headers: { cookie: admin }, payload: { ...body, price: 13, free_above: 150, active: false } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ price: 13, free_above: 150, active: false });
    // An inactive method is not offered.
    const p = await insertProduct(ctx);
    expect((await totals([{ product_id: p.id, quantity: 1 }], { postal_code: '9500-000' })).json().shipping_methods.map((m: { id: number }) => m.id)).not.toContain(created.id);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/shipping-method/999999', headers: { cookie: admin }, payload: body })).statusCode).toBe(404);
    const del = await remove(created.id);
    expect(del.json()).toEqual({ message: shippingMessages.deleted });
    expect((await remove(created.id)).statusCode).toBe(404);

    const audit = await ctx.app.inject({ method: 'GET', url: `/api/audit?entity=shipping-method&entityId=${created.id}`, headers: { cookie: admin } });
    expect(audit.statusCode, audit.body).toBe(200);
    const actions = (audit.json().rows as { action: string }[]).map((e) => e.action).sort();
    expect(actions).toEqual(['create', 'delete', 'update']);
  });
});

describe('tracking', () => {
  it('the shipped step takes a carrier and a number; the mail and the order page show them with the carrier\'s link', async () => {
    const p = await insertProduct(ctx, { priceCents: 3000 });
    const email = uniqueEmail('segue');
    const placed: Order = (await checkout([{ product_id: p.id, quantity: 1 }], '1100-200', undefined, email)).json();
    const bad = await ctx.app.inject({ method: 'PATCH', url: `/api/order/${placed.id}/status`, headers: { cookie: admin }, payload: { status: 'processing', tracking_carrier: 'ups' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ tracking_carrier: shippingMessages.carrier });
    await ctx.app.inject({ method: 'PATCH', url: `/api/order/${placed.id}/status`, headers: { cookie: admin }, payload: { status: 'processing' } });
    const shipped = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/order/${placed.id}/status`,
      headers: { cookie: admin },
      payload: { status: 'shipped', tracking_carrier: 'ctt', tracking_number: 'DW123456789PT' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const link = 'https://appserver.ctt.pt/CustomerArea/PublicArea_Detail?ObjectCodeInput=DW123456789PT&SearchInput=DW123456789PT&IsFromPublicArea=true';
    expect(shipped.json().shipping.tracking).toEqual({ carrier: 'ctt', carrier_label: 'CTT', number: 'DW123456789PT', url: link });
    await deliverMail(ctx);
    const mail = ctx.mailbox.to(email).find((m) => m.subject === `Encomenda n.º ${placed.id}: Enviada`);
    expect(mail?.text).toContain('Transportadora: CTT. Número de seguimento: DW123456789PT.');
    expect(mail?.text).toContain(link);
    // The guest's page (with the token of her checkout) shows it too.
    const page = await ctx.app.inject({ method: 'GET', url: `/api/order/${placed.id}?token=${placed.accessToken}` });
    expect(page.json().shipping.tracking.url).toBe(link);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row).toMatchObject({ trackingCarrier: 'ctt', trackingNumber: 'DW123456789PT' });
  });

  it("the order form keeps the parcel when it does not send it, and clears it when it sends null", async () => {
    const p = await insertProduct(ctx, { priceCents: 3000 });
    const placed: Order = (await checkout([{ product_id: p.id, quantity: 1 }], '1100-200', undefined, uniqueEmail('limpa'))).json();
    await ctx.app.inject({ method: 'PATCH', url: `/api/order/${placed.id}/status`, headers: { cookie: admin }, payload: { status: 'processing' } });
    await ctx.app.inject({ method: 'PATCH', url: `/api/order/${placed.id}/status`, headers: { cookie: admin }, payload: { status: 'shipped', tracking_carrier: 'dpd', tracking_number: '09876543210' } });
    const body = { user_id: null, payment_method: placed.payment_method, shipping_address: placed.shipping_address, phone: placed.phone, status: 'shipped', items: [{ product_id: p.id, quantity: 1 }] };
    const parcelOf = async () => (await ctx.database.db.select({ carrier: orders.trackingCarrier, number: orders.trackingNumber }).from(orders).where(eq(orders.id, placed.id)))[0];

    const kept = await ctx.app.inject({ method: 'PUT', url: `/api/order/${placed.id}`, headers: { cookie: admin }, payload: body });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await parcelOf()).toEqual({ carrier: 'dpd', number: '09876543210' });

    const cleared = await ctx.app.inject({ method: 'PUT', url: `/api/order/${placed.id}`, headers: { cookie: admin }, payload: { ...body, tracking_carrier: null, tracking_number: null } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().shipping.tracking).toBeNull();
    expect(await parcelOf()).toEqual({ carrier: null, number: null });
  });
});

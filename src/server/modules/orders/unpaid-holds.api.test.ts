import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order } from '#shared/schemas/orders.ts';
import { fill } from '#shared/messages.ts';
import { unpaidHoldMessages, type UnpaidHoldList } from '#shared/schemas/unpaid-holds.ts';
import type { AuditPage } from '#shared/schemas/audit.ts';
import { signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { ifthenpayEnv, useFakeIfthenpay } from '../../../../tests/helpers/fake-ifthenpay.ts';
import { insertProduct, shippingDetails } from '../../../../tests/helpers/shop.ts';
import { loadConfig } from '../../config.ts';
import { jobs } from '../../db/schema.ts';
import { products } from '../catalog/tables.ts';
import { expiryDaysUntil, referenceDeadline } from '../payments/lisbon-days.ts';
import { payments } from '../payments/tables.ts';
import { orders } from './tables.ts';

// Stock held hostage (#26, decision record 0030): an unpaid order holds its stock for its payment method's
// time at most, one e-mail or address holds a capped number of units, and the owner releases them at once.

const fake = useFakeIfthenpay();
const ctx = useTestApp(() => ({ ...ifthenpayEnv(fake), UNPAID_UNITS_PER_EMAIL: '6', UNPAID_UNITS_PER_ADDRESS: '10' }));

const HOUR = 3600_000;
let client = 0;
/** A client address of its own for each test, so the per-address cap of one test never reaches another. */
const newClient = () => `198.51.100.${++client}`;

async function checkout(items: { product_id: number; quantity: number }[], options: { email: string; from: string; method?: 'multibanco' | 'mbway' }) {
  const totals = (await ctx.app.inject({ method: 'POST', url: '/api/order/calculate-totals', payload: { items } })).json();
  return ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    remoteAddress: options.from,
    payload: {
      items,
      ...shippingDetails,
      email: options.email,
      payment_method: options.method ?? 'multibanco',
      shipping_cost: totals.shippingCost,
      total_price_without_tax: totals.totalPriceWithoutTax,
      total_tax: totals.totalTax,
      total_price_with_tax: totals.totalWithTax,
    },
  });
}

async function placed(...args: Parameters<typeof checkout>) {
  const res = await checkout(...args);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order & { accessToken: string }>();
}

const stockOf = async (id: number) => (await ctx.database.db.select().from(products).where(eq(products.id, id)))[0]?.stock;
const orderRow = async (id: number) => (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const cancelJobAt = async (orderId: number) => {
  const rows = await ctx.database.db.select().from(jobs).where(and(eq(jobs.type, 'payment.cancel-unpaid'), sql`(payload->>'orderId')::int = ${orderId}`));
  return Math.min(...rows.map((j) => j.runAt.getTime()));
};

/** Time passes to the order's hold, as the payment tests move it: what was due by then is due now, and runs. */
async function passHold(orderId: number, hold: Date) {
  const past = new Date(Date.now() - 1000);
  await ctx.database.db.update(orders).set({ stockHeldUntil: past }).where(eq(orders.id, orderId));
  await ctx.database.db.update(payments).set({ expiresAt: past }).where(eq(payments.orderId, orderId));
  await ctx.database.db.update(jobs).set({ runAt: sql`now()` }).where(sql`done_at IS NULL AND failed_at IS NULL AND run_at <= ${hold.toISOString()}::timestamptz`);
  await ctx.app.jobs.drain();
  await ctx.app.jobs.drain();
}

describe('how long an unpaid order holds its stock', () => {
  it('a Multibanco order: 24 hours, its reference asked of ifthenpay for 1 day and shown with that deadline, then cancelled and restocked', async () => {
    const p = await insertProduct(ctx);
    const before = Date.now();
    const order = await placed([{ product_id: p.id, quantity: 3 }], { email: 'ana@example.pt', from: newClient() });
    expect(await stockOf(p.id)).toBe(7);

    const row = await orderRow(order.id);
    expect(row.stockHeldUntil!.getTime() - before).toBeGreaterThanOrEqual(24 * HOUR - 1000);
    expect(row.stockHeldUntil!.getTime() - before).toBeLessThan(24 * HOUR + 60_000);
    expect(await cancelJobAt(order.id)).toBe(row.stockHeldUntil!.getTime());

    // The order mail's job issues the reference: asked for the day the hold ends (1 day, as a number). Its
    // deadline is the reference's own last day, as ifthenpay answers it (#27, decision 0044): the order
    // holds its stock until then plus the grace, and is cancelled only after.
    await ctx.app.jobs.drain();
    const sent = fake.references.find((r) => r.orderId === `${order.id}P1`);
    expect(sent?.expiryDays).toBe(1);
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    const deadline = referenceDeadline(sent!.expiryDate)!;
    expect(payment?.expiresAt).toEqual(deadline);
    expect(deadline.getTime()).toBeGreaterThanOrEqual(row.stockHeldUntil!.getTime());
    const held = (await orderRow(order.id)).stockHeldUntil!;
    expect(held).toEqual(new Date(deadline.getTime() + 2 * HOUR));
    const mail = ctx.mailbox.to('ana@example.pt').find((m) => m.subject === `Recebemos a sua encomenda n.º ${order.id}`);
    expect(mail?.text).toMatch(/A referência é válida até .+; depois disso a encomenda é cancelada\./);

    await passHold(order.id, held);
    expect((await orderRow(order.id)).status).toBe('cancelled');
    expect(await stockOf(p.id)).toBe(10);
    const late = await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', payload: { order_id: order.id, token: order.accessToken } });
    expect(late.statusCode).toBe(409);
  });

  it('an MB WAY order: 2 hours, also when its payment never starts; a payment asked after that is refused', async () => {
    const p = await insertProduct(ctx);
    const order = await placed([{ product_id: p.id, quantity: 2 }], { email: 'rui@example.pt', from: newClient(), method: 'mbway' });
    const row = await orderRow(order.id);
    expect(row.stockHeldUntil!.getTime() - row.orderDate.getTime()).toBeGreaterThan(2 * HOUR - 1000);
    expect(row.stockHeldUntil!.getTime() - row.orderDate.getTime()).toBeLessThan(2 * HOUR + 1000);
    expect(order).toMatchObject({ pay_by: row.stockHeldUntil!.toISOString() });

    // Paying by Multibanco instead: the reference is asked for the day the order's hold ends, not 48 hours
    // later; it lasts to that day's end (ifthenpay counts whole days), and the hold follows it (decision 0044).
    const mb = await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', payload: { order_id: order.id, token: order.accessToken } });
    expect(mb.statusCode, mb.body).toBe(200);
    const sent = fake.references.at(-1)!;
    expect(sent.expiryDays).toBe(expiryDaysUntil(row.stockHeldUntil!));
    expect(mb.json().expiresAt).toBe(referenceDeadline(sent.expiryDate)!.toISOString());
    expect(new Date(mb.json().expiresAt).getTime() - row.stockHeldUntil!.getTime()).toBeLessThan(24 * HOUR);
    expect((await orderRow(order.id)).stockHeldUntil).toEqual(new Date(new Date(mb.json().expiresAt).getTime() + 2 * HOUR));

    // Past the hold, before the job has run: no new payment.
    await ctx.database.db.update(orders).set({ stockHeldUntil: new Date(Date.now() - 1000) }).where(eq(orders.id, order.id));
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment/mbway',
      payload: { order_id: order.id, token: order.accessToken, amount: order.total_price_with_tax, phone_number: '912345678', email: 'rui@example.pt' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(unpaidHoldMessages.holdEnded);

    await passHold(order.id, row.stockHeldUntil!);
    expect((await orderRow(order.id)).status).toBe('cancelled');
    expect(await stockOf(p.id)).toBe(10);
  });

  it('the terms page reads the same settings (GET /api/shop)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/shop' });
    expect(res.json().paymentDeadlines).toEqual({ multibancoMinutes: 24 * 60, mbwayMinutes: 120 });
  });

  it('the settings must stay under the reference’s 48 hours', () => {
    expect(() => loadConfig({ STOCK_HOLD_MULTIBANCO_HOURS: '48' })).toThrow(/STOCK_HOLD_MULTIBANCO_HOURS must be under the 48 hours/);
    expect(loadConfig({ STOCK_HOLD_MULTIBANCO_HOURS: '6', STOCK_HOLD_MBWAY_MINUTES: '30' }).unpaidOrders.holdMs).toEqual({ multibanco: 6 * HOUR, mbway: 30 * 60_000 });
  });
});

describe('the units one e-mail or one address may hold unpaid', () => {
  it('refuses the order that would pass the e-mail’s cap with a 409 saying to pay the pending orders first, and takes nothing', async () => {
    const p = await insertProduct(ctx);
    const email = 'muitas@example.pt';
    await placed([{ product_id: p.id, quantity: 4 }], { email, from: newClient() });
    // Another address, the same e-mail (in capitals): still the same customer.
    const refused = await checkout([{ product_id: p.id, quantity: 3 }], { email: email.toUpperCase(), from: newClient() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'UNPAID_UNITS_LIMIT', error: fill(unpaidHoldMessages.tooManyHeld, { held: 4, max: 6 }) });
    expect(await stockOf(p.id)).toBe(6);
    // Within the cap it goes through.
    await placed([{ product_id: p.id, quantity: 2 }], { email, from: newClient() });
  });

  it('caps one client address across e-mails, counts only unpaid orders, and refuses one order over the cap on its own', async () => {
    const p = await insertProduct(ctx, { stock: 50 });
    const from = newClient();
    const first = await placed([{ product_id: p.id, quantity: 6 }], { email: 'a1@example.pt', from });
    await placed([{ product_id: p.id, quantity: 4 }], { email: 'a2@example.pt', from });
    const third = await checkout([{ product_id: p.id, quantity: 1 }], { email: 'a3@example.pt', from });
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toBe(fill(unpaidHoldMessages.tooManyHeld, { held: 10, max: 10 }));

    // A paid order no longer counts.
    await ctx.database.db.update(orders).set({ paidAt: new Date(), status: 'processing' }).where(eq(orders.id, first.id));
    await placed([{ product_id: p.id, quantity: 1 }], { email: 'a3@example.pt', from });

    const big = await checkout([{ product_id: p.id, quantity: 7 }], { email: 'grande@example.pt', from: newClient() });
    expect(big.statusCode).toBe(409);
    expect(big.json().error).toBe(fill(unpaidHoldMessages.orderTooLarge, { max: 6 }));
  });
});

describe('"Libertar stock": the owner releases the unpaid orders holding stock', () => {
  it('is for admins only: 401 without a session, 403 for a customer', async () => {
    const customer = await signedInUser(ctx);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/order/unpaid-holds' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/order/unpaid-holds', headers: { cookie: customer.cookie } })).statusCode).toBe(403);
    const release = (cookie?: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/order/unpaid-holds/release', headers: cookie ? { cookie } : {}, payload: { order_ids: [1] } });
    expect((await release()).statusCode).toBe(401);
    expect((await release(customer.cookie)).statusCode).toBe(403);
  });

  it('lists them with units, since and until, then cancels the chosen ones: stock back, references voided, the customer mailed, one audit row each', async () => {
    const owner = await signedInUser(ctx, { isAdmin: true });
    const p = await insertProduct(ctx);
    const kept = await placed([{ product_id: p.id, quantity: 1 }], { email: 'fica@example.pt', from: newClient() });
    const order = await placed([{ product_id: p.id, quantity: 5 }], { email: 'vai@example.pt', from: newClient() });
    await ctx.app.jobs.drain();
    expect(await stockOf(p.id)).toBe(4);

    const list = await ctx.app.inject({ method: 'GET', url: '/api/order/unpaid-holds', headers: { cookie: owner.cookie } });
    expect(list.statusCode).toBe(200);
    const row = await orderRow(order.id);
    expect(list.json<UnpaidHoldList>().orders).toContainEqual({
      order_id: order.id,
      email: 'vai@example.pt',
      payment_method: 'multibanco',
      units: 5,
      total: order.total_price_with_tax,
      since: row.orderDate.toISOString(),
      until: row.stockHeldUntil!.toISOString(),
    });

    const res = await ctx.app.inject({ method: 'POST', url: '/api/order/unpaid-holds/release', headers: { cookie: owner.cookie }, payload: { order_ids: [order.id] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Stock libertado: 1 canceladas, 5 unidades devolvidas ao stock.', released: [order.id], units: 5 });
    expect((await orderRow(order.id)).status).toBe('cancelled');
    expect((await orderRow(kept.id)).status).toBe('pending');
    expect(await stockOf(p.id)).toBe(9);
    expect((await ctx.database.db.select().from(payments).where(eq(payments.orderId, order.id))).map((x) => x.status)).toEqual(['canceled']);

    await ctx.app.jobs.drain();
    expect(ctx.mailbox.to('vai@example.pt').some((m) => m.subject === `Encomenda n.º ${order.id}: Cancelada`)).toBe(true);
    const audit = (await ctx.app.inject({ method: 'GET', url: `/api/audit?entity=order&entityId=${order.id}`, headers: { cookie: owner.cookie } })).json<AuditPage>();
    expect(audit.rows[0]).toMatchObject({ action: 'release', actor: { id: owner.user.id }, before: { status: 'pending' }, after: { status: 'cancelled', unitsReleased: 5 } });

    // Again: nothing left to release, nothing changes.
    const again = await ctx.app.inject({ method: 'POST', url: '/api/order/unpaid-holds/release', headers: { cookie: owner.cookie }, payload: { order_ids: [order.id] } });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(unpaidHoldMessages.nothingToRelease);
    expect(await stockOf(p.id)).toBe(9);
  });
});

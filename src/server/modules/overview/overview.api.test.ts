import { describe, expect, it } from 'vitest';
import { calendarDayPlus, lisbonDayStart, lisbonToday } from '#shared/dates.ts';
import { type Overview, overviewMessages } from '#shared/schemas/overview.ts';
import { signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';
import { orderItems, orders, payments, refunds } from '../../db/schema.ts';

// The owner's overview (issue #17): every figure against one hand-computed for a seeded shop.

const ctx = useTestApp();

/** Noon in Lisbon, `daysAgo` days before today: never on a day's edge. */
const noon = (daysAgo: number) => new Date(lisbonDayStart(calendarDayPlus(lisbonToday(), -daysAgo)).getTime() + 12 * 3_600_000);

type Seed = {
  status: (typeof orders.$inferInsert)['status'];
  method: 'multibanco' | 'mbway';
  daysAgo: number;
  totalCents: number;
  paid?: boolean;
  items?: { productId: number; name: string; quantity: number; unitCents: number; isDigital?: boolean }[];
  extra?: Partial<typeof orders.$inferInsert>;
};

async function seedOrder(seed: Seed) {
  const withoutTax = Math.round(seed.totalCents / 1.23);
  const [row] = await ctx.database.db
    .insert(orders)
    .values({
      email: 'cliente@example.pt',
      status: seed.status,
      paymentMethod: seed.method,
      shippingAddress: 'Ana Sá, Rua Direita 1, Porto, 4000-100, Portugal',
      phone: '912345678',
      shippingCents: 0,
      totalWithoutTaxCents: withoutTax,
      totalTaxCents: seed.totalCents - withoutTax,
      totalWithTaxCents: seed.totalCents,
      orderDate: noon(seed.daysAgo),
      paidAt: seed.paid ? noon(seed.daysAgo) : null,
      ...seed.extra,
    })
    .returning();
  if (!row) throw new Error('order not stored');
  for (const item of seed.items ?? []) {
    await ctx.database.db.insert(orderItems).values({
      orderId: row.id,
      productId: item.productId,
      productName: item.name,
      isDigital: item.isDigital ?? false,
      quantity: item.quantity,
      unitPriceCents: item.unitCents,
    });
  }
  return row;
}

async function mbwayRequest(orderId: number, daysAgo: number, status: 'pending' | 'paid' | 'rejected') {
  await ctx.database.db.insert(payments).values({
    orderId,
    method: 'mbway',
    gateway: 'sandbox',
    status,
    amountCents: 100,
    gatewayOrderId: `${orderId}-${daysAgo}-${status}`,
    expiresAt: new Date(noon(daysAgo).getTime() + 240_000),
    createdAt: noon(daysAgo),
  });
}

describe('the owner overview', () => {
  it('adds up takings, orders, payments awaited, refunds owed, low stock and best sellers as counted by hand', async () => {
    const admin = await signedInUser(ctx, { isAdmin: true });
    const box = await insertProduct(ctx, { name: 'Caixa de linho', priceCents: 6150, stock: 10 });
    const tags = await insertProduct(ctx, { name: 'Etiquetas', priceCents: 615, stock: 2 });
    const guide = await insertProduct(ctx, { name: 'Guia digital', priceCents: 3075, stock: 0, isDigital: true, link: 'https://example.pt/guia' });
    await insertProduct(ctx, { name: 'Arquivada', stock: 0, archivedAt: new Date() });
    const drawers = await insertProduct(ctx, { name: 'Divisórias', variants: [{ name: 'Pequena', priceCents: 900, stock: 1 }, { name: 'Grande', priceCents: 1200, stock: 5 }] });

    const a = await seedOrder({ status: 'processing', method: 'multibanco', daysAgo: 0, totalCents: 12_300, paid: true, items: [{ productId: box.id, name: box.name, quantity: 2, unitCents: 6150 }] });
    const b = await seedOrder({ status: 'shipped', method: 'mbway', daysAgo: 1, totalCents: 2460, paid: true, items: [{ productId: tags.id, name: tags.name, quantity: 4, unitCents: 615 }] });
    await seedOrder({ status: 'delivered', method: 'multibanco', daysAgo: 3, totalCents: 4920, paid: true, items: [{ productId: box.id, name: box.name, quantity: 1, unitCents: 4920 }] });
    await seedOrder({ status: 'delivered', method: 'multibanco', daysAgo: 10, totalCents: 1230, paid: true, items: [{ productId: tags.id, name: tags.name, quantity: 2, unitCents: 615 }] });
    await seedOrder({ status: 'delivered', method: 'multibanco', daysAgo: 40, totalCents: 3690, paid: true, items: [{ productId: box.id, name: box.name, quantity: 9, unitCents: 410 }] });
    await seedOrder({ status: 'pending', method: 'multibanco', daysAgo: 0, totalCents: 1845 });
    const g = await seedOrder({ status: 'pending', method: 'mbway', daysAgo: 2, totalCents: 990 });
    await seedOrder({ status: 'cancelled', method: 'multibanco', daysAgo: 5, totalCents: 500 });
    // A digital-only order, paid, then cancelled: 30,75 € owed, 10,00 € already given back.
    const i = await seedOrder({
      status: 'cancelled',
      method: 'mbway',
      daysAgo: 5,
      totalCents: 3075,
      paid: true,
      items: [{ productId: guide.id, name: guide.name, quantity: 1, unitCents: 3075, isDigital: true }],
      extra: { refundDueCents: 3075, invoiceFailedAt: new Date() },
    });
    await ctx.database.db.insert(refunds).values({ orderId: i.id, amountCents: 1000, lines: [], method: 'transfer' });
    await mbwayRequest(b.id, 1, 'paid');
    await mbwayRequest(g.id, 2, 'pending');
    await mbwayRequest(g.id, 3, 'rejected');
    await mbwayRequest(a.id, 45, 'paid');

    const res = await ctx.app.inject({ method: 'GET', url: '/api/overview', headers: { cookie: admin.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const figures: Overview = res.json();

    // Received is what the paid orders brought; the 10,00 € given back today (order i) comes off today's net.
    const money = (orders: number, withTaxCents: number, withoutTaxCents: number, refundedCents = 0) => ({
      orders,
      withTaxCents,
      withoutTaxCents,
      receivedCents: withTaxCents,
      refundedCents,
      netCents: withTaxCents - refundedCents,
    });
    expect(figures.takings).toEqual({
      today: { current: money(1, 12_300, 10_000, 1000), previous: money(1, 2460, 2000) },
      week: { current: money(4, 22_755, 18_500, 1000), previous: money(1, 1230, 1000) },
      month: { current: money(5, 23_985, 19_500, 1000), previous: money(1, 3690, 3000) },
    });
    expect(figures.days).toHaveLength(30);
    expect(figures.days.at(-1)).toEqual({ day: lisbonToday(), orders: 1, withTaxCents: 12_300 });
    expect(figures.days.find((d) => d.day === calendarDayPlus(lisbonToday(), -5))).toEqual({ day: calendarDayPlus(lisbonToday(), -5), orders: 1, withTaxCents: 3075 });
    expect(figures.days.reduce((sum, d) => sum + d.withTaxCents, 0)).toBe(23_985);
    expect(Object.fromEntries(figures.byStatus.map((s) => [s.status, s.count]))).toEqual({ pending: 2, processing: 1, shipped: 1, delivered: 2, cancelled: 2 });
    expect(figures.awaitingPayment).toEqual({ multibanco: { count: 1, cents: 1845 }, mbway: { count: 1, cents: 990 } });
    expect(figures.mbway).toEqual({ sent: 3, accepted: 1 });
    expect(figures.refundsDue).toEqual({ count: 1, cents: 2075 });
    // The orders tab's alert says the same: what is owed less what already went back.
    const due = await ctx.app.inject({ method: 'GET', url: '/api/order/refunds', headers: { cookie: admin.cookie } });
    expect(due.json().refunds).toEqual([expect.objectContaining({ order_id: i.id, amount: 20.75 })]);
    // No invoicing service in this shop: every paid order waits for the invoice she issues herself.
    expect(figures.invoicesWaiting).toBe(6);
    expect(figures.lowStock).toEqual({
      threshold: 3,
      items: [
        { productId: drawers.id, variantId: drawers.variantRows[0]?.id, name: 'Divisórias', variantName: 'Pequena', stock: 1 },
        { productId: tags.id, variantId: null, name: 'Etiquetas', variantName: null, stock: 2 },
      ],
    });
    expect(figures.bestSellers).toEqual([
      { productId: tags.id, name: 'Etiquetas', quantity: 6, withTaxCents: 3690 },
      { productId: box.id, name: 'Caixa de linho', quantity: 3, withTaxCents: 17_220 },
      { productId: guide.id, name: 'Guia digital', quantity: 1, withTaxCents: 3075 },
    ]);

    // A year: the order of 40 days ago counts, and its nine boxes make the box the best seller.
    const year: Overview = (await ctx.app.inject({ method: 'GET', url: '/api/overview?days=365', headers: { cookie: admin.cookie } })).json();
    expect(year.days).toHaveLength(365);
    expect(year.days.reduce((sum, d) => sum + d.orders, 0)).toBe(6);
    expect(year.bestSellers[0]).toEqual({ productId: box.id, name: 'Caixa de linho', quantity: 12, withTaxCents: 20_910 });
    expect(year.mbway).toEqual({ sent: 4, accepted: 2 });
  });

  it('counts as received a payment that arrived on a cancelled order, and takes the day’s refunds off the net', async () => {
    const admin = await signedInUser(ctx, { isAdmin: true });
    const read = async (): Promise<Overview> => (await ctx.app.inject({ method: 'GET', url: '/api/overview', headers: { cookie: admin.cookie } })).json();
    // The shop's figures so far (the tests share one shop): this test adds to them.
    const before = (await read()).takings;
    // A sale paid today, 6,00 € of it given back today by transfer; an older refund, dated by the owner's transfer.
    const sold = await seedOrder({ status: 'processing', method: 'multibanco', daysAgo: 0, totalCents: 2000, paid: true });
    await ctx.database.db.insert(refunds).values({ orderId: sold.id, amountCents: 600, lines: [], method: 'transfer', transferredOn: lisbonToday() });
    const older = await seedOrder({ status: 'delivered', method: 'multibanco', daysAgo: 10, totalCents: 3000, paid: true });
    await ctx.database.db.insert(refunds).values({ orderId: older.id, amountCents: 3000, lines: [], method: 'transfer', transferredOn: calendarDayPlus(lisbonToday(), -9) });
    // An MB WAY request still asked for after the customer cancelled: the gateway took 17,90 € today.
    const cancelled = await seedOrder({ status: 'cancelled', method: 'mbway', daysAgo: 0, totalCents: 1790 });
    await ctx.database.db.insert(payments).values({
      orderId: cancelled.id,
      method: 'mbway',
      gateway: 'sandbox',
      status: 'paid',
      amountCents: 1790,
      gatewayOrderId: `${cancelled.id}-late`,
      expiresAt: new Date(Date.now() + 240_000),
      paidAt: new Date(),
    });
    // A refund the gateway has not confirmed yet has not left the bank.
    await ctx.database.db.insert(refunds).values({ orderId: sold.id, amountCents: 500, lines: [], method: 'mbway', status: 'requested' });

    const after = (await read()).takings;
    const added = (period: 'today' | 'week' | 'month', side: 'current' | 'previous') => {
      const [a, b] = [after[period][side], before[period][side]];
      return { orders: a.orders - b.orders, withTaxCents: a.withTaxCents - b.withTaxCents, receivedCents: a.receivedCents - b.receivedCents, refundedCents: a.refundedCents - b.refundedCents, netCents: a.netCents - b.netCents };
    };
    expect(added('today', 'current')).toEqual({ orders: 1, withTaxCents: 2000, receivedCents: 3790, refundedCents: 600, netCents: 3190 });
    expect(added('week', 'current')).toEqual({ orders: 1, withTaxCents: 2000, receivedCents: 3790, refundedCents: 600, netCents: 3190 });
    expect(added('week', 'previous')).toEqual({ orders: 1, withTaxCents: 3000, receivedCents: 3000, refundedCents: 3000, netCents: 0 });
    expect(added('month', 'current')).toEqual({ orders: 2, withTaxCents: 5000, receivedCents: 6790, refundedCents: 3600, netCents: 3190 });
    for (const period of ['today', 'week', 'month'] as const) {
      const { receivedCents, refundedCents, netCents } = after[period].current;
      expect(netCents).toBe(receivedCents - refundedCents);
    }
  });

  it('keeps the low-stock level the owner sets, and refuses one that is not a number of units', async () => {
    const admin = await signedInUser(ctx, { isAdmin: true });
    const set = await ctx.app.inject({ method: 'PUT', url: '/api/overview/settings', headers: { cookie: admin.cookie }, payload: { lowStockThreshold: 5 } });
    expect(set.statusCode).toBe(200);
    expect(set.json().message).toBe(overviewMessages.thresholdSaved);
    const figures: Overview = (await ctx.app.inject({ method: 'GET', url: '/api/overview', headers: { cookie: admin.cookie } })).json();
    expect(figures.lowStock.threshold).toBe(5);
    expect(figures.lowStock.items.map((item) => item.variantName ?? item.name)).toContain('Grande');

    for (const lowStockThreshold of [-1, 2.5, 'muitos', 1001]) {
      const bad = await ctx.app.inject({ method: 'PUT', url: '/api/overview/settings', headers: { cookie: admin.cookie }, payload: { lowStockThreshold } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe(overviewMessages.threshold);
    }
    const badDays = await ctx.app.inject({ method: 'GET', url: '/api/overview?days=400', headers: { cookie: admin.cookie } });
    expect(badDays.statusCode).toBe(400);
    expect(badDays.json().error).toBe(overviewMessages.days);
    expect(((await ctx.app.inject({ method: 'GET', url: '/api/overview', headers: { cookie: admin.cookie } })).json() as Overview).lowStock.threshold).toBe(5);
  });

  it('counts an order among the sales from the moment it is paid, and its lines with it', async () => {
    const admin = await signedInUser(ctx, { isAdmin: true });
    const frames = await insertProduct(ctx, { name: 'Molduras', priceCents: 800, stock: 20 });
    const order = await placeOrder(ctx, [{ product_id: frames.id, quantity: 4 }]);
    const read = async (): Promise<Overview> => (await ctx.app.inject({ method: 'GET', url: '/api/overview?days=7', headers: { cookie: admin.cookie } })).json();
    const before = await read();
    expect(before.bestSellers.find((b) => b.productId === frames.id)).toBeUndefined();

    const paid = await ctx.app.inject({ method: 'POST', url: `/api/order/${order.id}/mark-paid`, headers: { cookie: admin.cookie }, payload: { method: 'cash' } });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = await read();
    expect(after.bestSellers.find((b) => b.productId === frames.id)).toEqual({ productId: frames.id, name: 'Molduras', quantity: 4, withTaxCents: 3200 });
    expect(after.takings.today.current.orders).toBe(before.takings.today.current.orders + 1);
  });

  it('counts the orders recovered in the period: paid after a reminder or by a later attempt, once each', async () => {
    const admin = await signedInUser(ctx, { isAdmin: true });
    const read = async (): Promise<Overview['recovered']> => (await ctx.app.inject({ method: 'GET', url: '/api/overview?days=30', headers: { cookie: admin.cookie } })).json().recovered;
    const before = await read();
    const attempt = async (orderId: number, method: 'multibanco' | 'mbway', daysAgo: number, extra: Partial<typeof payments.$inferInsert>) =>
      ctx.database.db.insert(payments).values({
        orderId,
        method,
        gateway: 'sandbox',
        status: 'pending',
        amountCents: 1000,
        gatewayOrderId: `r${orderId}-${method}-${daysAgo}-${extra.status ?? 'pending'}`,
        expiresAt: new Date(noon(daysAgo).getTime() + 3 * 86_400_000),
        createdAt: noon(daysAgo),
        ...extra,
      });
    // Reminded, then paid: recovered (30,00 €).
    const reminded = await seedOrder({ status: 'processing', method: 'multibanco', daysAgo: 3, totalCents: 3000, paid: true });
    await attempt(reminded.id, 'multibanco', 3, { status: 'paid', amountCents: 3000, remindedAt: noon(2), paidAt: noon(1) });
    // A refused MB WAY request, then a second one accepted: recovered (15,00 €).
    const retried = await seedOrder({ status: 'processing', method: 'mbway', daysAgo: 2, totalCents: 1500, paid: true });
    await attempt(retried.id, 'mbway', 2, { status: 'rejected', amountCents: 1500 });
    await attempt(retried.id, 'mbway', 1, { status: 'paid', amountCents: 1500, paidAt: noon(1) });
    // Paid at the first attempt, then paid twice by mistake: not recovered.
    const twice = await seedOrder({ status: 'processing', method: 'mbway', daysAgo: 2, totalCents: 900, paid: true });
    await attempt(twice.id, 'mbway', 2, { status: 'paid', amountCents: 900, paidAt: noon(2) });
    await attempt(twice.id, 'multibanco', 1, { status: 'paid', amountCents: 900, paidAt: noon(1) });
    // Reminded but never paid, and reminded and paid before the period: not counted.
    const waiting = await seedOrder({ status: 'pending', method: 'multibanco', daysAgo: 2, totalCents: 700 });
    await attempt(waiting.id, 'multibanco', 2, { remindedAt: noon(1) });
    const old = await seedOrder({ status: 'delivered', method: 'multibanco', daysAgo: 50, totalCents: 800, paid: true });
    await attempt(old.id, 'multibanco', 50, { status: 'paid', amountCents: 800, remindedAt: noon(49), paidAt: noon(48) });

    const after = await read();
    expect({ count: after.count - before.count, cents: after.cents - before.cents }).toEqual({ count: 2, cents: 4500 });
  });

  it('is the owner’s alone', async () => {
    const customer = await signedInUser(ctx);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/overview' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/overview', headers: { cookie: customer.cookie } })).statusCode).toBe(403);
    const put = await ctx.app.inject({ method: 'PUT', url: '/api/overview/settings', headers: { cookie: customer.cookie }, payload: { lowStockThreshold: 9 } });
    expect(put.statusCode).toBe(403);
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fill } from '#shared/messages.ts';
import { formatCents } from '#shared/money.ts';
import { ORDER_LIFE, orderMove, PAYMENT_ARRIVES } from '#shared/order-life.ts';
import { ORDER_STATUSES, orderStatusLabel, type OrderStatus } from '#shared/orders.ts';
import { type Order, orderMessages } from '#shared/schemas/orders.ts';
import { deliverMail, signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { ifthenpayEnv, paidCallbackUrl, useFakeIfthenpay } from '../../../../tests/helpers/fake-ifthenpay.ts';
import { insertProduct, placeOrder, putOrderStatus } from '../../../../tests/helpers/shop.ts';
import { products } from '../catalog/tables.ts';
import { payments } from '../payments/tables.ts';
import { cancelUnpaidOrder } from './for-payments.ts';
import { orders } from './tables.ts';

/* The order's life is one table (decision 0034): every move it allows works with its effects, every other is refused. */

const fake = useFakeIfthenpay();
const ctx = useTestApp(() => ({ ...ifthenpayEnv(fake), SHOP_EMAIL: 'loja@example.pt' }));

const stockOf = async (id: number) => (await ctx.database.db.select().from(products).where(eq(products.id, id)))[0]!.stock ?? 0;
const orderRow = async (id: number) => (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentsOf = (orderId: number) => ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
const subjectsTo = (email: string) => ctx.mailbox.to(email).map((m) => m.subject);

const put = (cookie: string, order: Order, status: OrderStatus) => putOrderStatus(ctx, cookie, order, status);

const markPaid = (cookie: string, id: number) =>
  ctx.app.inject({ method: 'POST', url: `/api/order/${id}/mark-paid`, headers: { cookie }, payload: { method: 'transfer', note: 'Transferência' } });

const startMultibanco = (cookie: string, id: number) => ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', headers: { cookie }, payload: { order_id: id } });
const startMbway = (cookie: string, order: Order) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/payment/mbway',
    headers: { cookie },
    payload: { order_id: order.id, amount: order.total_price_with_tax, phone_number: '912345678', email: order.email },
  });

/** A customer's order of 2 units (stock 10 before), brought to `status` by the admin's form, optionally paid first. */
async function orderIn(status: OrderStatus, options: { paid?: boolean } = {}) {
  const { user, cookie } = await signedInUser(ctx);
  const admin = (await signedInUser(ctx, { isAdmin: true })).cookie;
  const product = await insertProduct(ctx, { stock: 10, priceCents: 2000 });
  let order = await placeOrder(ctx, [{ product_id: product.id, quantity: 2 }], { cookie, details: { email: user.email } });
  if (options.paid) order = (await markPaid(admin, order.id)).json<Order>();
  if (order.status !== status) {
    const res = await put(admin, order, status);
    expect(res.statusCode, res.body).toBe(200);
    order = res.json<Order>();
  }
  await deliverMail(ctx);
  return { order, user, cookie, admin, product };
}

describe('the admin form walks the table', () => {
  for (const from of ORDER_STATUSES) {
    for (const to of ORDER_STATUSES.filter((s) => s !== from)) {
      const move = orderMove(from, to, 'admin');
      it(`${from} -> ${to}: ${move ? `allowed, does ${move.does.join(', ')}` : 'refused'} (unpaid order)`, async () => {
        const { order, user, admin, product } = await orderIn(from);
        const stockBefore = await stockOf(product.id);
        const res = await put(admin, order, to);
        if (!move) {
          expect(res.statusCode).toBe(409);
          expect(res.json().error).toBe(fill(orderMessages.moveRefused, { from: orderStatusLabel[from], to: orderStatusLabel[to] }));
          expect((await orderRow(order.id)).status).toBe(from);
          return;
        }
        expect(res.statusCode, res.body).toBe(200);
        expect((await orderRow(order.id)).status).toBe(to);
        const stock = await stockOf(product.id);
        expect(stock).toBe(stockBefore + (move.does.includes('stock_back') ? 2 : move.does.includes('stock_taken') ? -2 : 0));
        await deliverMail(ctx);
        const mailed = subjectsTo(user.email).includes(`Encomenda n.º ${order.id}: ${orderStatusLabel[to]}`);
        expect(mailed).toBe(move.does.includes('status_mail') && ['shipped', 'delivered', 'cancelled'].includes(to));
        // An unpaid order owes nothing when cancelled.
        expect((await orderRow(order.id)).refundDueCents).toBeNull();
      });
    }
  }

  it('a paid order never goes back to Pendente, from any status, and a refunded one never leaves Cancelada', async () => {
    for (const from of ['processing', 'shipped', 'delivered', 'cancelled'] as const) {
      const { order, admin } = await orderIn(from, { paid: true });
      const res = await put(admin, order, 'pending');
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(orderMessages.paidNotPending);
      expect((await orderRow(order.id)).status).toBe(from);
    }
    const { order, admin } = await orderIn('cancelled', { paid: true });
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/refund`,
      headers: { cookie: admin },
      payload: { method: 'transfer', lines: order.orderItems.map((i) => ({ item_id: i.id, quantity: i.quantity })), shipping: true, iban: 'PT50000201231234567890154', transferred_on: '2026-11-20' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const reopen = await put(admin, order, 'processing');
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().error).toBe(orderMessages.refundedStaysCancelled);
  });

  it('cancelling a paid order owes its total; reopening it owes nothing again and takes the stock back', async () => {
    const { order, admin, product } = await orderIn('processing', { paid: true });
    const cancelled = (await put(admin, order, 'cancelled')).json<Order>();
    expect(cancelled).toMatchObject({ status: 'cancelled', refund_due: order.total_price_with_tax });
    expect(await stockOf(product.id)).toBe(10);
    const reopened = await put(admin, cancelled, 'shipped');
    expect(reopened.json<Order>()).toMatchObject({ status: 'shipped', refund_due: null });
    expect(await stockOf(product.id)).toBe(8);
  });
});

describe('"Guardar" after "Marcar como paga" (the form still says Pendente)', () => {
  it('is refused with the reason: the order stays Em Processamento with its payment', async () => {
    const { order, admin } = await orderIn('pending');
    expect((await markPaid(admin, order.id)).statusCode).toBe(200);
    // The form's stale copy: status "pending", as it was loaded before the payment.
    const stale = await put(admin, order, 'pending');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: orderMessages.paidNotPending, fields: { status: orderMessages.paidNotPending } });
    const row = await orderRow(order.id);
    expect(row.status).toBe('processing');
    expect(row.paidAt).not.toBeNull();
    expect(row.paidMethod).toBe('transfer');
  });
});

describe('the customer, the payments and the jobs walk the table', () => {
  for (const from of ORDER_STATUSES) {
    const allowed = orderMove(from, 'cancelled', 'customer') !== undefined;
    it(`the customer cancels a ${from} order: ${allowed ? 'allowed' : 'refused'}`, async () => {
      const { order, cookie, product } = await orderIn(from);
      const stockBefore = await stockOf(product.id);
      const res = await ctx.app.inject({ method: 'PUT', url: `/api/order/${order.id}/cancel`, headers: { cookie } });
      if (!allowed) {
        expect(res.statusCode).toBe(409);
        expect(res.json().error).toBe(orderMessages.notCancellable);
        expect((await orderRow(order.id)).status).toBe(from);
        expect(await stockOf(product.id)).toBe(stockBefore);
        return;
      }
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Order>()).toMatchObject({ status: 'cancelled', cancellable: false });
      expect(await stockOf(product.id)).toBe(stockBefore + 2);
    });
  }

  for (const from of ORDER_STATUSES) {
    const arrival = PAYMENT_ARRIVES[from].find((a) => a.by.includes('payment'))!;
    it(`a payment arrives on a ${from} order: it stays or moves to ${arrival.to}, ${arrival.does.join(', ')}`, async () => {
      const { order, cookie, user } = await orderIn(from === 'cancelled' ? 'pending' : from);
      expect((await startMultibanco(cookie, order.id)).statusCode).toBe(200);
      const [reference] = await paymentsOf(order.id);
      if (from === 'cancelled') expect((await ctx.app.inject({ method: 'PUT', url: `/api/order/${order.id}/cancel`, headers: { cookie } })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: paidCallbackUrl(reference!) })).statusCode).toBe(200);
      const row = await orderRow(order.id);
      expect(row.status).toBe(arrival.to);
      expect(row.paidAt).not.toBeNull();
      expect(row.refundDueCents).toBe(arrival.does.includes('refund_due') ? row.totalWithTaxCents : null);
      await deliverMail(ctx);
      expect(subjectsTo(user.email).includes(`Reembolso da encomenda n.º ${order.id}`)).toBe(arrival.does.includes('refund_due_mail'));
      expect(subjectsTo(user.email).includes(`Pagamento recebido: encomenda n.º ${order.id}`)).toBe(!arrival.does.includes('refund_due_mail'));
    });
  }

  it('the expiry job cancels only a pending unpaid order, as the table says (stock back, the customer told why)', async () => {
    expect(Object.keys(ORDER_LIFE.pending)).toContain('cancelled');
    for (const from of ORDER_STATUSES) {
      const { order, user, product } = await orderIn(from);
      const stockBefore = await stockOf(product.id);
      const done = await ctx.database.db.transaction((tx) => cancelUnpaidOrder(tx, 'http://loja.test', order.id));
      const allowed = orderMove(from, 'cancelled', 'job') !== undefined;
      expect(done).toBe(allowed);
      expect((await orderRow(order.id)).status).toBe(allowed ? 'cancelled' : from);
      expect(await stockOf(product.id)).toBe(stockBefore + (allowed ? 2 : 0));
      await deliverMail(ctx);
      expect(subjectsTo(user.email).includes(`Encomenda n.º ${order.id} cancelada por falta de pagamento`)).toBe(allowed);
    }
  });
});

describe('cancelling voids every open payment; money that still arrives is a refund due everywhere', () => {
  it('voids the MB WAY request and the Multibanco reference before it answers; an accepted request then owes the money back', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const admin = (await signedInUser(ctx, { isAdmin: true })).cookie;
    const product = await insertProduct(ctx, { stock: 5, priceCents: 1190 });
    const order = await placeOrder(ctx, [{ product_id: product.id, quantity: 1 }], { cookie, method: 'mbway', details: { email: user.email } });
    expect((await startMbway(cookie, order)).statusCode).toBe(200);
    expect((await startMultibanco(cookie, order.id)).statusCode).toBe(200);
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['pending', 'pending']);

    const cancel = await ctx.app.inject({ method: 'PUT', url: `/api/order/${order.id}/cancel`, headers: { cookie } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['canceled', 'canceled']);
    await deliverMail(ctx);
    expect(ctx.mailbox.to(user.email).find((m) => m.subject === `Encomenda n.º ${order.id}: Cancelada`)?.text).toContain('Não foi cobrado nenhum valor');

    // She accepts the request on her phone anyway: ifthenpay calls back with the money.
    const [mbway] = await paymentsOf(order.id);
    expect((await ctx.app.inject({ method: 'GET', url: paidCallbackUrl(mbway!) })).statusCode).toBe(200);

    const total = order.total_price_with_tax;
    const mine = (await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: { cookie } })).json<Order>();
    expect(mine).toMatchObject({ status: 'cancelled', refund_due: total, refunded_at: null });
    expect(mine.paid_at).not.toBeNull();
    expect(mine.orderItems[0]?.product.isDigital).toBe(false);

    await deliverMail(ctx);
    const told = ctx.mailbox.to(user.email).find((m) => m.subject === `Reembolso da encomenda n.º ${order.id}`);
    expect(told?.text).toContain(`Vamos devolver-lhe ${formatCents(1790)}`);
    expect(subjectsTo(user.email)).not.toContain(`Pagamento recebido: encomenda n.º ${order.id}`);
    // The owner is told too ("Pagamento a verificar").
    expect(subjectsTo('loja@example.pt')).toContain(`Pagamento a verificar: encomenda n.º ${order.id}`);

    const dashboard = (await ctx.app.inject({ method: 'GET', url: '/api/order/refunds', headers: { cookie: admin } })).json<{ refunds: { order_id: number; amount: number }[] }>();
    expect(dashboard.refunds).toContainEqual(expect.objectContaining({ order_id: order.id, amount: total }));
    const overview = (await ctx.app.inject({ method: 'GET', url: '/api/overview', headers: { cookie: admin } })).json<{ refundsDue: { count: number; cents: number } }>();
    expect(overview.refundsDue.count).toBeGreaterThanOrEqual(1);
    expect(overview.refundsDue.cents).toBeGreaterThanOrEqual(1790);
  });

  it('releasing an unpaid hold and the admin form cancel void the open reference too', async () => {
    for (const how of ['form', 'release'] as const) {
      const { order, cookie, admin } = await orderIn('pending');
      expect((await startMultibanco(cookie, order.id)).statusCode).toBe(200);
      const res =
        how === 'form'
          ? await put(admin, order, 'cancelled')
          : await ctx.app.inject({ method: 'POST', url: '/api/order/unpaid-holds/release', headers: { cookie: admin }, payload: { order_ids: [order.id] } });
      expect(res.statusCode, res.body).toBe(200);
      expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['canceled']);
    }
  });
});

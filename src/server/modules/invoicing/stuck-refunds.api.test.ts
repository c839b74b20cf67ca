import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditPage } from '#shared/schemas/audit.ts';
import { invoicingMessages } from '#shared/schemas/invoicing.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { deliverMail, signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { FAKE_KEYS, ifthenpayEnv, useFakeIfthenpay } from '../../../../tests/helpers/fake-ifthenpay.ts';
import { invoiceXpressEnv } from '../../../../tests/helpers/fake-invoicexpress.ts';
import { useFakeInvoiceXpress } from '../../../../tests/helpers/invoicing.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';
import { jobs } from '../../db/schema.ts';
import { refunds } from '../orders/tables.ts';
import { payments } from '../payments/tables.ts';

/* ADR 0019: an MB WAY refund left 'requested' by a process that stopped after asking ifthenpay, resolved by the owner. */

const gateway = useFakeIfthenpay();
const provider = useFakeInvoiceXpress();
const ctx = useTestApp(() => ({ ...ifthenpayEnv(gateway), ...invoiceXpressEnv(provider) }));

/** A customer's order of 2 × 25,00 € and 6,00 € shipping (56,00 €), paid by MB WAY through the gateway. */
async function paidByMbway() {
  const { user, cookie } = await signedInUser(ctx);
  const box = await insertProduct(ctx, { name: 'Caixa organizadora', priceCents: 2500, stock: 50 });
  const order = await placeOrder(ctx, [{ product_id: box.id, quantity: 2 }], { cookie, method: 'mbway', details: { email: user.email } });
  const payload = { order_id: order.id, amount: order.total_price_with_tax, phone_number: '912345678', email: order.email };
  const start = await ctx.app.inject({ method: 'POST', url: '/api/payment/mbway', headers: { cookie }, payload });
  expect(start.statusCode, start.body).toBe(200);
  const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, order.id));
  gateway.setMbwayStatus(payment?.requestId ?? '', '000');
  const query = { key: FAKE_KEYS.callbackKey, orderId: payment?.gatewayOrderId ?? '', amount: ((payment?.amountCents ?? 0) / 100).toFixed(2), requestId: payment?.requestId ?? '' };
  const paid = await ctx.app.inject({ method: 'GET', url: `/api/payment/callback?${new URLSearchParams(query).toString()}` });
  expect(paid.statusCode, paid.body).toBe(200);
  await deliverMail(ctx);
  return { user, cookie, order, itemId: order.orderItems[0]?.id ?? 0 };
}

/** What a crash after ifthenpay's answer leaves behind: the refund reserved, 'requested', never recorded. */
async function stuckRefund(orderId: number, itemId: number, quantity: number, minutesAgo: number, shippingCents = 0) {
  const [row] = await ctx.database.db
    .insert(refunds)
    .values({
      orderId,
      amountCents: 2500 * quantity + shippingCents,
      shippingCents,
      lines: [{ itemId, quantity }],
      method: 'mbway',
      status: 'requested',
      createdAt: sql`now() - make_interval(mins => ${minutesAgo})`,
    })
    .returning();
  if (!row) throw new Error('refund not inserted');
  return row;
}

const resolve = (cookie: string | undefined, orderId: number, refundId: number, outcome: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/order/${orderId}/refunds/${refundId}/resolve`, headers: cookie ? { cookie } : {}, payload: { outcome } });
const refund = (cookie: string, orderId: number, payload: object) => ctx.app.inject({ method: 'POST', url: `/api/order/${orderId}/refund`, headers: { cookie }, payload });
const jobsFor = (type: string, orderOrRefund: Record<string, number>) =>
  ctx.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.type, type), sql`${jobs.payload} @> ${JSON.stringify(orderOrRefund)}::jsonb`));

describe('an MB WAY refund left waiting on ifthenpay', () => {
  it('blocks further refunds until the owner says it was not given back; the row goes, the log says so, and a refund then works', async () => {
    const admin = (await signedInUser(ctx, { isAdmin: true })).cookie;
    const { cookie, order, itemId } = await paidByMbway();
    const stuck = await stuckRefund(order.id, itemId, 1, 0);

    // Just requested: ifthenpay may still be answering, so it cannot be resolved yet.
    const early = await resolve(admin, order.id, stuck.id, 'cancelled');
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(invoicingMessages.refundTooRecent);
    await ctx.database.db.update(refunds).set({ createdAt: sql`now() - interval '5 minutes'` }).where(eq(refunds.id, stuck.id));

    const blocked = await refund(admin, order.id, { method: 'mbway', lines: [{ item_id: itemId, quantity: 1 }] });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error).toBe(invoicingMessages.refundInProgress);
    expect((await resolve(cookie, order.id, stuck.id, 'cancelled')).statusCode).toBe(403);
    expect((await resolve(undefined, order.id, stuck.id, 'cancelled')).statusCode).toBe(401);
    const other = await paidByMbway();
    const elsewhere = await resolve(admin, other.order.id, stuck.id, 'cancelled');
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error).toBe(invoicingMessages.refundNotFound);
    expect((await resolve(admin, order.id, stuck.id, 'maybe')).json().error).toBe(invoicingMessages.refundOutcome);

    const cancelled = await resolve(admin, order.id, stuck.id, 'cancelled');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Order>()).toMatchObject({ id: order.id, refunds: [], refunded_total: 0, refunded_at: null });
    expect(await ctx.database.db.select().from(refunds).where(eq(refunds.id, stuck.id))).toEqual([]);
    expect(await jobsFor('invoicing.credit-note', { refundId: stuck.id })).toEqual([]);
    const log = await ctx.app.inject({ method: 'GET', url: `/api/audit?entity=order&entityId=${order.id}`, headers: { cookie: admin } });
    expect(log.json<AuditPage>().rows[0]).toMatchObject({ action: 'refund-cancel', before: { refundCents: 2500, method: 'mbway', lines: [{ itemId, quantity: 1 }] }, after: null });
    expect((await resolve(admin, order.id, stuck.id, 'cancelled')).statusCode).toBe(404);

    const done = await refund(admin, order.id, { method: 'mbway', lines: [{ item_id: itemId, quantity: 1 }] });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<Order>()).toMatchObject({ refunded_total: 25, refunds: [expect.objectContaining({ status: 'settled' })] });
    expect(gateway.refunds.filter((r) => r.amount === '25.00')).toHaveLength(1);
  });

  it('settles it once when the owner says it was given back: credit note queued, customer mailed, order refunded', async () => {
    const admin = (await signedInUser(ctx, { isAdmin: true })).cookie;
    const { user, order, itemId } = await paidByMbway();
    const stuck = await stuckRefund(order.id, itemId, 2, 5, 600);

    // Two clicks at once: one settles it, the other is told it is no longer waiting.
    const [first, second] = await Promise.all([resolve(admin, order.id, stuck.id, 'settled'), resolve(admin, order.id, stuck.id, 'settled')]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 409]);
    const answer = (first?.statusCode === 200 ? first : second)?.json<Order>();
    expect(answer).toMatchObject({ refunded_total: 56, refunds: [expect.objectContaining({ id: stuck.id, status: 'settled', amount: 56 })] });
    expect(answer?.refunded_at).not.toBeNull();
    expect(await jobsFor('invoicing.credit-note', { refundId: stuck.id })).toHaveLength(1);
    const mails = await ctx.database.db.select().from(jobs).where(and(eq(jobs.type, 'mail.send'), sql`${jobs.payload}->>'subject' = ${`Reembolso da encomenda n.º ${order.id}`}`));
    expect(mails).toHaveLength(1);

    for (const outcome of ['settled', 'cancelled']) {
      const again = await resolve(admin, order.id, stuck.id, outcome);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe(invoicingMessages.refundNotRequested);
    }
    // Nothing was asked of ifthenpay: the owner says the money went back, the shop records it.
    expect(gateway.refunds.filter((r) => r.amount === '56.00')).toHaveLength(0);

    await ctx.database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE done_at IS NULL AND failed_at IS NULL`);
    await deliverMail(ctx);
    expect(ctx.mailbox.to(user.email).map((m) => m.subject)).toContain(`Reembolso da encomenda n.º ${order.id}`);
    const notes = provider.documents.filter((d) => d.kind === 'credit_note' && d.reference === `Encomenda ${order.id} reembolso ${stuck.id}`);
    expect(notes.map((n) => n.totalCents)).toEqual([5600]);
  });
});

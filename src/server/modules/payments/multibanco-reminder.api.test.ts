import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatLongDateTime } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { groupReference } from '#shared/schemas/payments.ts';
import { deliverMail, signedInUser, uniqueEmail, useTestApp } from '../../../../tests/helpers/app.ts';
import { linkIn } from '../../../../tests/helpers/mailbox.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';
import { jobs } from '../../db/schema.ts';
import { orders } from '../orders/tables.ts';
import { createGateway } from './index.ts';
import { multibancoRemindersJob } from './jobs.ts';
import { remindUnpaidReferences, scheduleReferenceReminders } from './reminders.ts';
import { payments } from './tables.ts';

// The reminder of a Multibanco or Payshop reference still unpaid near its deadline (issue #27, decisions 0049,
// 0052): 24 hours before it, or half-way through a shorter validity; once, never for a paid or cancelled order.
// The sandbox offers the four ways to pay, so the mails name the three others.

const ctx = useTestApp();
const HOUR = 3600_000;

const run = (now: Date) => remindUnpaidReferences({ db: ctx.database.db, config: ctx.config, gateway: createGateway(ctx.config) }, now);
const subjectOf = (id: number, kind = 'Multibanco') => `Lembrete: a referência ${kind} da encomenda n.º ${id} expira em breve`;
const remindersTo = (email: string, id: number, kind?: string) => ctx.mailbox.to(email).filter((m) => m.subject === subjectOf(id, kind));
const paymentOf = async (orderId: number) => (await ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;

/**
 * A Multibanco order whose reference was issued (by the order mail's job) and then given the validity a test
 * needs: issued at `issued`, payable for `validHours`, the order holding its stock until then plus the grace.
 */
async function referenceOrder(validHours: number, options: { cookie?: string; email?: string; method?: 'multibanco' | 'payshop' } = {}) {
  const email = options.email ?? uniqueEmail('lembrete');
  const method = options.method ?? 'multibanco';
  const p = await insertProduct(ctx, { priceCents: 1250 });
  const order = await placeOrder(ctx, [{ product_id: p.id, quantity: 1 }], { cookie: options.cookie, method, details: { email } });
  await deliverMail(ctx);
  const issued = new Date(Math.floor(Date.now() / 1000) * 1000);
  const expiresAt = new Date(issued.getTime() + validHours * HOUR);
  await ctx.database.db.update(payments).set({ createdAt: issued, expiresAt }).where(eq(payments.orderId, order.id));
  await ctx.database.db.update(orders).set({ stockHeldUntil: new Date(expiresAt.getTime() + 2 * HOUR) }).where(eq(orders.id, order.id));
  const payment = await paymentOf(order.id);
  expect(payment).toMatchObject({ method, status: 'pending', remindedAt: null });
  return { order: order as Order & { accessToken?: string }, email, payment, issued, expiresAt };
}

describe('the Multibanco reminder', () => {
  it('of a 3-day reference: none when issued, one 23 hours before its deadline with what to pay and where, none again', async () => {
    const { order, email, payment, issued, expiresAt } = await referenceOrder(72);
    expect(await run(issued)).toBe(0);
    expect(await run(new Date(expiresAt.getTime() - 25 * HOUR))).toBe(0);
    await deliverMail(ctx);
    expect(remindersTo(email, order.id)).toHaveLength(0);

    const at = new Date(expiresAt.getTime() - 23 * HOUR);
    expect(await run(at)).toBe(1);
    expect((await paymentOf(order.id)).remindedAt).toEqual(at);
    await deliverMail(ctx);
    const [mail, ...more] = remindersTo(email, order.id);
    expect(more).toHaveLength(0);
    expect(mail?.rawTo).toEqual([email]);
    expect(mail?.text).toContain(`Entidade: ${payment.entity}. Referência: ${groupReference(payment.reference!)}. Montante: ${formatCents(payment.amountCents)}.`);
    expect(formatCents(payment.amountCents)).toMatch(/^\d+,\d{2}\s€$/);
    expect(mail?.text).toContain(`A referência Multibanco é válida até ${formatLongDateTime(expiresAt.toISOString())}`);
    expect(mail?.text).toContain('Prefere pagar de outra forma? Na página da encomenda pode pagar por MB WAY, com cartão ou por Payshop.');
    expect(mail?.html).toContain(groupReference(payment.reference!));
    // A guest's link opens her order's page with its token, as her other mails do.
    const link = new URL(linkIn(mail, '/order-success'));
    expect(link.searchParams.get('id')).toBe(String(order.id));
    expect(link.searchParams.get('token')).toBe(order.accessToken);

    expect(await run(new Date(expiresAt.getTime() - 22 * HOUR))).toBe(0);
    expect(await run(new Date(expiresAt.getTime() - HOUR))).toBe(0);
    await deliverMail(ctx);
    expect(remindersTo(email, order.id)).toHaveLength(1);
  });

  it('of a 1-day reference: half-way through, to an account holder with the link to her order', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const { order, issued } = await referenceOrder(24, { cookie, email: user.email });
    expect(await run(new Date(issued.getTime() + 11 * HOUR))).toBe(0);
    expect(await run(new Date(issued.getTime() + 12 * HOUR + 60_000))).toBe(1);
    await deliverMail(ctx);
    const [mail] = remindersTo(user.email, order.id);
    expect(linkIn(mail, `/minhas-encomendas/${order.id}`)).toBe(`${ctx.config.publicUrl}/minhas-encomendas/${order.id}`);
  });

  it('never after the deadline, nor for a paid or a cancelled order', async () => {
    const admin = await signedInUser(ctx, { isAdmin: true });
    const paid = await referenceOrder(72);
    const paidRes = await ctx.app.inject({ method: 'POST', url: `/api/order/${paid.order.id}/mark-paid`, headers: { cookie: admin.cookie }, payload: { method: 'transfer' } });
    expect(paidRes.statusCode, paidRes.body).toBe(200);
    const customer = await signedInUser(ctx);
    const cancelled = await referenceOrder(72, { cookie: customer.cookie, email: customer.user.email });
    const cancelRes = await ctx.app.inject({ method: 'PUT', url: `/api/order/${cancelled.order.id}/cancel`, headers: { cookie: customer.cookie } });
    expect(cancelRes.statusCode, cancelRes.body).toBe(200);
    const late = await referenceOrder(72);

    // Even were a paid order's reference left pending, the order itself says no.
    const stale = await referenceOrder(72);
    await ctx.database.db.update(orders).set({ paidAt: new Date(), status: 'processing' }).where(eq(orders.id, stale.order.id));

    expect(await run(new Date(late.expiresAt.getTime() + 60_000))).toBe(0);
    expect(await run(new Date(paid.expiresAt.getTime() - 23 * HOUR))).toBe(1);
    await deliverMail(ctx);
    for (const { email, order } of [paid, cancelled, stale]) expect(remindersTo(email, order.id)).toHaveLength(0);
    expect(remindersTo(late.email, late.order.id)).toHaveLength(1);
    expect((await paymentOf(stale.order.id)).remindedAt).toBeNull();
  });

  it('two runs at once remind a reference once', async () => {
    const { order, email, expiresAt } = await referenceOrder(72);
    const at = new Date(expiresAt.getTime() - 23 * HOUR);
    const [a, b] = await Promise.all([run(at), run(at)]);
    expect(a + b).toBe(1);
    await deliverMail(ctx);
    expect(remindersTo(email, order.id)).toHaveLength(1);
  });

  it('runs through the job queue every quarter hour, one run per quarter however many processes start', async () => {
    const { order, email, issued } = await referenceOrder(20);
    // Issued 11 hours ago: half-way through its 20 hours is now.
    await ctx.database.db.update(payments).set({ createdAt: new Date(issued.getTime() - 11 * HOUR), expiresAt: new Date(issued.getTime() + 9 * HOUR) }).where(eq(payments.orderId, order.id));
    const now = new Date();
    await scheduleReferenceReminders(ctx.database.db, now);
    await scheduleReferenceReminders(ctx.database.db, now);
    const runsOf = () => ctx.database.db.select().from(jobs).where(eq(jobs.type, multibancoRemindersJob.name)).orderBy(jobs.runAt);
    expect(await runsOf()).toHaveLength(1);
    await deliverMail(ctx);
    await deliverMail(ctx);
    expect(remindersTo(email, order.id)).toHaveLength(1);
    const runs = await runsOf();
    expect(runs).toHaveLength(2);
    const next = runs.find((j) => j.doneAt === null)!;
    expect(next.runAt.getTime()).toBeGreaterThan(now.getTime());
    // The next quarter hour after the run (a minute's slack: the run may cross into the next quarter).
    expect(next.runAt.getTime() - now.getTime()).toBeLessThanOrEqual(16 * 60_000);
    expect(next.runAt.getTime() % (15 * 60_000)).toBe(0);
    const [done] = await ctx.database.db.select().from(jobs).where(and(eq(jobs.type, multibancoRemindersJob.name), sql`done_at IS NOT NULL`));
    expect(done).toBeDefined();
  });
  it('names the other ways in the order the owner set for them (Resumo, «Meios de pagamento»)', async () => {
    const admin = await signedInUser(ctx, { isAdmin: true });
    const put = (order: string[]) => ctx.app.inject({ method: 'PUT', url: '/api/payment/methods/order', headers: { cookie: admin.cookie }, payload: { order } });
    const { order, email, expiresAt } = await referenceOrder(72);
    expect((await put(['payshop', 'card', 'multibanco', 'mbway'])).statusCode).toBe(200);
    try {
      expect(await run(new Date(expiresAt.getTime() - 23 * HOUR))).toBe(1);
      await deliverMail(ctx);
      expect(remindersTo(email, order.id)[0]?.text).toContain('Na página da encomenda pode pagar por Payshop, com cartão ou por MB WAY.');
    } finally {
      expect((await put(['multibanco', 'mbway', 'card', 'payshop'])).statusCode).toBe(200);
    }
  });

  it('of a Payshop reference: once, with the reference, the amount and the other ways, and not for the reference once paid', async () => {
    const { order, email, payment, expiresAt } = await referenceOrder(72, { method: 'payshop' });
    const received = ctx.mailbox.to(email).find((m) => m.subject === `Recebemos a sua encomenda n.º ${order.id}`);
    expect(received?.text).toContain('Também pode pagar por Multibanco, por MB WAY ou com cartão na página da encomenda.');
    expect(await run(new Date(expiresAt.getTime() - 25 * HOUR))).toBe(0);
    const at = new Date(expiresAt.getTime() - 23 * HOUR);
    const [a, b] = await Promise.all([run(at), run(at)]);
    expect(a + b).toBe(1);
    expect(await run(new Date(expiresAt.getTime() - 22 * HOUR))).toBe(0);
    await deliverMail(ctx);
    const [mail, ...more] = remindersTo(email, order.id, 'Payshop');
    expect(more).toHaveLength(0);
    expect(mail?.text).toContain(`A referência Payshop é válida até ${formatLongDateTime(expiresAt.toISOString())}`);
    expect(mail?.text).toContain(`Referência Payshop: ${groupReference(payment.reference!)}. Montante: ${formatCents(payment.amountCents)}.`);
    expect(mail?.text).toContain('Prefere pagar de outra forma? Na página da encomenda pode pagar por Multibanco, por MB WAY ou com cartão.');
    expect(mail?.text).not.toContain('Entidade');
    expect(remindersTo(email, order.id)).toHaveLength(0);

    // Paid at the agent before its reminder was due: never reminded.
    const paid = await referenceOrder(72, { method: 'payshop' });
    const pay = await ctx.app.inject({ method: 'POST', url: '/api/payment/sandbox/payshop', payload: { reference: paid.payment.reference, amount: paid.payment.amountCents / 100 } });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(await run(new Date(paid.expiresAt.getTime() - 23 * HOUR))).toBe(0);
  });
});

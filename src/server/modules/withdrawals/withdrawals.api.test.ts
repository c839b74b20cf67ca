import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fill } from '#shared/messages.ts';
import { formatCents } from '#shared/money.ts';
import type { Order } from '#shared/schemas/orders.ts';
import type { Overview } from '#shared/schemas/overview.ts';
import { type WithdrawalAnswer, withdrawalMessages, type WithdrawalOverview, type WithdrawalPage } from '#shared/schemas/withdrawals.ts';
import { deliverMail, signedInUser, uniqueEmail, useTestApp } from '../../../../tests/helpers/app.ts';
import { invoiceXpressEnv } from '../../../../tests/helpers/fake-invoicexpress.ts';
import { useFakeInvoiceXpress } from '../../../../tests/helpers/invoicing.ts';
import { checkoutAnswer, insertProduct, placeOrder, putOrderStatus } from '../../../../tests/helpers/shop.ts';
import { auditLog } from '../audit/tables.ts';
import { orderStatusChanges, refunds } from '../orders/tables.ts';
import { withdrawalRequests } from './tables.ts';

/* issue #28, "The withdrawal function": the two steps, guests, lines, the period, the acknowledgement, the refund. */

const provider = useFakeInvoiceXpress();
const ctx = useTestApp(() => invoiceXpressEnv(provider));

const DAY = 86_400_000;
const admin = async () => (await signedInUser(ctx, { isAdmin: true })).cookie;
const runJobsNow = async () => {
  await ctx.database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE done_at IS NULL AND failed_at IS NULL`);
  await deliverMail(ctx);
};

type Access = { cookie?: string; token?: string | undefined };
const query = (access: Access) => (access.token ? `?token=${access.token}` : '');
const headers = (access: Access) => (access.cookie ? { cookie: access.cookie } : {});
const overviewOf = (id: number, access: Access) => ctx.app.inject({ method: 'GET', url: `/api/order/${id}/withdrawal${query(access)}`, headers: headers(access) });
const withdraw = (id: number, access: Access, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/order/${id}/withdrawal${query(access)}`, headers: headers(access), payload, remoteAddress: '203.0.113.7' });
const requestsOf = (orderId: number) => ctx.database.db.select().from(withdrawalRequests).where(eq(withdrawalRequests.orderId, orderId));

/** An order the owner marked paid (by transfer) and then moved to `status`; delivered `daysAgo` days ago when delivered. */
async function paidOrder(
  items: { product_id: number; quantity: number }[],
  options: { cookie?: string; email?: string; status?: Order['status']; deliveredDaysAgo?: number; method?: 'mbway' | 'multibanco' } = {},
) {
  const owner = await admin();
  const order = await placeOrder(ctx, items, { cookie: options.cookie, method: options.method, details: { email: options.email ?? uniqueEmail('desiste'), name: 'Rita Sousa' } });
  expect((await ctx.app.inject({ method: 'POST', url: `/api/order/${order.id}/mark-paid`, headers: { cookie: owner }, payload: { method: 'transfer', note: 'Transferência' } })).statusCode).toBe(200);
  let seen = (await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: { cookie: owner } })).json<Order>();
  if (options.status && options.status !== 'processing') {
    const moved = await putOrderStatus(ctx, owner, seen, options.status);
    expect(moved.statusCode, moved.body).toBe(200);
    seen = moved.json<Order>();
  }
  if (options.deliveredDaysAgo !== undefined) {
    const at = new Date(Date.now() - options.deliveredDaysAgo * DAY);
    await ctx.database.db.update(orderStatusChanges).set({ at }).where(and(eq(orderStatusChanges.orderId, order.id), eq(orderStatusChanges.toStatus, 'delivered')));
  }
  return { order: { ...seen, accessToken: order.accessToken }, owner };
}

describe('digital content and the consent to its immediate supply (DL 24/2014, art. 17.º, n.º 1, al. l))', () => {
  it('a paid digital line bought with the consent is not offered; bought without it, it stays withdrawable for the period after the contract', async () => {
    const guide = await insertProduct(ctx, { name: 'Guia digital da despensa', isDigital: true, priceCents: 900, stock: null });
    const owner = await admin();
    const lineOf = async (consent: boolean) => {
      const placed = await checkoutAnswer(ctx.app, [{ product_id: guide.id, quantity: 1 }], { email: uniqueEmail('digital'), fields: consent ? ({ digital_consent: true } as never) : {} });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json<Order>();
      const paid = await ctx.app.inject({ method: 'POST', url: `/api/order/${order.id}/mark-paid`, headers: { cookie: owner }, payload: { method: 'transfer' } });
      expect(paid.statusCode, paid.body).toBe(200);
      const seen = await overviewOf(order.id, { token: order.accessToken });
      expect(seen.statusCode, seen.body).toBe(200);
      return { order, line: seen.json<WithdrawalOverview>().lines[0] };
    };

    const consented = await lineOf(true);
    expect(consented.line).toMatchObject({ blocked: 'digital_with_consent', withdrawable: 0 });
    const refused = await withdraw(consented.order.id, { token: consented.order.accessToken }, { confirm: true });
    expect(refused.statusCode).toBe(403);
    expect(await requestsOf(consented.order.id)).toHaveLength(0);

    const without = await lineOf(false);
    expect(without.line).toMatchObject({ blocked: null, withdrawable: 1 });
    expect(Date.parse(without.line?.until ?? '')).toBeGreaterThan(Date.now() + 29 * DAY);
    expect((await withdraw(without.order.id, { token: without.order.accessToken }, { confirm: true })).statusCode).toBe(201);
  });
});

describe('the two steps', () => {
  it('step 1 answers the statement and stores nothing; step 2 stores it with its time and address, audits and acknowledges it; twice is the same request', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const box = await insertProduct(ctx, { name: 'Caixa de cartão', priceCents: 1500, stock: 20 });
    const { order } = await paidOrder([{ product_id: box.id, quantity: 2 }], { cookie, email: user.email, status: 'delivered', deliveredDaysAgo: 3 });
    const line = order.orderItems[0]!;

    const step1 = await withdraw(order.id, { cookie }, { lines: [{ order_item_id: line.id, quantity: 1 }], reason: 'Não coube no armário' });
    expect(step1.statusCode, step1.body).toBe(200);
    const statement = step1.json<WithdrawalAnswer>();
    expect(statement.confirmed).toBe(false);
    expect(statement.withdrawal).toBeNull();
    expect(statement.statement.statement).toContain(`desisto do contrato de compra e venda relativo aos seguintes bens da encomenda n.º ${order.id}`);
    expect(statement.statement.statement).toContain('1 × Caixa de cartão');
    expect(statement.statement).toMatchObject({ name: 'Rita Sousa', email: user.email, reason: 'Não coube no armário' });
    expect(await requestsOf(order.id)).toHaveLength(0);

    const step2 = await withdraw(order.id, { cookie }, { lines: [{ order_item_id: line.id, quantity: 1 }], reason: 'Não coube no armário', confirm: true });
    expect(step2.statusCode, step2.body).toBe(201);
    const confirmed = step2.json<WithdrawalAnswer>();
    expect(confirmed.withdrawal).toMatchObject({ order_id: order.id, status: 'requested', amount: 15, shipping: 0, overdue: false, lines: [{ order_item_id: line.id, quantity: 1 }] });
    const [stored] = await requestsOf(order.id);
    expect(stored).toMatchObject({ ip: '203.0.113.7', userId: user.id, reason: 'Não coube no armário', email: user.email });
    // The refund is due 14 days from the request (DL 24/2014, art. 12.º), the last day whole.
    expect(Date.parse(confirmed.withdrawal!.refund_due_by) - stored!.requestedAt.getTime()).toBeGreaterThan(14 * DAY);
    expect(Date.parse(confirmed.withdrawal!.refund_due_by) - stored!.requestedAt.getTime()).toBeLessThanOrEqual(15 * DAY + 3_600_000);
    const [entry] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'withdrawal'), eq(auditLog.entityId, String(stored!.id))));
    expect(entry).toMatchObject({ action: 'withdraw', ip: '203.0.113.7', actorId: user.id, actorEmail: user.email });

    // The acknowledgement: the full content, the date and time, what happens next.
    await deliverMail(ctx);
    const mail = ctx.mailbox.to(user.email).find((m) => m.subject === `Desistência da encomenda n.º ${order.id} recebida`);
    expect(mail?.text).toContain(`Recebemos a sua desistência do contrato em`);
    expect(mail?.text).toMatch(/\d{1,2} de \w+ de \d{4}.*\d{2}:\d{2}/);
    expect(mail?.text).toContain(`desisto do contrato de compra e venda relativo aos seguintes bens da encomenda n.º ${order.id}`);
    expect(mail?.text).toContain(`1 × Caixa de cartão (${formatCents(1500)} cada)`);
    expect(mail?.text).toContain('Motivo: Não coube no armário');
    expect(mail?.text).toContain('Devolva os artigos, no prazo de 14 dias, para:');
    expect(mail?.text).toContain(`Reembolsamos ${formatCents(1500)} pelo mesmo meio de pagamento até`);

    // A double submission answers the first request and stores no second.
    const again = await withdraw(order.id, { cookie }, { lines: [{ order_item_id: line.id, quantity: 1 }], confirm: true });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<WithdrawalAnswer>().withdrawal?.id).toBe(stored!.id);
    expect(await requestsOf(order.id)).toHaveLength(1);
    // What was withdrawn is no longer offered; the rest is.
    const after = (await overviewOf(order.id, { cookie })).json<WithdrawalOverview>();
    expect(after.lines[0]).toMatchObject({ quantity: 2, withdrawable: 1 });
    expect(after.requests.map((r) => r.id)).toEqual([stored!.id]);
    // The stored request is append-only.
    await expect(ctx.database.db.update(withdrawalRequests).set({ reason: 'outra' }).where(eq(withdrawalRequests.id, stored!.id))).rejects.toThrow();
  }, 60_000);

  it('a guest withdraws part of an order through her token; without it the order is not found; more units than left are refused', async () => {
    const email = uniqueEmail('convidada');
    const cups = await insertProduct(ctx, { name: 'Frascos de vidro', priceCents: 800, stock: 20 });
    const tray = await insertProduct(ctx, { name: 'Tabuleiro', priceCents: 2000, stock: 20 });
    const { order } = await paidOrder([{ product_id: cups.id, quantity: 3 }, { product_id: tray.id, quantity: 1 }], { email, status: 'shipped' });
    const cupsLine = order.orderItems.find((i) => i.product_id === cups.id)!;

    expect((await overviewOf(order.id, {})).statusCode).toBe(404);
    expect((await withdraw(order.id, { token: 'not-the-token' }, { confirm: true })).statusCode).toBe(404);
    const seen = await overviewOf(order.id, { token: order.accessToken });
    expect(seen.statusCode, seen.body).toBe(200);
    // Goods on their way: the period has not started, the function is open.
    expect(seen.json<WithdrawalOverview>()).toMatchObject({ open: true, open_until: null, email, name: 'Rita Sousa', period_days: 30 });

    const tooMany = await withdraw(order.id, { token: order.accessToken }, { lines: [{ order_item_id: cupsLine.id, quantity: 4 }], confirm: true });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(fill(withdrawalMessages.lineTooMany, { left: 3, name: 'Frascos de vidro' }));

    const done = await withdraw(order.id, { token: order.accessToken }, { lines: [{ order_item_id: cupsLine.id, quantity: 2 }], confirm: true });
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json<WithdrawalAnswer>().withdrawal).toMatchObject({ amount: 16, shipping: 0, lines: [{ name: 'Frascos de vidro', quantity: 2 }] });
    expect((await requestsOf(order.id))[0]?.userId).toBeNull();
    await deliverMail(ctx);
    expect(ctx.mailbox.to(email).map((m) => m.subject)).toContain(`Desistência da encomenda n.º ${order.id} recebida`);
  });

  it('lines the law exempts are shown as such and never offered; the whole order withdraws only the others, with the delivery cost', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const engraved = await insertProduct(ctx, { name: 'Etiquetas gravadas com o seu nome', priceCents: 1200, stock: 20, withdrawalExemption: 'personalised' });
    const basket = await insertProduct(ctx, { name: 'Cesto de vime', priceCents: 2400, stock: 20 });
    const { order } = await paidOrder([{ product_id: engraved.id, quantity: 1 }, { product_id: basket.id, quantity: 1 }], { cookie, email: user.email, status: 'delivered', deliveredDaysAgo: 1 });
    const engravedLine = order.orderItems.find((i) => i.product_id === engraved.id)!;

    const product = (await ctx.app.inject({ method: 'GET', url: `/api/product/${engraved.id}` })).json();
    expect(product.withdrawalExemption).toBe('personalised');
    const seen = (await overviewOf(order.id, { cookie })).json<WithdrawalOverview>();
    expect(seen.lines.find((l) => l.order_item_id === engravedLine.id)).toMatchObject({ blocked: 'personalised', withdrawable: 0 });

    const refused = await withdraw(order.id, { cookie }, { lines: [{ order_item_id: engravedLine.id, quantity: 1 }], confirm: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(fill(withdrawalMessages.lineNotOffered, { name: 'Etiquetas gravadas com o seu nome' }));
    expect(await requestsOf(order.id)).toHaveLength(0);

    // The order with shipping: 12,00 + 24,00 < 70,00, so 6,00 € of delivery; it goes back with the last of the goods that can go back.
    const whole = await withdraw(order.id, { cookie }, { confirm: true });
    expect(whole.statusCode, whole.body).toBe(201);
    expect(whole.json<WithdrawalAnswer>().withdrawal).toMatchObject({ lines: [{ name: 'Cesto de vime', quantity: 1 }], amount: 24, shipping: 0 });
    // Submitted twice, the whole order is still one request.
    const twice = await withdraw(order.id, { cookie }, { confirm: true });
    expect(twice.statusCode).toBe(200);
    expect(await requestsOf(order.id)).toHaveLength(1);
  });
});

describe('the period', () => {
  it('counts from the delivery: open on the 30th day, 403 with the day it ended after; the owner sets it, never under 14', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const owner = await admin();
    const box = await insertProduct(ctx, { name: 'Caixa de sapatos', priceCents: 900, stock: 20 });
    const recent = await paidOrder([{ product_id: box.id, quantity: 1 }], { cookie, email: user.email, status: 'delivered', deliveredDaysAgo: 29 });
    const old = await paidOrder([{ product_id: box.id, quantity: 1 }], { cookie, email: user.email, status: 'delivered', deliveredDaysAgo: 32 });

    expect((await overviewOf(recent.order.id, { cookie })).json<WithdrawalOverview>().open).toBe(true);
    const expired = await withdraw(old.order.id, { cookie }, {});
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toMatch(/^O prazo para desistir desta encomenda terminou em \d{1,2} de \w+ de \d{4}\. /);
    expect((await overviewOf(old.order.id, { cookie })).json<WithdrawalOverview>()).toMatchObject({ open: false });

    const below = await ctx.app.inject({ method: 'PUT', url: '/api/overview/settings', headers: { cookie: owner }, payload: { withdrawalDays: 13 } });
    expect(below.statusCode).toBe(400);
    expect(below.json().fields?.withdrawalDays).toBe('O prazo tem de ser um número inteiro de dias entre 14 (o mínimo da lei) e 365.');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/shop' })).json().withdrawalDays).toBe(30);

    const set = await ctx.app.inject({ method: 'PUT', url: '/api/overview/settings', headers: { cookie: owner }, payload: { withdrawalDays: 14 } });
    expect(set.statusCode, set.body).toBe(200);
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/shop' })).json().withdrawalDays).toBe(14);
      expect((await withdraw(recent.order.id, { cookie }, { confirm: true })).statusCode).toBe(403);
      const [entry] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, 'prazo-de-livre-resolucao'));
      expect(entry).toMatchObject({ entity: 'settings', before: { withdrawalDays: 30 }, after: { withdrawalDays: 14 } });
    } finally {
      await ctx.app.inject({ method: 'PUT', url: '/api/overview/settings', headers: { cookie: owner }, payload: { withdrawalDays: 30 } });
    }
  });

  it('a cancelled order has nothing to withdraw from', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const box = await insertProduct(ctx, { priceCents: 900, stock: 20 });
    const order = await placeOrder(ctx, [{ product_id: box.id, quantity: 1 }], { cookie, details: { email: user.email } });
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/order/${order.id}/cancel`, headers: { cookie } })).statusCode).toBe(200);
    const refused = await withdraw(order.id, { cookie }, { confirm: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(withdrawalMessages.cancelledOrder);
  });
});

describe('the link in the mails and the footer', () => {
  it("the order-received and shipped mails carry 'Desistir do contrato'; the footer's page mails the link only to the order's address and says the same either way", async () => {
    const email = uniqueEmail('rodape');
    const box = await insertProduct(ctx, { priceCents: 900, stock: 20 });
    // MB WAY: the shop's own "Recebemos a sua encomenda" (a Multibanco order's comes with its reference).
    const { order } = await paidOrder([{ product_id: box.id, quantity: 1 }], { email, status: 'shipped', method: 'mbway' });
    await deliverMail(ctx);
    const received = ctx.mailbox.to(email).find((m) => m.subject === `Recebemos a sua encomenda n.º ${order.id}`);
    expect(received?.text).toContain(`Desistir do contrato: pode desistir desta compra, sem indicar o motivo, dentro do prazo de livre resolução, em http://loja.test/encomendas/${order.id}/desistir?token=${order.accessToken}`);
    expect(received?.text).toContain('formulário de livre resolução: http://loja.test/formulario-de-livre-resolucao');
    const shipped = ctx.mailbox.to(email).find((m) => m.subject === `Encomenda n.º ${order.id}: Enviada`);
    expect(shipped?.text).toContain(`/encomendas/${order.id}/desistir?token=`);

    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/withdrawal/link', payload: { order_id: order.id, email: 'outra@example.pt' } });
    const right = await ctx.app.inject({ method: 'POST', url: '/api/withdrawal/link', payload: { order_id: order.id, email: email.toUpperCase() } });
    expect([wrong.statusCode, right.statusCode]).toEqual([200, 200]);
    expect(wrong.json()).toEqual(right.json());
    expect(right.json().message).toBe(withdrawalMessages.linkSent);
    await deliverMail(ctx);
    expect(ctx.mailbox.to('outra@example.pt')).toHaveLength(0);
    const link = ctx.mailbox.to(email).find((m) => m.subject === `Desistir do contrato: encomenda n.º ${order.id}`);
    expect(link?.text).toContain(`http://loja.test/encomendas/${order.id}/desistir?token=${order.accessToken}`);
  });
});

describe("the owner's Desistências", () => {
  it('lists them with the legal clock, flags the overdue, counts them on Resumo; one action refunds the lines and the delivery cost with a credit note', async () => {
    const owner = await admin();
    const email = uniqueEmail('reembolso');
    const box = await insertProduct(ctx, { name: 'Caixa grande', priceCents: 2500, stock: 20 });
    const { order } = await paidOrder([{ product_id: box.id, quantity: 2 }], { email, status: 'delivered', deliveredDaysAgo: 2 });
    await runJobsNow();
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/overview', headers: { cookie: owner } })).json<Overview>().withdrawals;

    // The whole shipment back: the lines (50,00 €) and the delivery (6,00 €).
    const asked = await withdraw(order.id, { token: order.accessToken }, { confirm: true });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json<WithdrawalAnswer>().withdrawal!.id;
    expect(asked.json<WithdrawalAnswer>().withdrawal).toMatchObject({ amount: 56, shipping: 6 });
    // An older request, past its 14 days (inserted: the table refuses changes).
    const [late] = await ctx.database.db
      .insert(withdrawalRequests)
      .values({ orderId: order.id, name: 'Rita Sousa', email, lines: [], linesKey: 'old', statement: 'Desisto.', requestedAt: new Date(Date.now() - 16 * DAY) })
      .returning();

    const waiting = await ctx.app.inject({ method: 'GET', url: '/api/withdrawals?status=requested&pageSize=100', headers: { cookie: owner } });
    expect(waiting.statusCode, waiting.body).toBe(200);
    const listed = waiting.json<WithdrawalPage>().withdrawals;
    expect(listed.find((w) => w.id === id)).toMatchObject({ overdue: false, status: 'requested' });
    expect(listed.find((w) => w.id === late!.id)).toMatchObject({ overdue: true });
    const counted = (await ctx.app.inject({ method: 'GET', url: '/api/overview', headers: { cookie: owner } })).json<Overview>().withdrawals;
    expect(counted).toMatchObject({ periodDays: 30, waiting: before.waiting + 2, overdue: before.overdue + 1 });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/withdrawals' })).statusCode).toBe(401);

    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/withdrawals/${id}/refund`,
      headers: { cookie: owner },
      payload: { method: 'transfer', iban: 'PT50000201231234567890154', transferred_on: '2026-11-20' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toMatchObject({ id, status: 'refunded' });
    const [given] = await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(given).toMatchObject({ amountCents: 5600, shippingCents: 600, method: 'transfer', lines: [{ itemId: order.orderItems[0]!.id, quantity: 2 }] });

    await runJobsNow();
    const note = provider.documents.find((d) => d.kind === 'credit_note' && d.reference.startsWith(`Encomenda ${order.id} `));
    const invoice = provider.documents.find((d) => d.kind === 'invoice_receipt' && d.reference === `Encomenda ${order.id}`);
    expect(note).toMatchObject({ status: 'final', totalCents: 5600, ownerInvoiceId: String(invoice?.id) });
    const seen = (await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: { cookie: owner } })).json<Order>();
    expect(seen.refunds?.[0]?.credit_note?.number).toBe(note?.number);
    expect(ctx.mailbox.to(email).map((m) => m.subject)).toContain(`Reembolso da encomenda n.º ${order.id}`);

    const twice = await ctx.app.inject({ method: 'POST', url: `/api/withdrawals/${id}/refund`, headers: { cookie: owner }, payload: { method: 'transfer', iban: 'PT50000201231234567890154', transferred_on: '2026-11-20' } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(withdrawalMessages.alreadyRefunded);
    expect(await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1);
    const refundedList = (await ctx.app.inject({ method: 'GET', url: '/api/withdrawals?status=refunded&pageSize=100', headers: { cookie: owner } })).json<WithdrawalPage>();
    expect(refundedList.withdrawals.map((w) => w.id)).toContain(id);
    const [audited] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'withdrawal'), eq(auditLog.action, 'refund'), eq(auditLog.entityId, String(id))));
    expect(audited?.after).toMatchObject({ orderId: order.id, refundCents: 5600 });
  }, 60_000);
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DIGITAL_CONSENT_TEXT } from '#shared/digital-consent.ts';
import type { Order } from '#shared/schemas/orders.ts';
import type { ErasureAnswer, PersonalData } from '#shared/schemas/privacy.ts';
import { deliverMail, signedInUser, uniqueEmail, useTestApp, type TestContext } from '../../../../tests/helpers/app.ts';
import { linkIn } from '../../../../tests/helpers/mailbox.ts';
import { checkoutAnswer, insertProduct, placeOrder, putOrderStatus } from '../../../../tests/helpers/shop.ts';
import { auditLog } from '../audit/tables.ts';
import { restockAlerts } from '../catalog/tables.ts';
import { sessions } from '../auth/tables.ts';
import { ANONYMOUS_EMAIL, ANONYMOUS_MARK } from '../orders/customer-rights.ts';
import { orders, orderStatusChanges } from '../orders/tables.ts';
import { addresses, users } from '../users/tables.ts';
import { withdrawalRequests } from '../withdrawals/tables.ts';

/* issue #28: her data on request (export, erasure, the owner's "Pedido RGPD") and the digital consent. */

const ctx = useTestApp();

const inject = (c: TestContext, method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
  c.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** A customer with a delivered order whose withdrawal period ended `daysAgo` days past its delivery + 30. */
async function deliveredOrder(cookie: string, email: string, daysAgo = 40) {
  const admin = (await signedInUser(ctx, { isAdmin: true })).cookie;
  const box = await insertProduct(ctx, { priceCents: 1230, stock: 10 });
  const order = await placeOrder(ctx, [{ product_id: box.id, quantity: 2 }], { cookie, details: { email, postal_code: '1100-200' } });
  expect((await inject(ctx, 'POST', `/api/order/${order.id}/mark-paid`, admin, { method: 'transfer' })).statusCode).toBe(200);
  for (const status of ['shipped', 'delivered']) {
    expect((await ctx.app.inject({ method: 'PATCH', url: `/api/order/${order.id}/status`, headers: { cookie: admin }, payload: { status } })).statusCode).toBe(200);
  }
  const back = new Date(Date.now() - daysAgo * 86_400_000);
  await ctx.database.db.update(orderStatusChanges).set({ at: back }).where(eq(orderStatusChanges.orderId, order.id));
  return order;
}

describe('consent for digital content at checkout', () => {
  it('is stored with the order (the shop’s words and the time) only when given and the cart holds a digital product', async () => {
    const ebook = await insertProduct(ctx, { name: 'Guia digital', isDigital: true, priceCents: 900, stock: null });
    const box = await insertProduct(ctx, { priceCents: 1500 });
    const before = Date.now();
    const consented = await checkoutAnswer(ctx.app, [{ product_id: ebook.id, quantity: 1 }], { fields: { digital_consent: true } as never });
    expect(consented.statusCode, consented.body).toBe(201);
    const withConsent = consented.json<Order>();
    expect(new Date(withConsent.digital_consent_at ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, withConsent.id));
    expect(row?.digitalConsentText).toBe(DIGITAL_CONSENT_TEXT);
    // What the withdrawal function's period rule reads (withdrawals.api.test.ts: a paid digital line is then not offered).
    expect(row?.digitalConsentAt).not.toBeNull();
    // The consent is confirmed on a durable medium: the order's first e-mail repeats the words she accepted.
    await deliverMail(ctx);
    const received = ctx.mailbox.to('maria@example.pt').find((m) => m.subject === `Recebemos a sua encomenda n.º ${withConsent.id}`);
    expect(received?.text).toContain(`«${DIGITAL_CONSENT_TEXT}»`);

    // Without it the order still goes through, and its digital lines stay withdrawable.
    const without = await checkoutAnswer(ctx.app, [{ product_id: ebook.id, quantity: 1 }]);
    expect(without.statusCode).toBe(201);
    expect(without.json<Order>().digital_consent_at).toBeNull();
    const [withoutRow] = await ctx.database.db.select().from(orders).where(eq(orders.id, without.json<Order>().id));
    expect(withoutRow?.digitalConsentAt).toBeNull();
    await deliverMail(ctx);
    const plain = ctx.mailbox.to('maria@example.pt').find((m) => m.subject === `Recebemos a sua encomenda n.º ${without.json<Order>().id}`);
    expect(plain?.text).toBeTruthy();
    expect(plain?.text).not.toContain(DIGITAL_CONSENT_TEXT);

    // Nothing digital: a consent sent all the same is not stored.
    const physical = await checkoutAnswer(ctx.app, [{ product_id: box.id, quantity: 1 }], { fields: { digital_consent: true } as never });
    expect(physical.statusCode).toBe(201);
    const [physicalRow] = await ctx.database.db.select().from(orders).where(eq(orders.id, physical.json<Order>().id));
    expect(physicalRow?.digitalConsentAt).toBeNull();
    expect(physicalRow?.digitalConsentText).toBeNull();
  });
});

describe('her data, exported', () => {
  it('holds her account, addresses, orders with lines, payments, newsletter consent and contact messages, and nobody else’s', async () => {
    const email = uniqueEmail('exporta');
    const { user, cookie } = await signedInUser(ctx, { email, username: 'Joana' });
    const box = await insertProduct(ctx, { name: 'Caixa arrumação', priceCents: 1000 });
    const order = await placeOrder(ctx, [{ product_id: box.id, quantity: 3 }], { cookie, details: { email } });
    await placeOrder(ctx, [{ product_id: box.id, quantity: 1 }], { details: { email: uniqueEmail('outra') } });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Joana', email, subject: 'Prazo', message: 'Quando chega?' } })).statusCode).toBe(200);

    // The Multibanco reference is issued by a job.
    await deliverMail(ctx);
    const res = await inject(ctx, 'GET', '/api/user/me/export', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('os-meus-dados.json');
    const data = res.json<PersonalData>();
    expect(data.account).toMatchObject({ username: 'Joana', email });
    expect(data.addresses).toHaveLength(1);
    expect(data.addresses[0]).toMatchObject({ address: 'Rua das Flores 10', postal_code: '1100-200' });
    expect(data.orders.map((o) => o.id)).toEqual([order.id]);
    expect(data.orders[0]?.orderItems[0]).toMatchObject({ quantity: 3, product: { name: 'Caixa arrumação' } });
    expect(data.payments.map((p) => p.order_id)).toEqual([order.id]);
    expect(data.payments[0]?.method).toBe('multibanco');
    expect(data.newsletter).toMatchObject({ status: 'pending' });
    expect(data.newsletter?.consent_text.length).toBeGreaterThan(10);
    expect(data.contact_messages).toEqual([expect.objectContaining({ subject: 'Prazo', message: 'Quando chega?' })]);
    expect(data.withdrawal_requests).toEqual([]);

    const page = await inject(ctx, 'GET', '/api/user/me/export.html', cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // Its one inline style sheet is allowed by its hash, nothing else.
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(page.body).toContain(`Encomenda n.º ${order.id}`);
    expect(page.body).toContain('Quando chega?');
    expect(page.body).toContain('Rua das Flores 10');
    expect(data.account?.email).toBe(user.email);
  });

  it('carries her withdrawal requests, and her erasure keeps them with their order, anonymised', async () => {
    const email = uniqueEmail('desiste');
    const { cookie } = await signedInUser(ctx, { email, password: 'segredo123' });
    const box = await insertProduct(ctx, { name: 'Caixa de linho', priceCents: 500 });
    const order = await placeOrder(ctx, [{ product_id: box.id, quantity: 1 }], { cookie, details: { email } });
    const withdrawn = await ctx.app.inject({ method: 'POST', url: `/api/order/${order.id}/withdrawal`, headers: { cookie }, payload: { confirm: true } });
    expect(withdrawn.statusCode, withdrawn.body).toBe(201);
    const gone = await insertProduct(ctx, { name: 'Cesto esgotado', priceCents: 900, stock: 0 });
    await ctx.database.db.insert(restockAlerts).values({ productId: gone.id, email: email.toUpperCase(), status: 'waiting', stopToken: `stop-${email}`, confirmedAt: new Date() });
    const data = (await inject(ctx, 'GET', '/api/user/me/export', cookie)).json<PersonalData>();
    expect(data.withdrawal_requests).toEqual([expect.objectContaining({ order_id: order.id, email, status: 'requested' })]);
    expect(data.restock_alerts).toEqual([expect.objectContaining({ product: 'Cesto esgotado', status: 'waiting', told_at: null })]);
    const page = await inject(ctx, 'GET', '/api/user/me/export.html', cookie);
    expect(page.body).toContain('Pedidos de livre resolução');
    expect(page.body).toContain('1 × Caixa de linho');
    expect(page.body).toContain('Por reembolsar');

    // Cancelled (the goods never left), the account may go: the request stays, without who made it.
    const owner = (await signedInUser(ctx, { isAdmin: true })).cookie;
    const seen = (await inject(ctx, 'GET', `/api/order/${order.id}`, owner)).json<Order>();
    expect((await putOrderStatus(ctx, owner, seen, 'cancelled')).statusCode).toBe(200);
    const erased = await ctx.app.inject({ method: 'DELETE', url: '/api/user/me', headers: { cookie }, payload: { password: 'segredo123' } });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json<ErasureAnswer>()).toMatchObject({ restock_alerts_deleted: 1 });
    expect(await ctx.database.db.select().from(restockAlerts).where(eq(restockAlerts.productId, gone.id))).toHaveLength(0);
    const [kept] = await ctx.database.db.select().from(withdrawalRequests).where(eq(withdrawalRequests.orderId, order.id));
    expect(kept).toMatchObject({ name: ANONYMOUS_MARK, email: ANONYMOUS_EMAIL, ip: null, statement: ANONYMOUS_MARK, userId: null });
    expect(kept?.lines).toEqual([expect.objectContaining({ name: 'Caixa de linho', quantity: 1 })]);
  });

  it('is only for the signed-in: 401 without a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/me/export' })).statusCode).toBe(401);
  });
});

describe('her account, erased', () => {
  it('keeps the fiscal record of her orders, anonymised, and deletes the account, addresses and sessions', async () => {
    const email = uniqueEmail('apaga');
    const { user, cookie } = await signedInUser(ctx, { email, password: 'segredo123' });
    const order = await deliveredOrder(cookie, email);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Ana', email, subject: 'Olá', message: 'Obrigada' } })).statusCode).toBe(200);

    const wrong = await inject(ctx, 'DELETE', '/api/user/me', cookie, { password: 'errada999' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('A palavra-passe não está correta.');
    expect(await ctx.database.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);

    const res = await inject(ctx, 'DELETE', '/api/user/me', cookie, { password: 'segredo123' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ErasureAnswer>()).toMatchObject({ account_deleted: true, orders_anonymised: 1, contact_messages_deleted: 1 });
    expect(await ctx.database.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await ctx.database.db.select().from(addresses).where(eq(addresses.userId, user.id))).toHaveLength(0);
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);

    const [kept] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({
      userId: null,
      email: 'anonimizado@anonimizado.invalid',
      phone: 'Anonimizado (RGPD)',
      shippingAddress: 'Anonimizado (RGPD), 1100',
      totalWithTaxCents: order.total_price_with_tax * 100,
      totalTaxCents: Math.round(order.total_tax * 100),
      accessToken: null,
    });
    expect(kept?.anonymisedAt).not.toBeNull();
    // Her session is gone: the next call is a stranger's.
    expect((await inject(ctx, 'GET', '/api/user/profile', cookie)).statusCode).toBe(401);
    await deliverMail(ctx);
    expect(ctx.mailbox.to(email).map((m) => m.subject)).toContain('A sua conta foi apagada');
  });

  it('is refused with the reason while an order is open, or within its withdrawal period; nothing changes', async () => {
    const email = uniqueEmail('aberta');
    const { user, cookie } = await signedInUser(ctx, { email, password: 'segredo123' });
    const box = await insertProduct(ctx, { priceCents: 800 });
    const open = await placeOrder(ctx, [{ product_id: box.id, quantity: 1 }], { cookie, details: { email } });
    const refused = await inject(ctx, 'DELETE', '/api/user/me', cookie, { password: 'segredo123' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `Ainda não é possível apagar estes dados: a encomenda n.º ${open.id} está em curso. Será possível depois de entregue e terminado o prazo de livre resolução, ou se for cancelada.`,
    );
    expect(await ctx.database.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    const [still] = await ctx.database.db.select().from(orders).where(eq(orders.id, open.id));
    expect(still?.email).toBe(email);

    // Cancelled (unpaid, nothing owed), then a delivered order 10 days ago: still within its 30 days.
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/order/${open.id}/cancel`, headers: { cookie } })).statusCode).toBe(200);
    const recent = await deliveredOrder(cookie, email, 10);
    const within = await inject(ctx, 'DELETE', '/api/user/me', cookie, { password: 'segredo123' });
    expect(within.statusCode).toBe(409);
    expect(within.json().message).toContain(`a encomenda n.º ${recent.id} está no prazo de livre resolução, até `);
  });

  it('can be confirmed by the link mailed to her instead of her password', async () => {
    const email = uniqueEmail('link');
    const { user, cookie } = await signedInUser(ctx, { email });
    const asked = await inject(ctx, 'POST', '/api/user/me/erase-link', cookie);
    expect(asked.statusCode).toBe(200);
    await deliverMail(ctx);
    const link = new URL(linkIn(ctx.mailbox.to(email).find((m) => m.subject === 'Confirme o apagamento da sua conta')));
    expect(link.pathname).toBe('/perfil');
    const token = link.searchParams.get('apagar-conta') ?? '';
    expect((await inject(ctx, 'DELETE', '/api/user/me', cookie, { token: 'outro-token' })).statusCode).toBe(400);
    const res = await inject(ctx, 'DELETE', '/api/user/me', cookie, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ctx.database.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
  });

  it('is not offered to an admin account from her profile', async () => {
    const { cookie } = await signedInUser(ctx, { isAdmin: true, password: 'segredo123' });
    const res = await inject(ctx, 'DELETE', '/api/user/me', cookie, { password: 'segredo123' });
    expect(res.statusCode).toBe(403);
  });
});

describe('the owner’s "Pedido RGPD"', () => {
  it('exports and then anonymises what is held for a guest’s e-mail, both in the audit log', async () => {
    const admin = await signedInUser(ctx, { isAdmin: true });
    const email = uniqueEmail('convidada');
    const box = await insertProduct(ctx, { priceCents: 700 });
    const order = await placeOrder(ctx, [{ product_id: box.id, quantity: 1 }], { details: { email } });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Rita', email, subject: 'Dados', message: 'Apaguem-me' } })).statusCode).toBe(200);

    const exported = await inject(ctx, 'POST', '/api/user/data-request/export', admin.cookie, { email: email.toUpperCase() });
    expect(exported.statusCode).toBe(200);
    expect(exported.json<PersonalData>()).toMatchObject({ account: null, orders: [expect.objectContaining({ id: order.id })], contact_messages: [expect.objectContaining({ message: 'Apaguem-me' })] });

    // Her order is still open: refused, with the reason.
    const refused = await inject(ctx, 'POST', '/api/user/data-request/erase', admin.cookie, { email });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`a encomenda n.º ${order.id} está em curso`);
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/order/${order.id}/cancel?token=${order.accessToken}` })).statusCode).toBe(200);

    const erased = await inject(ctx, 'POST', '/api/user/data-request/erase', admin.cookie, { email });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json<ErasureAnswer>()).toMatchObject({ account_deleted: false, orders_anonymised: 1, contact_messages_deleted: 1 });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.email).toBe('anonimizado@anonimizado.invalid');
    // The guest's link no longer opens it.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}?token=${order.accessToken}` })).statusCode).toBe(404);

    const entries = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, email));
    expect(entries.map((e) => [e.entity, e.action, e.actorId])).toEqual([
      ['personal-data', 'export', admin.user.id],
      ['personal-data', 'anonymise', admin.user.id],
    ]);
  });

  it('is for admins only: a customer gets 403 and nothing is exported', async () => {
    const { cookie } = await signedInUser(ctx);
    expect((await inject(ctx, 'POST', '/api/user/data-request/export', cookie, { email: 'x@example.pt' })).statusCode).toBe(403);
  });

  it('asks for a valid e-mail, in pt-PT', async () => {
    const admin = await signedInUser(ctx, { isAdmin: true });
    const res = await inject(ctx, 'POST', '/api/user/data-request/erase', admin.cookie, { email: 'não é email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields?.email).toBeTruthy();
  });
});


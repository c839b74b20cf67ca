import { describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '#shared/schemas/audit.ts';
import { login, signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { multipart, pngImage } from '../../../../tests/helpers/images.ts';
import { placeOrder, insertProduct } from '../../../../tests/helpers/shop.ts';
import { paymentCallbacks, payments } from '../payments/tables.ts';

// What issue #26 found the audit log did not record: picture replacements, message reads, test newsletters,
// resolved payment alerts, admin sign-ins and sign-outs, and refused admin calls (bounded per address and minute).

const ctx = useTestApp();

async function auditOf(cookie: string, query = '') {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/audit${query}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditPage>();
}

const entries = async (cookie: string, entity: string, id?: number | string): Promise<AuditEntry[]> =>
  (await auditOf(cookie, `?entity=${entity}${id === undefined ? '' : `&entityId=${encodeURIComponent(String(id))}`}`)).rows;

const picture = async (width: number) => multipart({ name: 'capa' }, [{ field: 'image', name: 'capa.png', type: 'image/png', data: await pngImage(width, 30) }]);

describe('the audit log also records', () => {
  it('a picture replaced, with its old and new version', async () => {
    const owner = await signedInUser(ctx, { isAdmin: true });
    const headers = { cookie: owner.cookie };
    const first = await ctx.app.inject({ method: 'PUT', url: '/api/image/capa', headers, payload: await picture(40) });
    expect(first.statusCode, first.body).toBe(200);
    const id = first.json().id as number;
    const replaced = await ctx.app.inject({ method: 'PUT', url: '/api/image/capa', headers, payload: await picture(60) });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().id).toBe(id);

    const [update, create] = await entries(owner.cookie, 'media', id);
    expect(create).toMatchObject({ action: 'create', after: { name: 'capa', width: 40 } });
    expect(update).toMatchObject({ action: 'update', actor: { id: owner.user.id }, ip: '127.0.0.1', before: { width: 40 }, after: { width: 60 } });
    expect(update?.before?.version).not.toBe(update?.after?.version);
  });

  it('a contact message read (once), a test newsletter and a resolved payment alert', async () => {
    const owner = await signedInUser(ctx, { isAdmin: true });
    const headers = { cookie: owner.cookie };
    const sent = await ctx.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Rita', email: 'rita@example.pt', subject: 'Entregas', message: 'Entregam nos Açores?' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const [message] = (await ctx.app.inject({ method: 'GET', url: '/api/contact/messages', headers })).json().messages as { id: number }[];
    for (let i = 0; i < 2; i++) expect((await ctx.app.inject({ method: 'PUT', url: `/api/contact/messages/${message!.id}/read`, headers })).statusCode).toBe(200);
    const reads = await entries(owner.cookie, 'message', message!.id);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ action: 'read', actor: { id: owner.user.id }, after: { from: 'rita@example.pt' } });

    expect((await ctx.app.inject({ method: 'PUT', url: '/api/newsletter/content', headers, payload: { title: 'Novidades', value: '<p>Olá</p>' } })).statusCode).toBe(200);
    const test = await ctx.app.inject({ method: 'POST', url: '/api/newsletter/test', headers });
    expect(test.statusCode, test.body).toBe(200);
    expect((await entries(owner.cookie, 'newsletter', 'teste'))[0]).toMatchObject({ action: 'test', after: { title: 'Novidades', to: owner.user.email } });

    // Money arrived for a cancelled order (the callback's flag, as payments.api.test.ts makes it): the owner resolves it.
    const product = await insertProduct(ctx, { priceCents: 1500 });
    const order = await placeOrder(ctx, [{ product_id: product.id, quantity: 1 }]);
    const [payment] = await ctx.database.db
      .insert(payments)
      .values({ orderId: order.id, method: 'multibanco', gateway: 'sandbox', amountCents: 2100, gatewayOrderId: `${order.id}P1`, expiresAt: new Date(Date.now() + 3600_000) })
      .returning();
    const [alert] = await ctx.database.db
      .insert(paymentCallbacks)
      .values({ paymentId: payment!.id, outcome: 'order_cancelled', needsAttention: true, params: { orderId: `${order.id}P1` }, ip: '192.0.2.1' })
      .returning();
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/payment/alerts/${alert!.id}/resolve`, headers })).statusCode).toBe(204);
    expect((await entries(owner.cookie, 'payment-alert', alert!.id))[0]).toMatchObject({
      action: 'resolve',
      actor: { id: owner.user.id },
      after: { outcome: 'order_cancelled', orderId: order.id },
    });
  });

  it("an admin's sign-in and sign-out, from her address, but not a customer's", async () => {
    const owner = await signedInUser(ctx, { isAdmin: true });
    const customer = await signedInUser(ctx);
    const [signIn] = await entries(owner.cookie, 'session', owner.user.id);
    expect(signIn).toMatchObject({ action: 'sign-in', actor: { id: owner.user.id, email: owner.user.email }, ip: '127.0.0.1' });
    expect(await entries(owner.cookie, 'session', customer.user.id)).toEqual([]);

    const second = await login(ctx, owner.user.email, owner.user.password);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: second } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: customer.cookie } })).statusCode).toBe(200);
    const [signOut] = await entries(owner.cookie, 'session', owner.user.id);
    expect(signOut).toMatchObject({ action: 'sign-out', actor: { id: owner.user.id } });
    expect(await entries(owner.cookie, 'session', customer.user.id)).toEqual([]);
  });

  it('refused admin calls: who, what and why, one entry per address and minute with the count of attempts', async () => {
    const owner = await signedInUser(ctx, { isAdmin: true });
    const customer = await signedInUser(ctx);
    const visitor = await ctx.app.inject({ method: 'GET', url: '/api/audit', remoteAddress: '203.0.113.5' });
    expect(visitor.statusCode).toBe(401);
    const forbidden = await ctx.app.inject({ method: 'DELETE', url: '/api/product/1', headers: { cookie: customer.cookie }, remoteAddress: '203.0.113.6' });
    expect(forbidden.statusCode).toBe(403);

    const refused = await entries(owner.cookie, 'access');
    expect(refused.find((e) => e.ip === '203.0.113.5')).toMatchObject({
      action: 'refused',
      actor: { id: null },
      entityId: 'GET /api/audit',
      after: { request: 'GET /api/audit', answer: 401, reason: 'sem sessão iniciada', attempts: 1 },
    });
    expect(refused.find((e) => e.ip === '203.0.113.6')).toMatchObject({
      actor: { id: customer.user.id, email: customer.user.email },
      entityId: 'DELETE /api/product/:id',
      after: { request: 'DELETE /api/product/:id', answer: 403, reason: 'não é administrador' },
    });

    // A flood from one address: every call refused, one entry, its attempts counted (unless the minute turned).
    const before = (await auditOf(owner.cookie)).count;
    for (let i = 0; i < 30; i++) {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/user/${i}`, remoteAddress: '203.0.113.9' })).statusCode).toBe(401);
    }
    const flood = (await entries(owner.cookie, 'access')).filter((e) => e.ip === '203.0.113.9');
    expect(flood.length).toBeLessThanOrEqual(2);
    expect(flood.reduce((sum, e) => sum + Number(e.after?.attempts), 0)).toBe(30);
    expect((await auditOf(owner.cookie)).count - before).toBe(flood.length);
  });
});

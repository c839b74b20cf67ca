import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lisbonToday } from '#shared/dates.ts';
import type { AuditEntry, AuditPage } from '#shared/schemas/audit.ts';
import { createUser, signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { multipart, pngImage } from '../../../../tests/helpers/images.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';

// The audit log (issue #17): each kind of admin change, with who, where from, and the values before and after.

const ctx = useTestApp();

async function auditOf(cookie: string, query = '') {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/audit${query}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditPage>();
}

/** The newest entry about one record. */
async function latest(cookie: string, entity: string, id: number | string): Promise<AuditEntry | undefined> {
  return (await auditOf(cookie, `?entity=${entity}&entityId=${encodeURIComponent(String(id))}`)).rows[0];
}

const productForm = (values: Record<string, string> = {}) =>
  multipart({ name: 'Caixa de linho', description: 'Caixa com tampa.', order: '1', price: '20,00', stock: '10', isDigital: 'false', hasVariants: 'false', ...values });

describe('the audit log', () => {
  it("records a product's price, stock and deletion, with the admin, her address and what changed", async () => {
    const owner = await signedInUser(ctx, { isAdmin: true });
    const box = await insertProduct(ctx, { name: 'Caixa de linho', description: 'Caixa com tampa.', displayOrder: 1, priceCents: 2000, stock: 10 });
    const edit = await ctx.app.inject({ method: 'PUT', url: `/api/product/${box.id}`, headers: { cookie: owner.cookie }, payload: productForm({ price: '24,50', stock: '7' }) });
    expect(edit.statusCode, edit.body).toBe(200);

    const entry = await latest(owner.cookie, 'product', box.id);
    expect(entry).toMatchObject({ action: 'update', actor: { id: owner.user.id, email: owner.user.email }, ip: '127.0.0.1' });
    // Only what changed, before and after.
    expect(entry?.before).toEqual({ priceCents: 2000, stock: 10 });
    expect(entry?.after).toEqual({ priceCents: 2450, stock: 7 });

    // Saving the same values again changes nothing, and records nothing.
    await ctx.app.inject({ method: 'PUT', url: `/api/product/${box.id}`, headers: { cookie: owner.cookie }, payload: productForm({ price: '24,50', stock: '7' }) });
    expect((await auditOf(owner.cookie, `?entity=product&entityId=${box.id}`)).count).toBe(1);

    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/product/${box.id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    expect(await latest(owner.cookie, 'product', box.id)).toMatchObject({ action: 'delete', before: expect.objectContaining({ name: 'Caixa de linho', priceCents: 2450 }), after: null });
  });

  it("records a user's flags, an order's status and a payment recorded by hand, but never a customer's own checkout", async () => {
    const owner = await signedInUser(ctx, { isAdmin: true });
    const customer = await createUser(ctx, { username: 'rita' });
    const ban = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/${customer.id}`,
      headers: { cookie: owner.cookie },
      payload: { username: 'rita', email: customer.email, isBanned: true, isVerified: true, isAdmin: false },
    });
    expect(ban.statusCode, ban.body).toBe(200);
    const userEntry = await latest(owner.cookie, 'user', customer.id);
    expect(userEntry?.before).toMatchObject({ isBanned: false });
    expect(userEntry?.after).toMatchObject({ isBanned: true });
    expect(JSON.stringify(userEntry)).not.toContain('password_hash');

    const before = (await auditOf(owner.cookie)).count;
    const tags = await insertProduct(ctx, { name: 'Etiquetas', priceCents: 500, stock: 10 });
    const order = await placeOrder(ctx, [{ product_id: tags.id, quantity: 2 }]);
    expect((await auditOf(owner.cookie)).count).toBe(before);

    const paid = await ctx.app.inject({ method: 'POST', url: `/api/order/${order.id}/mark-paid`, headers: { cookie: owner.cookie }, payload: { method: 'transfer', note: 'Transferência de 12/11' } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await latest(owner.cookie, 'order', order.id)).toMatchObject({
      action: 'payment',
      before: { status: 'pending', paidAt: null },
      after: { status: 'processing', paidMethod: 'transfer', paidNote: 'Transferência de 12/11' },
    });
    const shipped = await ctx.app.inject({ method: 'PATCH', url: `/api/order/${order.id}/status`, headers: { cookie: owner.cookie }, payload: { status: 'shipped' } });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(await latest(owner.cookie, 'order', order.id)).toMatchObject({ action: 'status', before: { status: 'processing' }, after: { status: 'shipped' } });
  });

  it('records content, services, newsletter, media and settings changes', async () => {
    const owner = await signedInUser(ctx, { isAdmin: true });
    const headers = { cookie: owner.cookie };
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/content/home-hero', headers, payload: { value: '<p>Casa arrumada</p>' } })).statusCode).toBe(200);
    expect(await latest(owner.cookie, 'content', 'home-hero')).toMatchObject({ after: { html: '<p>Casa arrumada</p>' } });

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/service',
      headers,
      payload: multipart({ name: 'Consultoria', description: 'Uma hora.', short_description: 'Uma hora', schedule_link: 'https://calendly.com/loja/consultoria', order: '1' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const serviceId = created.json().id as number;
    expect(await latest(owner.cookie, 'service', serviceId)).toMatchObject({ action: 'create', before: null, after: expect.objectContaining({ name: 'Consultoria' }) });

    const draft = await ctx.app.inject({ method: 'PUT', url: '/api/newsletter/content', headers, payload: { title: 'Novidades', value: '<p>Olá</p>' } });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(await latest(owner.cookie, 'newsletter', 'rascunho')).toMatchObject({ after: { title: 'Novidades', html: '<p>Olá</p>' } });

    const image = await ctx.app.inject({ method: 'PUT', url: '/api/image/capa', headers, payload: multipart({ name: 'capa' }, [{ field: 'image', name: 'capa.png', type: 'image/png', data: await pngImage(40, 30) }]) });
    expect(image.statusCode, image.body).toBe(200);
    const imageId = image.json().id as number;
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/image/${imageId}`, headers })).statusCode).toBe(200);
    expect(await latest(owner.cookie, 'media', imageId)).toMatchObject({ action: 'delete', before: { name: 'capa' } });

    expect((await ctx.app.inject({ method: 'PUT', url: '/api/overview/settings', headers, payload: { lowStockThreshold: 8 } })).statusCode).toBe(200);
    expect(await latest(owner.cookie, 'settings', 'stock-baixo')).toMatchObject({ before: { lowStockThreshold: 3 }, after: { lowStockThreshold: 8 } });
  });

  it('filters by entity, admin and days, pages, and is for admins only', async () => {
    const owner = await signedInUser(ctx, { isAdmin: true });
    const other = await signedInUser(ctx, { isAdmin: true });
    await ctx.app.inject({ method: 'PUT', url: '/api/overview/settings', headers: { cookie: other.cookie }, payload: { lowStockThreshold: 4 } });
    const byOther = await auditOf(owner.cookie, `?actor=${other.user.id}`);
    // Her sign-in is in the log too (issue #26), before her change.
    expect(byOther.rows.map((r) => [r.entity, r.action, r.actor.email])).toEqual([
      ['settings', 'update', other.user.email],
      ['session', 'sign-in', other.user.email],
    ]);
    expect(byOther.actors.map((a) => a.email)).toContain(other.user.email);

    const today = lisbonToday();
    const all = await auditOf(owner.cookie, `?from=${today}&to=${today}`);
    expect(all.count).toBeGreaterThanOrEqual(8);
    expect((await auditOf(owner.cookie, '?from=2020-01-01&to=2020-01-31')).count).toBe(0);
    const page2 = await auditOf(owner.cookie, '?pageSize=2&page=2');
    expect(page2.rows).toHaveLength(2);
    expect(page2.rows[0]?.id).toBe(all.rows[2]?.id);

    const bad = await ctx.app.inject({ method: 'GET', url: `/api/audit?from=${today}&to=2020-01-01`, headers: { cookie: owner.cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('A data inicial tem de ser igual ou anterior à data final.');
    const customer = await signedInUser(ctx);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/audit', headers: { cookie: customer.cookie } })).statusCode).toBe(403);
  });

  it('cannot be edited or deleted, not even by a statement sent straight to the database', async () => {
    const owner = await signedInUser(ctx, { isAdmin: true });
    await ctx.app.inject({ method: 'PUT', url: '/api/overview/settings', headers: { cookie: owner.cookie }, payload: { lowStockThreshold: 6 } });
    const count = (await auditOf(owner.cookie)).count;
    // The database's own word (drizzle wraps it in its "Failed query").
    const refusal = (statement: ReturnType<typeof sql>) =>
      ctx.database.db.execute(statement).then(
        () => 'accepted',
        (err: Error) => String((err.cause as Error | undefined)?.message ?? err.message),
      );
    expect(await refusal(sql`UPDATE audit_log SET actor_email = 'outra@example.pt'`)).toBe('audit_log is append-only');
    expect(await refusal(sql`DELETE FROM audit_log`)).toBe('audit_log is append-only');
    expect(await refusal(sql`TRUNCATE audit_log`)).toBe('audit_log is append-only');
    expect((await auditOf(owner.cookie)).count).toBe(count);
  });
});

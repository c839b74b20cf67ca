import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoicingMessages, type PendingDocuments } from '#shared/schemas/invoicing.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { deliverMail, signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';
import { auditLog } from '../../db/schema.ts';

// INVOICING unset: the shop issues no fiscal documents and tells the owner which paid orders have none.
const ctx = useTestApp();

describe('a shop without an invoicing provider', () => {
  it('mails the payment at once, shows no invoice, and lists the paid order in "Faturas por emitir"', async () => {
    const admin = (await signedInUser(ctx, { isAdmin: true })).cookie;
    const { user, cookie } = await signedInUser(ctx);
    const agenda = await insertProduct(ctx, { priceCents: 1500, stock: 3 });
    const order = await placeOrder(ctx, [{ product_id: agenda.id, quantity: 1 }], { cookie, details: { email: user.email } });
    const unpaid = await placeOrder(ctx, [{ product_id: agenda.id, quantity: 1 }], { cookie, details: { email: user.email } });
    const paid = await ctx.app.inject({ method: 'POST', url: `/api/order/${order.id}/mark-paid`, headers: { cookie: admin }, payload: { method: 'cash' } });
    expect(paid.statusCode, paid.body).toBe(200);
    await deliverMail(ctx);

    expect(ctx.mailbox.to(user.email).filter((m) => m.subject === `Pagamento recebido: encomenda n.º ${order.id}`)).toHaveLength(1);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: { cookie } })).json<Order>().invoice).toBeNull();
    const pending = (await ctx.app.inject({ method: 'GET', url: '/api/invoice/pending', headers: { cookie: admin } })).json<PendingDocuments>();
    expect(pending.provider).toBe('none');
    expect(pending.documents).toContainEqual(expect.objectContaining({ kind: 'invoice_receipt', order_id: order.id, amount: 21, error: null }));
    expect(pending.documents.map((d) => d.order_id)).not.toContain(unpaid.id);
    const retry = await ctx.app.inject({ method: 'POST', url: `/api/order/${order.id}/invoice/retry`, headers: { cookie: admin } });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error).toBe(invoicingMessages.noInvoicing);
  });

  it('lists who to invoice, and "Marcar como emitida" keeps the number on the order for its customer, once, in the audit log', async () => {
    const admin = (await signedInUser(ctx, { isAdmin: true })).cookie;
    const { user, cookie } = await signedInUser(ctx);
    const box = await insertProduct(ctx, { priceCents: 2490, stock: 5 });
    const order = await placeOrder(ctx, [{ product_id: box.id, quantity: 1 }], {
      cookie,
      details: { email: user.email, name: 'Ana Sá', nif: '123456789', company: 'Arruma Lda', address: 'Rua Direita 5', city: 'Porto', postal_code: '4000-100' },
    });
    const unpaid = await placeOrder(ctx, [{ product_id: box.id, quantity: 1 }], { cookie, details: { email: user.email } });
    expect((await ctx.app.inject({ method: 'POST', url: `/api/order/${order.id}/mark-paid`, headers: { cookie: admin }, payload: { method: 'transfer' } })).statusCode).toBe(200);
    const pending = async () => (await ctx.app.inject({ method: 'GET', url: '/api/invoice/pending', headers: { cookie: admin } })).json<PendingDocuments>().documents;

    // What she writes the invoice from: name, NIF, company, address and total.
    expect((await pending()).find((d) => d.order_id === order.id)).toMatchObject({
      name: 'Ana Sá',
      nif: '123456789',
      company: 'Arruma Lda',
      address: 'Rua Direita 5, Porto, 4000-100, Portugal',
      amount: 30.9,
    });

    const issue = (id: number, payload: unknown, who = admin) =>
      ctx.app.inject({ method: 'POST', url: `/api/order/${id}/invoice/issued`, headers: { cookie: who }, payload: payload as Record<string, unknown> });
    // Nothing to keep: a number is needed, an unpaid order has nothing to invoice, a customer may not.
    for (const payload of [{}, { number: '   ' }, { number: 'x'.repeat(61) }]) {
      const bad = await issue(order.id, payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toMatchObject({ number: invoicingMessages.documentNumber });
    }
    const notPaid = await issue(unpaid.id, { number: 'FR 2026/13' });
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().error).toBe(invoicingMessages.notInvoiceable);
    expect((await issue(order.id, { number: 'FR 2026/12' }, cookie)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/order/${order.id}/invoice/issued`, payload: { number: 'FR 2026/12' } })).statusCode).toBe(401);
    expect((await pending()).map((d) => d.order_id)).toContain(order.id);

    const done = await issue(order.id, { number: ' FR 2026/12 ' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(invoicingMessages.issuedElsewhere);
    expect((await pending()).map((d) => d.order_id)).not.toContain(order.id);
    // The customer sees the number on her order; there is no PDF the shop could fetch.
    const seen = (await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: { cookie } })).json<Order>();
    expect(seen.invoice).toMatchObject({ label: 'Fatura n.º FR 2026/12', number: 'FR 2026/12', pdf_url: null });
    // Once: a second click is told it is done, and changes nothing.
    const again = await issue(order.id, { number: 'FR 2026/99' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(invoicingMessages.notInvoiceable);
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(order.id)), eq(auditLog.action, 'invoice')));
    expect(entries.map((e) => e.after)).toEqual([{ invoiceNumber: 'FR 2026/12' }]);
  });

  it('says in the refund e-mail that the shop sends the credit note, never that one will be issued', async () => {
    const admin = (await signedInUser(ctx, { isAdmin: true })).cookie;
    const { user, cookie } = await signedInUser(ctx);
    const box = await insertProduct(ctx, { priceCents: 1000, stock: 5 });
    const order = await placeOrder(ctx, [{ product_id: box.id, quantity: 1 }], { cookie, details: { email: user.email } });
    await ctx.app.inject({ method: 'POST', url: `/api/order/${order.id}/mark-paid`, headers: { cookie: admin }, payload: { method: 'transfer' } });
    const item = order.orderItems[0]?.id ?? 0;
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/refund`,
      headers: { cookie: admin },
      payload: { method: 'transfer', lines: [{ item_id: item, quantity: 1 }], iban: 'PT50000201231234567890154', transferred_on: '2026-01-05' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await deliverMail(ctx);
    const [mail] = ctx.mailbox.to(user.email).filter((m) => m.subject === `Reembolso da encomenda n.º ${order.id}`);
    expect(mail?.text).toContain('A loja envia-lhe a nota de crédito deste reembolso.');
    expect(mail?.text).not.toContain('assim que for emitida');
  });
});

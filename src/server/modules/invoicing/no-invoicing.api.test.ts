import { describe, expect, it } from 'vitest';
import { invoicingMessages, type PendingDocuments } from '#shared/schemas/invoicing.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { deliverMail, signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';

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
});

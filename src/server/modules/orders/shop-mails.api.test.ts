import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatCents } from '#shared/money.ts';
import { type Overview, overviewMessages } from '#shared/schemas/overview.ts';
import { deliverMail, signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';
import { auditLog, jobs } from '../../db/schema.ts';
import { queueShopPaidMail } from './shop-mail-jobs.ts';

// Issue #25, "the owner hears of her shop": a mail to SHOP_EMAIL for each paid order (and each new one when she
// asks), answers to the shop's mails reach the shop (Reply-To), and every mail still says a program sent it.

const SHOP = 'dona@loja.example.pt';
const PUBLIC = 'ola@loja.example.pt';
const ctx = useTestApp({ SHOP_EMAIL: SHOP, SHOP_PUBLIC_EMAIL: PUBLIC });

const header = (mail: { headers: { key: string; value: string }[] }, key: string) => mail.headers.find((h) => h.key === key)?.value;
/** Amounts as the mails write them (a no-break space before the euro sign). */
const eur = (cents: number) => formatCents(cents);
const replyTo = (mail: { replyTo?: { address?: string }[] }) => mail.replyTo?.map((r) => r.address);

async function paidOrder(details: Record<string, string> = {}) {
  const admin = await signedInUser(ctx, { isAdmin: true });
  const box = await insertProduct(ctx, { name: 'Caixa de linho', priceCents: 2490, stock: 10 });
  const order = await placeOrder(ctx, [{ product_id: box.id, quantity: 2 }], { method: 'mbway', details: { email: 'rita@example.pt', name: 'Rita Sousa', ...details } });
  const paid = await ctx.app.inject({ method: 'POST', url: `/api/order/${order.id}/mark-paid`, headers: { cookie: admin.cookie }, payload: { method: 'transfer' } });
  expect(paid.statusCode, paid.body).toBe(200);
  await deliverMail(ctx);
  return { order, admin };
}

describe("the shop's own e-mails", () => {
  it('mails SHOP_EMAIL each paid order with its items, customer and address; answering it answers the customer', async () => {
    const { order } = await paidOrder({ nif: '123456789', company: 'Arruma Lda' });
    const toShop = ctx.mailbox.to(SHOP).filter((m) => m.subject?.includes(`n.º ${order.id}`));
    expect(toShop.map((m) => m.subject)).toEqual([`Encomenda n.º ${order.id} paga: ${eur(5580)}`]);
    const [mail] = toShop;
    expect(mail?.text).toContain(`A encomenda n.º ${order.id} foi paga em`);
    expect(mail?.text).toContain(`${eur(5580)} por Transferência bancária.`);
    expect(mail?.text).toContain(`2 × Caixa de linho: ${eur(4980)}`);
    expect(mail?.text).toContain('NIF 123456789 (Arruma Lda)');
    expect(mail?.text).toContain('Morada de envio: Rita Sousa, Rua das Flores 10, Lisboa, 1100-200, Portugal.');
    expect(mail?.text).toContain(`/admin-dashboard/edit-order/${order.id}`);
    expect(replyTo(mail!)).toEqual(['rita@example.pt']);
    expect(header(mail!, 'auto-submitted')).toBe('auto-generated');
    // No mail of the new order: the owner has not asked for those.
    expect(ctx.mailbox.to(SHOP).some((m) => m.subject?.startsWith(`Nova encomenda n.º ${order.id}`))).toBe(false);
  });

  it("gives every customer mail Reply-To the shop's public address, and keeps Auto-Submitted", async () => {
    const { order } = await paidOrder();
    const toCustomer = ctx.mailbox.to('rita@example.pt').filter((m) => m.subject?.includes(`n.º ${order.id}`));
    expect(toCustomer.map((m) => m.subject).sort()).toEqual([`Pagamento recebido: encomenda n.º ${order.id}`, `Recebemos a sua encomenda n.º ${order.id}`].sort());
    for (const mail of toCustomer) {
      expect(replyTo(mail)).toEqual([PUBLIC]);
      expect(header(mail, 'auto-submitted')).toBe('auto-generated');
      expect(mail.text).toContain('Se lhe responder, a resposta chega à loja.');
    }
  });

  it('mails each new order too once the owner turns it on in Resumo, and stops when she turns it off', async () => {
    const admin = await signedInUser(ctx, { isAdmin: true });
    const box = await insertProduct(ctx, { name: 'Etiquetas', priceCents: 615, stock: 10 });
    const settings = (payload: object) => ctx.app.inject({ method: 'PUT', url: '/api/overview/settings', headers: { cookie: admin.cookie }, payload });
    const read = async (): Promise<Overview> => (await ctx.app.inject({ method: 'GET', url: '/api/overview', headers: { cookie: admin.cookie } })).json();
    expect((await read()).ownerMail).toEqual({ newOrders: false, to: SHOP });

    const on = await settings({ mailNewOrders: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().message).toBe(overviewMessages.newOrdersOn);
    expect((await read()).ownerMail).toEqual({ newOrders: true, to: SHOP });
    const heard = await placeOrder(ctx, [{ product_id: box.id, quantity: 1 }], { method: 'mbway' });
    await deliverMail(ctx);
    const [mail, ...more] = ctx.mailbox.to(SHOP).filter((m) => m.subject?.includes(`n.º ${heard.id}`));
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Nova encomenda n.º ${heard.id}: ${eur(1215)}, por pagar`);
    expect(mail?.text).toContain('a pagar por MB WAY. Ainda não está paga');
    expect(mail?.text).toContain(`1 × Etiquetas: ${eur(615)}`);

    const off = await settings({ mailNewOrders: false });
    expect(off.json().message).toBe(overviewMessages.newOrdersOff);
    const quiet = await placeOrder(ctx, [{ product_id: box.id, quantity: 1 }], { method: 'mbway' });
    await deliverMail(ctx);
    expect(ctx.mailbox.to(SHOP).some((m) => m.subject?.includes(`n.º ${quiet.id}`))).toBe(false);
    // Her changes are in the audit log; a setting that is not a yes or a no changes nothing.
    const logged = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'settings'), eq(auditLog.entityId, 'emails-da-loja')));
    expect(logged.map((e) => e.after)).toEqual([{ mailNewOrders: true }, { mailNewOrders: false }]);
    const bad = await settings({ mailNewOrders: 'sim' });
    expect(bad.statusCode).toBe(400);
    expect((await settings({})).json().error).toBe(overviewMessages.nothingToSave);
    expect((await read()).ownerMail.newOrders).toBe(false);
    const customer = await signedInUser(ctx);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/overview/settings', headers: { cookie: customer.cookie }, payload: { mailNewOrders: true } })).statusCode).toBe(403);
  });

  it('mails a paid order once however often its mail is queued again (the job is keyed by the order)', async () => {
    const { order } = await paidOrder();
    // Another process, or a retried job, queues it again: the key keeps one.
    expect(await queueShopPaidMail(ctx.database.db, order.id)).toBe(false);
    expect(await queueShopPaidMail(ctx.database.db, order.id)).toBe(false);
    await deliverMail(ctx);
    expect(ctx.mailbox.to(SHOP).filter((m) => m.subject === `Encomenda n.º ${order.id} paga: ${eur(5580)}`)).toHaveLength(1);
    const queued = await ctx.database.db.select().from(jobs).where(and(eq(jobs.type, 'orders.shop-paid-mail'), eq(jobs.key, String(order.id))));
    expect(queued).toHaveLength(1);
  });
});

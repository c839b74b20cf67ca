import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatLongDateTime } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { groupReference } from '#shared/schemas/payments.ts';
import { deliverMail, signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { FAKE_ENTITY, ifthenpayEnv, useFakeIfthenpay } from '../../../../tests/helpers/fake-ifthenpay.ts';
import { linkIn } from '../../../../tests/helpers/mailbox.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';
import { payments } from './tables.ts';

/* The order-received mail of a Multibanco order carries its reference, so the customer can pay from the bank's app later. */

const fake = useFakeIfthenpay();
const ctx = useTestApp(() => ifthenpayEnv(fake));

const paymentsOf = (orderId: number) => ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId));
const receivedMail = (email: string, id: number) => ctx.mailbox.to(email).find((m) => m.subject === `Recebemos a sua encomenda n.º ${id}`);

describe('order-received mail of a Multibanco order', () => {
  it("carries the entity, reference, amount and expiry, the same reference the order's page then shows", async () => {
    const p = await insertProduct(ctx, { priceCents: 2350 });
    const email = 'guest-mb@example.pt';
    const order = await placeOrder(ctx, [{ product_id: p.id, quantity: 1 }], { details: { email } });
    await deliverMail(ctx);

    const [payment] = await paymentsOf(order.id);
    expect(payment).toMatchObject({ method: 'multibanco', status: 'pending', entity: FAKE_ENTITY, amountCents: 2950 });
    const mail = receivedMail(email, order.id);
    expect(mail?.text).toContain(`Entidade: ${FAKE_ENTITY}. Referência: ${groupReference(payment!.reference!)}. Valor: ${formatCents(2950)}.`);
    expect(mail?.text).toContain(`A referência é válida até ${formatLongDateTime(payment!.expiresAt.toISOString())}`);
    expect(mail?.text).toContain('Morada de envio: Maria Silva, Rua das Flores 10, Lisboa, 1100-200, Portugal.');
    // The other ways this shop's configuration offers, and no other: without ifthenpay's card and Payshop keys, MB WAY.
    expect(mail?.text).toContain('Também pode pagar por MB WAY na página da encomenda.');
    expect(mail?.text).not.toMatch(/cartão|Payshop/);
    // The guest's link opens the order with its token; the payment page answers the reference of the mail.
    const link = new URL(linkIn(mail, '/order-success'));
    expect(link.pathname).toBe('/order-success');
    expect(link.searchParams.get('id')).toBe(String(order.id));
    const token = link.searchParams.get('token');
    expect(token).toBe(order.accessToken);
    const page = await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', payload: { order_id: order.id, token } });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ entity: FAKE_ENTITY, reference: payment!.reference });
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });

  it('goes without a reference when the gateway is down, and the order page issues one later', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const p = await insertProduct(ctx);
    const order = await placeOrder(ctx, [{ product_id: p.id, quantity: 1 }], { cookie, details: { email: user.email } });
    fake.down = true;
    try {
      await deliverMail(ctx);
    } finally {
      fake.down = false;
    }
    const mail = receivedMail(user.email, order.id);
    expect(mail?.text).not.toContain('Entidade');
    expect(mail?.text).toMatch(/Na página da encomenda pode pagar por Multibanco ou por MB WAY até \d{1,2} de \S+ de \d{4}.*; depois disso a encomenda é cancelada\./);
    expect(await paymentsOf(order.id)).toHaveLength(0);
    const later = await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', headers: { cookie }, payload: { order_id: order.id } });
    expect(later.statusCode, later.body).toBe(200);
  });

  it('is not sent when the order was paid or cancelled before the mail went out', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const p = await insertProduct(ctx);
    const order = await placeOrder(ctx, [{ product_id: p.id, quantity: 1 }], { cookie, details: { email: user.email } });
    const cancel = await ctx.app.inject({ method: 'PUT', url: `/api/order/${order.id}/cancel`, headers: { cookie } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await deliverMail(ctx);
    expect(receivedMail(user.email, order.id)).toBeUndefined();
    expect(await paymentsOf(order.id)).toHaveLength(0);
  });

  it('of an MB WAY order issues nothing and says how to pay on the order page', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const p = await insertProduct(ctx);
    const order = await placeOrder(ctx, [{ product_id: p.id, quantity: 1 }], { cookie, method: 'mbway', details: { email: user.email } });
    await deliverMail(ctx);
    expect(receivedMail(user.email, order.id)?.text).toMatch(/Na página da encomenda pode pagar por Multibanco ou por MB WAY até \d{1,2} de \S+ de \d{4}.*; depois disso a encomenda é cancelada\./);
    expect(await paymentsOf(order.id)).toHaveLength(0);
  });

  it('of a digital-only order speaks of access, not of preparing or shipping', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const p = await insertProduct(ctx, { isDigital: true, stock: null, link: 'https://example.pt/guia' });
    const noAddress = { email: user.email, address: undefined, city: undefined, postal_code: undefined };
    const order = await placeOrder(ctx, [{ product_id: p.id, quantity: 1 }], { cookie, details: noAddress });
    await deliverMail(ctx);
    const text = receivedMail(user.email, order.id)?.text ?? '';
    expect(text).toContain('enviamos-lhe o acesso aos produtos digitais');
    expect(text).not.toMatch(/Morada de envio|preparamos a encomenda/);
    expect(text).not.toContain('https://example.pt/guia');
  });
});

describe('two requests starting the same payment at once', () => {
  it('answer the same Multibanco reference and store one payment', async () => {
    const { cookie } = await signedInUser(ctx);
    const p = await insertProduct(ctx);
    const order = await placeOrder(ctx, [{ product_id: p.id, quantity: 1 }], { cookie });
    const start = () => ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', headers: { cookie }, payload: { order_id: order.id } });
    const answers = await Promise.all([start(), start(), start()]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(new Set(answers.map((a) => a.json().reference)).size).toBe(1);
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });
});

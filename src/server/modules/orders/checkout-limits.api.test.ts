import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderMessages } from '#shared/schemas/orders.ts';
import { deliverMail, PUBLIC_URL, signedInUser, uniqueEmail, useTestApp } from '../../../../tests/helpers/app.ts';
import { checkoutAnswer, insertProduct } from '../../../../tests/helpers/shop.ts';
import { loadConfig } from '../../config.ts';
import { inboxKey } from './checkout-limits.ts';
import { orders } from './tables.ts';

/**
 * Issue #26: guest checkout mailed any address with no limit (60 orders in 0.35 s, 60 mails in one inbox).
 * This file runs the shop's default limits (the other test files raise them): 5 orders an hour per e-mail
 * address and per signed-in account, 20 per client address.
 */
const defaults = loadConfig({ NODE_ENV: 'test', PUBLIC_URL }).checkoutRateLimit;
const ctx = useTestApp({ CHECKOUT_RATE_LIMIT: String(defaults.perAddress.max), CHECKOUT_EMAIL_RATE_LIMIT: String(defaults.perBuyer.max) });

let addresses = 0;
/** A client address of its own per call unless a test means one client. */
const newAddress = () => `10.26.${Math.floor(++addresses / 250)}.${addresses % 250}`;

async function product() {
  const row = await insertProduct(ctx, { stock: 1000 });
  return [{ product_id: row.id, quantity: 1 }];
}

const refused = { code: 'TOO_MANY_ORDERS', error: orderMessages.tooManyOrders, message: orderMessages.tooManyOrders };

describe('guest checkout limits', () => {
  it('defaults to 5 orders an hour per e-mail address and 20 per client address', () => {
    expect(defaults).toEqual({ perAddress: { max: 20, windowMs: 3_600_000 }, perBuyer: { max: 5, windowMs: 3_600_000 } });
  });

  it('takes 5 orders an hour mailed to one address, from any client, then answers 429 in pt-PT, stores nothing and mails nothing more', async () => {
    const items = await product();
    const victim = uniqueEmail('vitima');
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await checkoutAnswer(ctx.app, items, { email: victim, remoteAddress: newAddress() })).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);

    const sixth = await checkoutAnswer(ctx.app, items, { email: victim, remoteAddress: newAddress() });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual(refused);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(3000);
    expect(await ctx.database.db.select().from(orders).where(eq(orders.email, victim))).toHaveLength(5);
    await deliverMail(ctx);
    expect(ctx.mailbox.to(victim)).toHaveLength(5);
  });

  it('counts one inbox however its address is written (case, +tag, Gmail dots)', async () => {
    expect(inboxKey('Maria+promo@Example.pt')).toBe(inboxKey('maria@example.pt'));
    expect(inboxKey('m.a.r.i.a+x@googlemail.com')).toBe(inboxKey('maria@gmail.com'));
    expect(inboxKey('m.aria@example.pt')).not.toBe(inboxKey('maria@example.pt'));

    const items = await product();
    const local = `vitima${Date.now().toString(36)}`;
    const statuses = [];
    for (const email of [`${local}@gmail.com`, `${local}+1@gmail.com`, `${local.slice(0, 3)}.${local.slice(3)}@gmail.com`, `${local}+2@googlemail.com`, `${local}@gmail.com`, `${local}+3@gmail.com`]) {
      statuses.push((await checkoutAnswer(ctx.app, items, { email, remoteAddress: newAddress() })).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('takes 20 orders an hour from one client address, whatever the e-mail, then answers 429 in pt-PT', async () => {
    const items = await product();
    const client = newAddress();
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await checkoutAnswer(ctx.app, items, { email: uniqueEmail('cliente'), remoteAddress: client })).statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses[20]).toBe(429);
    const next = await checkoutAnswer(ctx.app, items, { email: uniqueEmail('cliente'), remoteAddress: client });
    expect(next.json()).toEqual(refused);
  });

  it("limits a signed-in customer by her account too, whatever e-mail she types", async () => {
    const items = await product();
    const { cookie } = await signedInUser(ctx);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await checkoutAnswer(ctx.app, items, { cookie, email: uniqueEmail('outra'), remoteAddress: newAddress() })).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('does not count a refused body against the e-mail address', async () => {
    const items = await product();
    const victim = uniqueEmail('vitima');
    for (let i = 0; i < 5; i++) {
      const bad = await checkoutAnswer(ctx.app, items, { email: victim, remoteAddress: newAddress(), fields: { postal_code: 'x' } });
      expect(bad.statusCode).toBe(400);
    }
    expect((await checkoutAnswer(ctx.app, items, { email: victim, remoteAddress: newAddress() })).statusCode).toBe(201);
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliverMail, signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import { ifthenpayEnv, paidCallbackUrl, useFakeIfthenpay } from '../../../../tests/helpers/fake-ifthenpay.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';
import { paymentCallbackRefusals, paymentCallbacks, payments } from './tables.ts';

// The payment callback as a disk filler (issue #26): forged calls are counted, not stored; only the documented
// parameters are kept, each cut short; one address is limited to PAYMENT_CALLBACK_RATE_LIMIT calls a minute.

const fake = useFakeIfthenpay();
const ctx = useTestApp(() => ({ ...ifthenpayEnv(fake), PAYMENT_CALLBACK_RATE_LIMIT: '12' }));

const callback = (url: string, ip = '127.0.0.1') => ctx.app.inject({ method: 'GET', url, remoteAddress: ip });
const junk = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`extra${i}`, 'x'.repeat(200)]));

describe('the payment callback', () => {
  it('counts forged callbacks per address and hour instead of storing them', async () => {
    const forged = { gatewayOrderId: '1P1', amountCents: 1000, requestId: 'r'.repeat(200), entity: null, reference: null };
    // Shaped like a callback: answered 200 (ifthenpay retries anything else, #27), counted, never believed.
    for (let i = 0; i < 5; i++) {
      const res = await callback(paidCallbackUrl(forged, { key: `not-the-key-${i}`, ...junk(40) }), '192.0.2.10');
      expect(res.statusCode).toBe(200);
    }
    expect((await callback(paidCallbackUrl(forged, { key: 'wrong' }), '192.0.2.11')).statusCode).toBe(200);
    // Not a callback at all: still 400, and counted the same.
    expect((await callback('/api/payment/callback?key=wrong&foo=bar', '192.0.2.11')).statusCode).toBe(400);

    expect(await ctx.database.db.select().from(paymentCallbacks)).toEqual([]);
    const counted = await ctx.database.db.select().from(paymentCallbackRefusals).orderBy(paymentCallbackRefusals.ip);
    expect(counted.map((r) => [r.ip, r.count])).toEqual([
      ['192.0.2.10', 5],
      ['192.0.2.11', 2],
    ]);
    expect(counted[0]!.hour.getUTCMinutes()).toBe(0);
    // The first of the hour, from any address, tells the shop (a key changed at ifthenpay stops every payment); no more.
    await deliverMail(ctx);
    const told = ctx.mailbox.received.filter((m) => m.subject === 'Confirmação de pagamento com chave errada');
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('PAYMENT_CALLBACK_KEY');
    expect(counted[0]!.lastSeenAt.getTime()).toBeGreaterThanOrEqual(counted[0]!.firstSeenAt.getTime());
  });

  it('keeps only the documented parameters of a genuine callback, each cut short', async () => {
    const { cookie } = await signedInUser(ctx);
    const p = await insertProduct(ctx, { priceCents: 1000 });
    const order = await placeOrder(ctx, [{ product_id: p.id, quantity: 1 }], { cookie });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', headers: { cookie }, payload: { order_id: order.id } })).statusCode).toBe(200);
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, order.id));

    const res = await callback(paidCallbackUrl(payment!, { amount: '0.01', payment_datetime: '9'.repeat(200), ...junk(30) }), '192.0.2.20');
    expect(res.statusCode).toBe(200);
    const [stored] = await ctx.database.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.paymentId, payment!.id));
    expect(stored?.outcome).toBe('amount_mismatch');
    const params = stored!.params as Record<string, string>;
    expect(Object.keys(params).sort()).toEqual(['amount', 'entity', 'orderId', 'payment_datetime', 'reference', 'requestId']);
    expect(params.payment_datetime).toHaveLength(64);
    expect(params).not.toHaveProperty('key');
  });

  it('answers 429 in pt-PT past the limit of one address, and still listens to another', async () => {
    const forged = { gatewayOrderId: '1P1', amountCents: 1000, requestId: null, entity: null, reference: null };
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push((await callback(paidCallbackUrl(forged, { key: 'wrong' }), '198.51.100.7')).statusCode);
    expect(statuses.slice(0, 12)).toEqual(Array(12).fill(200));
    expect(statuses.slice(12)).toEqual([429, 429, 429]);
    const limited = await callback(paidCallbackUrl(forged, { key: 'wrong' }), '198.51.100.7');
    expect(limited.json()).toMatchObject({ message: 'Demasiados pedidos. Por favor, tente novamente mais tarde.' });
    expect((await callback(paidCallbackUrl(forged, { key: 'wrong' }), '198.51.100.8')).statusCode).toBe(200);
    // Only the calls answered were counted.
    const [row] = await ctx.database.db.select().from(paymentCallbackRefusals).where(eq(paymentCallbackRefusals.ip, '198.51.100.7'));
    expect(row?.count).toBe(12);
  });
});

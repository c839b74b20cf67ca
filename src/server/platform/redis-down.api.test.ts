import { describe, expect, it } from 'vitest';
import { orderMessages } from '#shared/schemas/orders.ts';
import { uniqueEmail, useTestApp } from '../../../tests/helpers/app.ts';
import { hasRedis, REDIS_URL } from '../../../tests/helpers/services.ts';
import { checkoutAnswer, insertProduct } from '../../../tests/helpers/shop.ts';

const login = (ctx: ReturnType<typeof useTestApp>, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ninguem@example.pt', password: 'errada123' }, remoteAddress });

describe('login limits when Redis is unreachable', () => {
  // Port 9 (discard) has nothing listening on loopback: every connection is refused.
  const ctx = useTestApp({ REDIS_URL: 'redis://127.0.0.1:9', AUTH_RATE_LIMIT: '5' });

  it('still count, in the process, and /api/ready says the shop is degraded', async () => {
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await login(ctx, '10.20.30.40')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);

    const ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'degraded', redis: 'down' });
  });
});

describe('checkout limits when Redis is unreachable', () => {
  const ctx = useTestApp({ REDIS_URL: 'redis://127.0.0.1:9', CHECKOUT_EMAIL_RATE_LIMIT: '2', CHECKOUT_RATE_LIMIT: '3' });

  it('still count per e-mail address and per client address, in the process', async () => {
    const items = [{ product_id: (await insertProduct(ctx, { stock: 100 })).id, quantity: 1 }];
    const victim = uniqueEmail('vitima');
    const perEmail = [];
    for (const remoteAddress of ['10.1.0.1', '10.1.0.2', '10.1.0.3']) perEmail.push((await checkoutAnswer(ctx.app, items, { email: victim, remoteAddress })).statusCode);
    expect(perEmail).toEqual([201, 201, 429]);

    const perAddress = [];
    for (let i = 0; i < 4; i++) perAddress.push(await checkoutAnswer(ctx.app, items, { email: uniqueEmail('cliente'), remoteAddress: '10.2.0.1' }));
    expect(perAddress.map((r) => r.statusCode)).toEqual([201, 201, 201, 429]);
    expect(perAddress[3]?.json()).toMatchObject({ code: 'TOO_MANY_ORDERS', error: orderMessages.tooManyOrders });
  });
});

describe.runIf(await hasRedis('redis-down.api.test.ts, «with Redis answering»'))('with Redis answering', () => {
  const ctx = useTestApp({ REDIS_URL });

  it('reports ready', async () => {
    // The connection is opened in the background at start.
    let ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    for (let i = 0; i < 20 && ready.json().status !== 'ready'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    }
    expect(ready.json()).toEqual({ status: 'ready' });
  });
});

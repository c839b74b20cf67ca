import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, type TestContext } from '../../../tests/helpers/app.ts';
import { testDatabase } from '../../../tests/helpers/database.ts';
import { startMailbox } from '../../../tests/helpers/mailbox.ts';
import { insertProduct, placeOrder } from '../../../tests/helpers/shop.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { redactUrl } from './logging.ts';

describe('redactUrl', () => {
  it('hides keys and tokens, wherever they stand in the query, and keeps the rest', () => {
    expect(redactUrl('/api/payment/callback?key=abc123&orderId=7&amount=12.50')).toBe('/api/payment/callback?key=[redacted]&orderId=7&amount=12.50');
    expect(redactUrl('/api/order/7?token=s3cr3t')).toBe('/api/order/7?token=[redacted]');
    expect(redactUrl('/api/product?q=token&page=2')).toBe('/api/product?q=token&page=2');
  });
});

describe('the request log', () => {
  const lines: string[] = [];
  const ctx = {} as TestContext;

  beforeAll(async () => {
    ctx.database = await testDatabase();
    ctx.mailbox = await startMailbox();
    ctx.config = { ...loadConfig({ NODE_ENV: 'test', PUBLIC_URL, SMTP_URL: ctx.mailbox.url }), webDist: undefined };
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    ctx.app = await buildApp({ config: ctx.config, database: ctx.database, logger: { level: 'info', stream } });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app.close();
    await ctx.mailbox.close();
    await ctx.database.close();
  });

  it('holds neither a payment callback key nor a guest order token', async () => {
    const product = await insertProduct(ctx);
    const order = await placeOrder(ctx, [{ product_id: product.id, quantity: 1 }]);
    const token = order.accessToken;
    expect(token, 'a guest order comes with its access token').toBeTruthy();
    const view = await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}?token=${token}` });
    expect(view.statusCode).toBe(200);
    const key = 'chave-anti-phishing-1234567890';
    await ctx.app.inject({ method: 'GET', url: `/api/payment/callback?key=${key}&orderId=${order.id}&amount=26.00` });

    const log = lines.join('');
    expect(log).toContain(`/api/order/${order.id}?token=[redacted]`);
    expect(log).toContain('callback?key=[redacted]');
    expect(log).not.toContain(`${token}`);
    expect(log).not.toContain(key);
  });
});

import { describe, expect, it } from 'vitest';
import { signedInUser, useTestApp } from '../../../tests/helpers/app.ts';
import { insertProduct, placeOrder } from '../../../tests/helpers/shop.ts';

describe('cache headers of answers that depend on the session', () => {
  const ctx = useTestApp();

  it('marks a customer\'s profile and orders private, no-store', async () => {
    const { cookie } = await signedInUser(ctx);
    for (const url of ['/api/user/profile', '/api/order/myorders']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      expect(res.headers.vary, url).toMatch(/Cookie/);
    }
  });

  it('marks an admin\'s reads private, and never lets a shared cache give a shopper the admin\'s product', async () => {
    const { cookie } = await signedInUser(ctx, { isAdmin: true });
    const product = await insertProduct(ctx);
    for (const url of ['/api/user', '/api/order', `/api/product/${product.id}`, '/api/product']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
    const shopper = await ctx.app.inject({ method: 'GET', url: `/api/product/${product.id}` });
    expect(shopper.statusCode).toBe(200);
    // A shopper's copy may be kept, but is asked about again each time (its tag makes that a 304).
    expect(shopper.headers['cache-control']).toBe('no-cache');
    expect(shopper.headers.etag).toBeTruthy();
    // The shopper's answer is keyed by the cookie in any shared cache.
    expect(shopper.headers.vary).toMatch(/Cookie/);
  });

  it('marks a guest\'s order, read with its token, private too', async () => {
    const product = await insertProduct(ctx);
    const order = await placeOrder(ctx, [{ product_id: product.id, quantity: 1 }]);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}?token=${order.accessToken}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { signedInUser, useTestApp } from '../../../tests/helpers/app.ts';

const ctx = useTestApp();

type Audience = 'admin' | 'signed-in';
type Operation = { method: string; url: string; audience: Audience };
type OpenApi = { paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>> };

/** Every guarded operation of the app, read from its OpenAPI document (the guard writes each route's audience there). */
function guardedOperations(): Operation[] {
  const { paths } = ctx.app.swagger() as unknown as OpenApi;
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) => {
      const scheme = Object.keys(operation.security?.[0] ?? {})[0];
      if (!scheme) return [];
      // Any value will do for a path parameter: the guard answers before the parameters are validated.
      const url = path.replace(/\{[^}]+\}/g, '1');
      return [{ method: method.toUpperCase(), url, audience: scheme === 'adminSession' ? 'admin' : 'signed-in' } satisfies Operation];
    }),
  );
}

/** A body no route accepts: a 400 for it would describe the route's body to whoever sent it. */
const wrongBody = { unexpected: true, items: 'nada', email: 7 };

const call = (operation: Operation, cookie?: string) =>
  ctx.app.inject({
    method: operation.method as 'GET',
    url: operation.url,
    headers: cookie ? { cookie } : {},
    ...(operation.method === 'GET' ? {} : { payload: wrongBody }),
  });

let customerCookie: string;
beforeAll(async () => {
  customerCookie = (await signedInUser(ctx)).cookie;
});

describe('route guards', () => {
  it('declares the back office and the account routes in their options (every admin route listed here)', () => {
    const admin = guardedOperations()
      .filter((o) => o.audience === 'admin')
      .map((o) => `${o.method} ${o.url}`)
      .sort();
    expect(admin).toEqual(
      [
        'DELETE /api/collection/1',
        'DELETE /api/image/1',
        'DELETE /api/newsletter/1',
        'DELETE /api/order/1',
        'DELETE /api/product/1',
        'DELETE /api/service/1',
        'DELETE /api/user/1',
        'GET /api/contact/messages',
        'GET /api/image',
        'GET /api/newsletter/content',
        'GET /api/newsletter/isToSend',
        'GET /api/newsletter/sends',
        'GET /api/newsletter/subscribers',
        'GET /api/order',
        'GET /api/order/refunds',
        'GET /api/order/unpaid-holds',
        'POST /api/order/unpaid-holds/release',
        'GET /api/order/export.csv',
        'GET /api/product/export.csv',
        'GET /api/product/1/restock-alert',
        'GET /api/overview',
        'PUT /api/overview/settings',
        'GET /api/withdrawals',
        'POST /api/withdrawals/1/refund',
        'GET /api/audit',
        'GET /api/ops/alerts',
        'GET /api/shipping-method',
        'POST /api/shipping-method',
        'PUT /api/shipping-method/1',
        'DELETE /api/shipping-method/1',
        'GET /api/shipping-zone',
        'POST /api/shipping-zone',
        'PUT /api/shipping-zone/1',
        'DELETE /api/shipping-zone/1',
        'GET /api/discount-code',
        'POST /api/discount-code',
        'PUT /api/discount-code/1',
        'DELETE /api/discount-code/1',
        'POST /api/product/import',
        'GET /api/invoice/pending',
        'GET /api/payment/alerts',
        'GET /api/payment/methods/settings',
        'GET /api/shop/setup',
        'GET /api/settings/tax',
        'PUT /api/settings/tax',
        'GET /api/user',
        'GET /api/user/1',
        'POST /api/newsletter/test',
        'PATCH /api/order/1/status',
        'POST /api/order/1/mark-paid',
        'POST /api/order/1/refund',
        'POST /api/order/1/invoice/retry',
        'POST /api/order/1/invoice/issued',
        'POST /api/order/1/refunds/1/credit-note/retry',
        'POST /api/order/1/refunds/1/resolve',
        'POST /api/order/createOrder',
        'POST /api/product',
        'POST /api/collection',
        'PUT /api/collection/1',
        'POST /api/service',
        'POST /api/user',
        'PUT /api/contact/messages/1/read',
        'PUT /api/content/1',
        'PUT /api/image/1',
        'PUT /api/newsletter/content',
        'PUT /api/newsletter/isToSend',
        'PUT /api/order/1',
        'PUT /api/payment/alerts/1/resolve',
        'PUT /api/payment/methods/order',
        'PUT /api/product/1',
        'PUT /api/service/1',
        'PUT /api/user/1',
        'POST /api/user/data-request/export',
        'POST /api/user/data-request/erase',
      ].sort(),
    );
    const signedIn = guardedOperations().filter((o) => o.audience === 'signed-in');
    expect(signedIn.map((o) => `${o.method} ${o.url}`).sort()).toEqual(
      [
        'DELETE /api/user/addresses/1',
        'GET /api/order/myorders',
        'GET /api/user/addresses',
        'GET /api/user/billing',
        'GET /api/user/profile',
        'POST /api/user/addresses',
        'POST /api/user/change-password',
        'PUT /api/user/addresses/1',
        'PUT /api/user/profile',
        'GET /api/user/me/export',
        'GET /api/user/me/export.html',
        'POST /api/user/me/erase-link',
        'DELETE /api/user/me',
      ].sort(),
    );
  });

  it('answers 401 to a visitor on every guarded route, before reading its body', async () => {
    for (const operation of guardedOperations()) {
      const res = await call(operation);
      expect(res.statusCode, `${operation.method} ${operation.url}`).toBe(401);
      expect(res.json().fields, `${operation.method} ${operation.url}`).toBeUndefined();
    }
  });

  it('answers 403 to a customer on every admin route, before reading its body', async () => {
    for (const operation of guardedOperations().filter((o) => o.audience === 'admin')) {
      const res = await call(operation, customerCookie);
      expect(res.statusCode, `${operation.method} ${operation.url}`).toBe(403);
      expect(res.json()).toMatchObject({ error: messages.forbidden });
    }
  });
});

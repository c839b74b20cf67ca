import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order } from '#shared/schemas/orders.ts';
import { createUser, uniqueEmail } from '../../../../tests/helpers/app.ts';
import { multipart } from '../../../../tests/helpers/images.ts';
import { hasPostgres } from '../../../../tests/helpers/services.ts';
import { insertProduct, shippingDetails } from '../../../../tests/helpers/shop.ts';
import { useTwoApps } from '../../../../tests/helpers/two-apps.ts';
import type { App } from '../../app.ts';
import { productVariants, restockAlerts } from './tables.ts';

/**
 * "Exactly once per return to stock, across processes" (issue #30, decision 0043): two app processes on one
 * PostgreSQL, each with its own job runner, put the same sold-out variant back at the same moment (the owner's
 * form through one, a cancelled order through the other). Every waiting customer gets one mail per return.
 */
const what = 'restock-two-processes.api.test.ts (two app processes on one database)';
describe.runIf(hasPostgres(what))('restock alerts with two app processes', () => {
  const two = useTwoApps({ JOB_POLL_MS: '50', CHECKOUT_RATE_LIMIT: '1000', CHECKOUT_EMAIL_RATE_LIMIT: '1000', UNPAID_UNITS_PER_EMAIL: '1000', UNPAID_UNITS_PER_ADDRESS: '1000' });
  const ctx = two.ctx;

  const cookieOf = async (app: App, email: string, password: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: `10.${[...randomBytes(3)].join('.')}` });
    expect(res.statusCode, res.body).toBe(200);
    return String(res.headers['set-cookie']).split(';')[0] as string;
  };

  const order = async (app: App, productId: number, variantId: number, quantity: number) => {
    const items = [{ product_id: productId, variant_id: variantId, quantity }];
    const totals = (await app.inject({ method: 'POST', url: '/api/order/calculate-totals', payload: { items } })).json();
    const res = await app.inject({
      method: 'POST',
      url: '/api/order',
      payload: { items, ...shippingDetails, payment_method: 'multibanco', shipping_cost: totals.shippingCost, total_price_without_tax: totals.totalPriceWithoutTax, total_tax: totals.totalTax, total_price_with_tax: totals.totalWithTax },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Order>();
  };

  /** The mails of a return each address got, once each has the number expected (or 20 s passed) and a little longer: a second copy would arrive then. */
  async function mailsSettled(emails: string[], expected: number) {
    const count = () => emails.map((e) => ctx.mailbox.to(e).filter((m) => m.subject?.startsWith('Voltou a estar disponível')).length);
    const started = Date.now();
    while (count().some((n) => n < expected) && Date.now() - started < 20_000) await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 700));
    return count();
  }

  it('tells each waiting customer once per return, when the owner and a cancellation bring the variant back at once', async () => {
    const { a, b } = two;
    // Both processes run the queue, as two machines do.
    a.jobs.start();
    b.jobs.start();
    const admin = await createUser(ctx, { isAdmin: true });
    const [cookieA, cookieB] = [await cookieOf(a, admin.email, admin.password), await cookieOf(b, admin.email, admin.password)];
    const sku = `TWO-${Date.now()}`;
    const product = await insertProduct(ctx, { name: 'Caixa de dois processos', variants: [{ name: 'Única', priceCents: 990, stock: 1, sku }] });
    const variant = product.variantRows[0]!;
    const emails = Array.from({ length: 12 }, (_, i) => uniqueEmail(`espera${i}`));
    await ctx.database.db
      .insert(restockAlerts)
      .values(emails.map((email, i) => ({ productId: product.id, variantId: i % 2 ? variant.id : null, email, status: 'waiting' as const, stopToken: randomBytes(16).toString('hex') })));
    const form = (stock: number) =>
      multipart({ name: product.name, description: 'x', order: '1', price: '', stock: '', isDigital: 'false', hasVariants: 'true', variants: JSON.stringify([{ id: variant.id, name: 'Única', price: '9,90', stock, sku }]) });

    for (let round = 1; round <= 3; round++) {
      // Sold out through one process (whatever the last round left)...
      const [left] = await ctx.database.db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variant.id));
      const sale = await order(a, product.id, variant.id, left?.stock ?? 1);
      // ...then back through both at the same moment: the owner's form on A, the order cancelled on B.
      const items = sale.orderItems.map((i) => ({ product_id: i.product_id, variant_id: i.variant_id, quantity: i.quantity }));
      const [put, cancel] = await Promise.all([
        a.inject({ method: 'PUT', url: `/api/product/${product.id}`, headers: { cookie: cookieA }, payload: form(1) }),
        b.inject({
          method: 'PUT',
          url: `/api/order/${sale.id}`,
          headers: { cookie: cookieB },
          payload: { user_id: sale.user_id, payment_method: sale.payment_method, shipping_address: sale.shipping_address, phone: sale.phone, status: 'cancelled', items },
        }),
      ]);
      expect(put.statusCode, put.body).toBe(200);
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(await mailsSettled(emails, round)).toEqual(emails.map(() => round));
    }
  });
});

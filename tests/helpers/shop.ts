import { expect } from 'vitest';
import type { Order } from '#shared/schemas/orders.ts';
import type { App } from '../../src/server/app.ts';
import { products, productVariants } from '../../src/server/modules/catalog/tables.ts';
import type { TestContext } from './app.ts';

type NewVariant = { name: string; priceCents: number; stock: number; sku?: string };

/**
 * A product straight in the database: 20,00 € and 10 in stock unless told otherwise; with `variants`, it
 * sells through them (no own price or stock; the list price is the lowest variant's). Answers the row and
 * its variant rows, in order.
 */
export async function insertProduct(ctx: TestContext, values: Partial<typeof products.$inferInsert> & { variants?: NewVariant[] } = {}) {
  const { variants = [], ...rest } = values;
  const price = rest.priceCents ?? 2000;
  const [row] = await ctx.database.db
    .insert(products)
    .values({
      name: 'Agenda 2027',
      description: 'Agenda semanal',
      priceCents: variants.length ? null : price,
      stock: variants.length ? null : 10,
      minPriceCents: variants.length ? Math.min(...variants.map((v) => v.priceCents)) : price,
      hasVariants: variants.length > 0,
      ...rest,
    })
    .returning();
  if (!row) throw new Error('product not stored');
  const variantRows = variants.length
    ? await ctx.database.db
        .insert(productVariants)
        .values(variants.map((v, position) => ({ ...v, productId: row.id, position })))
        .returning()
    : [];
  return { ...row, variantRows };
}

export const shippingDetails = {
  name: 'Maria Silva',
  email: 'maria@example.pt',
  phone: '912345678',
  address: 'Rua das Flores 10',
  city: 'Lisboa',
  postal_code: '1100-200',
};

/** POST /api/order with the server's own totals, from a client address; answers the response as it came (a 429 too). */
export async function checkoutAnswer(
  app: App,
  items: { product_id: number; quantity: number }[],
  options: { email?: string; remoteAddress?: string; cookie?: string; fields?: Record<string, string> } = {},
) {
  const totals = (await app.inject({ method: 'POST', url: '/api/order/calculate-totals', payload: { items } })).json();
  return app.inject({
    method: 'POST',
    url: '/api/order',
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    headers: options.cookie ? { cookie: options.cookie } : {},
    payload: {
      items,
      ...shippingDetails,
      ...options.fields,
      email: options.email ?? shippingDetails.email,
      payment_method: 'multibanco',
      shipping_cost: totals.shippingCost,
      total_price_without_tax: totals.totalPriceWithoutTax,
      total_tax: totals.totalTax,
      total_price_with_tax: totals.totalWithTax,
    },
  });
}

/** A checkout through the API with the server's own totals: a customer's order (with a cookie) or a guest's. */
export async function placeOrder(
  ctx: TestContext,
  items: { product_id: number; quantity: number }[],
  options: { cookie?: string | undefined; method?: 'multibanco' | 'mbway'; details?: Partial<typeof shippingDetails> & { nif?: string; company?: string } } = {},
): Promise<Order> {
  const totals = (await ctx.app.inject({ method: 'POST', url: '/api/order/calculate-totals', payload: { items } })).json();
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: options.cookie ? { cookie: options.cookie } : {},
    payload: {
      items,
      ...shippingDetails,
      ...options.details,
      payment_method: options.method ?? 'multibanco',
      shipping_cost: totals.shippingCost,
      total_price_without_tax: totals.totalPriceWithoutTax,
      total_tax: totals.totalTax,
      total_price_with_tax: totals.totalWithTax,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

/** The admin's PUT /api/order/{id} with the order as it is, only its status changed (answered as it comes). */
export function putOrderStatus(ctx: TestContext, cookie: string, order: Order, status: string) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/order/${order.id}`,
    headers: { cookie },
    payload: {
      user_id: order.user_id,
      payment_method: order.payment_method,
      shipping_address: order.shipping_address,
      phone: order.phone,
      status,
      items: order.orderItems.map((i) => ({ product_id: i.product_id, variant_id: i.variant_id, quantity: i.quantity })),
    },
  });
}

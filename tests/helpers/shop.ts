import { expect } from 'vitest';
import type { Order } from '#shared/schemas/orders.ts';
import { products, productVariants } from '../../src/server/modules/catalog/tables.ts';
import type { TestContext } from './app.ts';
import { checkoutAnswer, shippingDetails } from './checkout.ts';

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

export { checkoutAnswer, shippingDetails };

/** A checkout through the API with the server's own totals: a customer's order (with a cookie) or a guest's. */
export async function placeOrder(
  ctx: TestContext,
  items: { product_id: number; quantity: number }[],
  options: { cookie?: string | undefined; method?: 'multibanco' | 'mbway' | 'card' | 'payshop'; details?: Partial<typeof shippingDetails> & { nif?: string; company?: string } } = {},
): Promise<Order> {
  const res = await checkoutAnswer(ctx.app, items, { cookie: options.cookie, method: options.method, fields: options.details });
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

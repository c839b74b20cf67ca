import type { App } from '../../src/server/app.ts';

// A checkout through the API as the storefront makes it, for the tests and the benches alike (no test
// framework here: the benches import it too).

export const shippingDetails = {
  name: 'Maria Silva',
  email: 'maria@example.pt',
  phone: '912345678',
  address: 'Rua das Flores 10',
  city: 'Lisboa',
  postal_code: '1100-200',
};

export type CheckoutOptions = {
  email?: string;
  remoteAddress?: string;
  cookie?: string | undefined;
  method?: 'multibanco' | 'mbway' | 'card' | 'payshop';
  /** Fields of the body beside or instead of `shippingDetails` (a name, a NIF, a company…). */
  fields?: Record<string, string>;
  /** A discount code, sent to calculate-totals and with the order. */
  discountCode?: string;
};

/** The totals as POST /api/order/calculate-totals answers them. */
export type CheckoutTotals = { shippingCost: number; totalPriceWithoutTax: number; totalTax: number; totalWithTax: number };

/** The body of POST /api/order as the storefront sends it: `shippingDetails` (`fields` beside or over them), the method, the server's totals. */
export const orderBody = (
  items: { product_id: number; quantity: number }[],
  totals: CheckoutTotals,
  method: 'multibanco' | 'mbway' | 'card' | 'payshop',
  fields: Record<string, string> = {},
) => ({
  items,
  ...shippingDetails,
  ...fields,
  payment_method: method,
  shipping_cost: totals.shippingCost,
  total_price_without_tax: totals.totalPriceWithoutTax,
  total_tax: totals.totalTax,
  total_price_with_tax: totals.totalWithTax,
});

/** POST /api/order with the server's own totals, from a client address; answers the response as it came (a 429 too). */
export async function checkoutAnswer(app: App, items: { product_id: number; quantity: number }[], options: CheckoutOptions = {}) {
  const remoteAddress = options.remoteAddress ?? '127.0.0.1';
  const code: Record<string, string> = options.discountCode ? { discount_code: options.discountCode } : {};
  const totals = (await app.inject({ method: 'POST', url: '/api/order/calculate-totals', payload: { items, ...code }, remoteAddress })).json();
  return app.inject({
    method: 'POST',
    url: '/api/order',
    remoteAddress,
    headers: options.cookie ? { cookie: options.cookie } : {},
    payload: orderBody(items, totals, options.method ?? 'multibanco', { ...options.fields, ...(options.email && { email: options.email }), ...code }),
  });
}

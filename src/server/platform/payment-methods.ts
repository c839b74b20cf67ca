import { type CustomerPaymentMethod } from '#shared/orders.ts';
import type { Config } from '../config.ts';

/**
 * The ways to pay the configuration offers (issue #27): Multibanco and MB WAY always; a card with ifthenpay's card
 * key, Payshop with its key; all four on the sandbox, which simulates each. The checkout (orders) and the
 * gateway (payments) both read this, so a method is refused exactly where it is not offered.
 */
export function configuredMethods(payments: Config['payments']): CustomerPaymentMethod[] {
  if (payments.gateway === 'sandbox') return ['multibanco', 'mbway', 'card', 'payshop'];
  const keys = payments.ifthenpay;
  return ['multibanco', 'mbway', ...(keys?.ccardKey ? (['card'] as const) : []), ...(keys?.payshop ? (['payshop'] as const) : [])];
}

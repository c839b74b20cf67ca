import type { Cents } from './money.ts';

/**
 * A fresh shop's mainland home delivery (migration 0027 seeds it, decision 0046): 6,00 € below 70,00 €, free at
 * or above. The shop's own methods (shipping.ts, the "Envios" tab) are the rules; this is what the screens
 * say before they arrive, and the charge of the spec's calls that name no postcode on a fresh shop.
 */
export type ShippingRule = { readonly feeCents: Cents; readonly freeFromCents: Cents };
export const shippingRule: ShippingRule = { feeCents: 600, freeFromCents: 7000 };

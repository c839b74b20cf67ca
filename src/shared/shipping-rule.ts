import type { Cents } from './money.ts';

/**
 * The one shipping rule (ARCHITECTURE.md): 6,00 € below 70,00 €, free at or above; an order of digital
 * items only ships nothing and pays nothing. Its own module, so a page that only says it (the product page)
 * does not load the order rules.
 */
export type ShippingRule = { readonly feeCents: Cents; readonly freeFromCents: Cents };
export const shippingRule: ShippingRule = { feeCents: 600, freeFromCents: 7000 };

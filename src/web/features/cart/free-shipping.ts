import { type Cents, formatCents } from '#shared/money.ts';
import { type ShippingRule, shippingRule } from '#shared/orders.ts';

/** How far a cart is from free delivery under the shop's one shipping rule (ARCHITECTURE.md). */
export type FreeShippingProgress = {
  /** Cents still missing for free delivery; 0 once it is reached. */
  missingCents: Cents;
  /** Share of the way, 0 to 1, for the progress bar. */
  share: number;
};

/**
 * The progress towards free delivery for a subtotal (prices include VAT), worked out in cents so that
 * 70,00 € - 57,70 € is 12,30 € and not 12,299999. Free at or above the rule's threshold, as `orderTotals`.
 */
export function freeShippingProgress(subtotalCents: Cents, rule: ShippingRule = shippingRule): FreeShippingProgress {
  const missingCents = Math.max(0, rule.freeFromCents - subtotalCents);
  const share = rule.freeFromCents > 0 ? Math.min(1, Math.max(0, subtotalCents) / rule.freeFromCents) : 1;
  return { missingCents, share };
}

/** The progress in the shopper's words: 'Faltam 12,30 € para portes grátis.' or 'Os portes são grátis.' */
export const freeShippingMessage = ({ missingCents }: FreeShippingProgress) =>
  missingCents > 0 ? `Faltam ${formatCents(missingCents)} para portes grátis.` : 'Os portes são grátis.';

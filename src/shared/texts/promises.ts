import { formatCents } from '../money.ts';
import { deliveryDays, homeDelivery, type ShippingRules } from '../shipping.ts';
import { shop } from '../shop.ts';

/**
 * The shop's promises to a buyer, in the same words wherever they are made (the product page beside its
 * buttons, the checkout under its button): delivery from `shop.delivery`; the product page's delivery and
 * free shipping come from the shop's methods (`deliveryPromises`); returns from the owner's withdrawal period.
 */
export const purchasePromises = {
  securePayment: 'Pagamento seguro',
  delivery: `Preparação em ${shop.delivery.preparation} e entrega em ${shop.delivery.mainland} (continente)`,
  /** The owner's one period (issue #28), from the server's shop details. */
  returns: (days: number) => `${days} dias para devoluções`,
  digitalAccess: 'O acesso chega por email assim que o pagamento for confirmado',
} as const;

/**
 * The delivery promises beside the product page's buttons, from the shop's methods (decision 0046): the mainland's
 * home delivery's days and free-shipping threshold; none about free shipping when the owner made it never free.
 */
export function deliveryPromises(methods: readonly ShippingRules[]): string[] {
  const home = homeDelivery(methods, 'continente');
  if (!home) return [];
  return [
    `Preparação em ${shop.delivery.preparation} e entrega em ${deliveryDays(home)} (continente)`,
    ...(home.freeAboveCents === null ? [] : [`Portes grátis em compras a partir de ${formatCents(home.freeAboveCents)}`]),
  ];
}

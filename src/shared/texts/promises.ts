import { formatCents } from '../money.ts';
import { shippingRule } from '../shipping-rule.ts';
import { shop } from '../shop.ts';

/**
 * The shop's promises to a buyer, in the same words wherever they are made (the product page beside its
 * buttons, the checkout under its button): delivery from `shop.delivery`, free shipping from the one
 * shipping rule.
 */
export const purchasePromises = {
  securePayment: 'Pagamento seguro',
  delivery: `Preparação em ${shop.delivery.preparation} e entrega em ${shop.delivery.mainland} (continente)`,
  returns: '30 dias para devoluções',
  freeShipping: `Portes grátis em compras a partir de ${formatCents(shippingRule.freeFromCents)}`,
  digitalAccess: 'O acesso chega por email assim que o pagamento for confirmado',
} as const;

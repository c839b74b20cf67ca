import { type Cents, VAT_RATE, vatIncluded } from './money.ts';

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** storefront.md §4: labels and badge colours of each status. */
export const orderStatusLabel: Record<OrderStatus, string> = {
  pending: 'Pendente',
  processing: 'Em Processamento',
  shipped: 'Enviada',
  delivered: 'Entregue',
  cancelled: 'Cancelada',
};
export const orderStatusBadge: Record<OrderStatus, string> = {
  pending: 'warning',
  processing: 'info',
  shipped: 'primary',
  delivered: 'success',
  cancelled: 'danger',
};
/**
 * The back office's list colours (backoffice.md §2): delivered green, shipped blue, processing cyan,
 * cancelled red, any other yellow. `shipped` is a class of its own (styles.css): the brand's primary is green.
 */
export const adminOrderStatusBadge: Record<OrderStatus, string> = {
  pending: 'warning',
  processing: 'info',
  shipped: 'shipped',
  delivered: 'success',
  cancelled: 'danger',
};
/** The step the back office's list offers for an order (pending -> processing -> shipped -> delivered), if any. */
export const nextOrderStatus = (status: OrderStatus): OrderStatus | undefined => nextStatus[status];
const nextStatus: Partial<Record<OrderStatus, OrderStatus>> = { pending: 'processing', processing: 'shipped', shipped: 'delivered' };


export const CUSTOMER_PAYMENT_METHODS = ['multibanco', 'mbway'] as const;
export const PAYMENT_METHODS = ['multibanco', 'mbway', 'credit_card', 'paypal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const paymentMethodLabel: Record<PaymentMethod, string> = {
  multibanco: 'Multibanco',
  mbway: 'MB WAY',
  credit_card: 'Cartão de crédito',
  paypal: 'PayPal',
};

/** How an admin says a payment arrived outside the gateway ("Marcar como paga"). */
export const MANUAL_PAYMENT_METHODS = ['multibanco', 'mbway', 'transfer', 'cash', 'other'] as const;
export type ManualPaymentMethod = (typeof MANUAL_PAYMENT_METHODS)[number];
export const manualPaymentLabel: Record<ManualPaymentMethod, string> = {
  multibanco: 'Multibanco',
  mbway: 'MB WAY',
  transfer: 'Transferência bancária',
  cash: 'Numerário',
  other: 'Outro',
};

import { type ShippingRule, shippingRule } from './shipping-rule.ts';

export { type ShippingRule, shippingRule };

export type TotalsLine = { unitPriceCents: Cents; quantity: number; isDigital: boolean };
export type Totals = {
  subtotalWithTaxCents: Cents;
  shippingCents: Cents;
  totalWithTaxCents: Cents;
  totalTaxCents: Cents;
  totalWithoutTaxCents: Cents;
  taxRate: number;
};

/** Totals of an order from its lines, in cents: prices include VAT, and VAT is the part contained. */
export function orderTotals(lines: TotalsLine[], rule: ShippingRule = shippingRule): Totals {
  const subtotal = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const ships = lines.some((l) => !l.isDigital);
  const shipping = ships && subtotal < rule.freeFromCents ? rule.feeCents : 0;
  const total = subtotal + shipping;
  const tax = vatIncluded(total);
  return {
    subtotalWithTaxCents: subtotal,
    shippingCents: shipping,
    totalWithTaxCents: total,
    totalTaxCents: tax,
    totalWithoutTaxCents: total - tax,
    taxRate: VAT_RATE,
  };
}

/** Shopper-facing words for the free-delivery notice (cart, checkout, terms). */
export const freeShippingFromEuros = shippingRule.freeFromCents / 100;

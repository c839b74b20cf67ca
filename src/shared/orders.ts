import { type DiscountPart, type DiscountTerms, discountOnGoods, discountParts } from './discounts.ts';
import type { Cents } from './money.ts';
import { vatIn } from './vat.ts';

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Each status as the customer and the owner see it: its label and badge colour (storefront.md §4), and the back
 * office list's colour (backoffice.md §2: delivered green, shipped blue, processing cyan, cancelled red, any other
 * yellow; `shipped` is a class of its own in styles.css, the brand's primary being green).
 */
const statusLooks: Record<OrderStatus, { label: string; badge: string; adminBadge: string }> = {
  pending: { label: 'Pendente', badge: 'warning', adminBadge: 'warning' },
  processing: { label: 'Em Processamento', badge: 'info', adminBadge: 'info' },
  shipped: { label: 'Enviada', badge: 'primary', adminBadge: 'shipped' },
  delivered: { label: 'Entregue', badge: 'success', adminBadge: 'success' },
  cancelled: { label: 'Cancelada', badge: 'danger', adminBadge: 'danger' },
};
const eachStatus = (look: (status: OrderStatus) => string) =>
  Object.fromEntries(ORDER_STATUSES.map((status) => [status, look(status)])) as Record<OrderStatus, string>;
export const orderStatusLabel = eachStatus((status) => statusLooks[status].label);
export const orderStatusBadge = eachStatus((status) => statusLooks[status].badge);
export const adminOrderStatusBadge = eachStatus((status) => statusLooks[status].adminBadge);
/** The step the back office's list offers for an order (pending -> processing -> shipped -> delivered), if any. */
export const nextOrderStatus = (status: OrderStatus): OrderStatus | undefined => nextStatus[status];
const nextStatus: Partial<Record<OrderStatus, OrderStatus>> = { pending: 'processing', processing: 'shipped', shipped: 'delivered' };

/**
 * The ways a customer pays through the gateway (issue #27: card and Payshop beside the spec's two). The checkout
 * offers those configured, in the owner's order (payments/method-order.ts); Multibanco and MB WAY by default.
 */
export const CUSTOMER_PAYMENT_METHODS = ['multibanco', 'mbway', 'card', 'payshop'] as const;
export type CustomerPaymentMethod = (typeof CUSTOMER_PAYMENT_METHODS)[number];
/** `credit_card` and `paypal` are the spec's admin-order values (payments taken outside the shop); `card` is ifthenpay's card page. */
export const PAYMENT_METHODS = ['multibanco', 'mbway', 'card', 'payshop', 'credit_card', 'paypal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** What the owner picks for an order she creates (backoffice.md's four); an order placed otherwise keeps its own. */
export const ADMIN_ORDER_METHODS = ['multibanco', 'mbway', 'credit_card', 'paypal'] as const satisfies readonly PaymentMethod[];
export const paymentMethodLabel: Record<PaymentMethod, string> = {
  multibanco: 'Multibanco',
  mbway: 'MB WAY',
  card: 'Cartão',
  payshop: 'Payshop',
  credit_card: 'Cartão de crédito',
  paypal: 'PayPal',
};

/** How an admin says a payment arrived outside the gateway ("Marcar como paga"). */
export const MANUAL_PAYMENT_METHODS = ['multibanco', 'mbway', 'transfer', 'cash', 'other'] as const;
export type ManualPaymentMethod = (typeof MANUAL_PAYMENT_METHODS)[number];
export const manualPaymentLabel: Record<ManualPaymentMethod, string> = {
  multibanco: paymentMethodLabel.multibanco,
  mbway: paymentMethodLabel.mbway,
  transfer: 'Transferência bancária',
  cash: 'Numerário',
  other: 'Outro',
};

import { type Basket } from './shipping.ts';
import { type ShippingRule, shippingRule } from './shipping-rule.ts';

export { type ShippingRule, shippingRule };

/**
 * An order line for the totals; `weightGrams` is one unit's weight (the weight bands read it), 0 when not given;
 * `vatRate` its VAT in percent (its category in the shop's region, 0 when exempt; 23 when not given).
 */
export type TotalsLine = { unitPriceCents: Cents; quantity: number; isDigital: boolean; weightGrams?: number; vatRate?: number };
/** The VAT contained at one rate: the lines (and shipping) at that rate, with VAT, and the VAT in them. */
export type VatLine = { rate: number; grossCents: Cents; taxCents: Cents };
export type Totals = {
  subtotalWithTaxCents: Cents;
  shippingCents: Cents;
  totalWithTaxCents: Cents;
  totalTaxCents: Cents;
  totalWithoutTaxCents: Cents;
  /** The rate as a fraction (0.23), the spec's "IVA 23%": the single one, the highest when several, 0 when exempt. */
  taxRate: number;
  /** One per rate, highest first; none under the art. 53.º exemption. */
  vatLines: VatLine[];
  /** The shop sold under the art. 53.º exemption: no VAT line anywhere, its words instead. */
  vatExempt: boolean;
  /** A code's discount off the goods (0 without one), and its parts per VAT rate (decision 0054). */
  discountCents: Cents;
  discountParts: DiscountPart[];
  /** What a free-shipping code saved: the charge the order would have paid (then 0 in `shippingCents`). */
  shippingWaivedCents: Cents;
};

/** What delivery costs for a basket that ships: the chosen method's charge (shipping.ts `methodCharge`). */
export type ShippingCharge = (basket: Basket) => Cents;
/** A charge from a plain rule: its fee below its threshold, free at or above. */
export const ruleCharge =
  (rule: ShippingRule): ShippingCharge =>
  ({ subtotalCents }) =>
    subtotalCents < rule.freeFromCents ? rule.feeCents : 0;

/** What a basket weighs: the units that ship, each at its weight. */
export const basketOf = (lines: readonly TotalsLine[]): Basket => ({
  subtotalCents: lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0),
  weightGrams: lines.filter((l) => !l.isDigital).reduce((sum, l) => sum + (l.weightGrams ?? 0) * l.quantity, 0),
});

/** How VAT applies to an order: the art. 53.º exemption, and shipping's own rate (its category in the shop's region). */
export type VatTerms = { exempt: boolean; shippingRate: number };
const NORMAL_MAINLAND: VatTerms = { exempt: false, shippingRate: 23 };

/**
 * The VAT contained in each rate's amounts: lines at the same rate (and shipping at its own) are summed, and
 * the VAT in that sum is rounded once to the cent (decision 0053) — for a single-rate order, the one rounding
 * of the whole total the shop always made.
 */
export function vatLinesOf(amounts: readonly { rate: number; grossCents: Cents }[]): VatLine[] {
  const byRate = new Map<number, Cents>();
  for (const { rate, grossCents } of amounts) if (grossCents) byRate.set(rate, (byRate.get(rate) ?? 0) + grossCents);
  return [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    // A rate's goods wholly discounted leave nothing taxed at it: no line.
    .filter(([rate, grossCents]) => rate > 0 && grossCents > 0)
    .map(([rate, grossCents]) => ({ rate, grossCents, taxCents: vatIn(grossCents, rate) }));
}

/** What an order keeps to state its VAT later: its lines at their rates, its shipping, its discount's parts. */
export type StoredVat = {
  exempt: boolean;
  items: readonly { vatRate: number; unitPriceCents: Cents; quantity: number }[];
  shippingRate: number;
  shippingCents: Cents;
  discountParts: readonly DiscountPart[];
};

/** The VAT an order was sold with, from what it kept (order page, mails, exports): none under the art. 53.º exemption. */
export const storedVatLines = (o: StoredVat): VatLine[] =>
  o.exempt
    ? []
    : vatLinesOf([
        ...o.items.map((i) => ({ rate: i.vatRate, grossCents: i.unitPriceCents * i.quantity })),
        ...o.discountParts.map((p) => ({ rate: p.rate, grossCents: -p.cents })),
        { rate: o.shippingRate, grossCents: o.shippingCents },
      ]);

/**
 * Totals of an order from its lines, in cents: prices include VAT, and VAT is the part contained, at each line's
 * own rate. Shipping is the given charge when something ships (the fresh shop's mainland rule when none is
 * given); a digital-only order pays none. Under the art. 53.º exemption there is no VAT at all. A discount code
 * takes its part off the goods, spread over their rates (decision 0054), or waives the shipping charge.
 */
export function orderTotals(
  lines: TotalsLine[],
  shippingCharge: ShippingCharge = ruleCharge(shippingRule),
  vat: VatTerms = NORMAL_MAINLAND,
  discount?: Pick<DiscountTerms, 'kind' | 'value'>,
): Totals {
  const basket = basketOf(lines);
  const subtotal = basket.subtotalCents;
  const ships = lines.some((l) => !l.isDigital);
  const charge = ships ? shippingCharge(basket) : 0;
  const shipping = discount?.kind === 'free_shipping' ? 0 : charge;
  const goods = lines.map((l) => ({ rate: l.vatRate ?? 23, cents: l.unitPriceCents * l.quantity }));
  const discountCents = discount ? discountOnGoods(discount, subtotal) : 0;
  const parts = discountParts(discountCents, goods);
  const total = subtotal - discountCents + shipping;
  const vatLines = storedVatLines({ exempt: vat.exempt, items: goods.map((g) => ({ vatRate: g.rate, unitPriceCents: g.cents, quantity: 1 })), shippingRate: vat.shippingRate, shippingCents: shipping, discountParts: parts });
  const tax = vatLines.reduce((sum, l) => sum + l.taxCents, 0);
  return {
    subtotalWithTaxCents: subtotal,
    shippingCents: shipping,
    totalWithTaxCents: total,
    totalTaxCents: tax,
    totalWithoutTaxCents: total - tax,
    taxRate: vat.exempt ? 0 : (vatLines[0]?.rate ?? vat.shippingRate) / 100,
    vatLines,
    vatExempt: vat.exempt,
    discountCents,
    discountParts: parts,
    shippingWaivedCents: charge - shipping,
  };
}

/** Shopper-facing words for the free-delivery notice (cart, checkout, terms). */
export const freeShippingFromEuros = shippingRule.freeFromCents / 100;

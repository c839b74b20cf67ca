import { z } from 'zod';
import './locale.ts';
import { messages } from '../messages.ts';
import { toEuros } from '../money.ts';
import { ART53_TEXT, vatLineLabel } from '../vat.ts';
import { orderMessages } from './order-messages.ts';
import { CUSTOMER_PAYMENT_METHODS, MANUAL_PAYMENT_METHODS, ORDER_STATUSES, PAYMENT_METHODS, type Totals } from '../orders.ts';
import { isValidNif, normaliseNif } from '../nif.ts';
import { dateTime, email, emailAddress, euros as amountInEuros, pageSizeParam } from './common.ts';
import { discountCodeField, orderDiscount } from './discounts.ts';
import { fiscalDocument, refund } from './invoicing.ts';
import { orderShipping, shippingOffer, trackingFields } from './shipping.ts';
import { countryCodeOf, countryName, EU_COUNTRIES, foreignPhoneMessage, outsideVatTerritory, phoneWithCallingCode, postcodeProblem } from '../countries.ts';

export { orderMessages } from './order-messages.ts';

export const text = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: messages.tooLong });

/** Portuguese numbers: 9 digits starting with 2 or 9, optionally after +351 or 00351; spaces allowed. */
export const portuguesePhone = z
  .string({ error: orderMessages.phone })
  .trim()
  .min(1, { error: orderMessages.phone })
  .max(30, { error: orderMessages.phoneInvalid })
  .transform((v) => v.replace(/[\s-]/g, '').replace(/^(\+|00)351/, ''))
  .pipe(z.string().regex(/^[29]\d{8}$/, { error: orderMessages.phoneInvalid }));

/** An optional NIF: empty is "Consumidor final"; typed with spaces or PT, kept as its nine digits. */
export const nifField = z
  .string({ error: orderMessages.nif })
  .max(20, { error: orderMessages.nif })
  .transform(normaliseNif)
  .refine((v) => v === '' || isValidNif(v), { error: orderMessages.nif })
  .transform((v) => v || undefined)
  .optional();

/** How long the checkout's free-text fields may be (the mails cut what they quote of them to the same). */
export const ORDER_TEXT_LIMITS = { name: 120, address: 300, city: 100, company: 120, shippingAddress: 500 } as const;
/** The longest address an order stores: the spec's one string, or the checkout's parts joined by ", ". */
export const STORED_ADDRESS_MAX = Math.max(
  ORDER_TEXT_LIMITS.shippingAddress,
  [ORDER_TEXT_LIMITS.name, ORDER_TEXT_LIMITS.address, ORDER_TEXT_LIMITS.city, 10, Math.max(...Object.values(EU_COUNTRIES).map((n) => n.length))].reduce((a, b) => a + b + ', '.length),
);

/** The company the invoice is made out to (with a NIF), optional. */
export const companyField = z
  .string()
  .trim()
  .max(ORDER_TEXT_LIMITS.company, { error: messages.tooLong })
  .transform((v) => v || undefined)
  .optional();

export const postalCode = z
  .string({ error: orderMessages.postalCode })
  .trim()
  .min(1, { error: orderMessages.postalCode })
  .regex(/^\d{4}-\d{3}$/, { error: orderMessages.postalCodeInvalid });

/** Any country's postcode as typed (its country's format is checked with the country, `addressProblems`). */
export const anyPostalCode = z
  .string({ error: orderMessages.postalCode })
  .trim()
  .min(1, { error: orderMessages.postalCode })
  .max(10, { error: orderMessages.postalCodeInvalid });

/** Any phone as typed: Portugal's rule or another country's applies with the address's country. */
export const anyPhone = z.string({ error: orderMessages.phone }).trim().min(1, { error: orderMessages.phone }).max(30, { error: orderMessages.phoneInvalid });

/** The address's country (decision 0055): an ISO code, or the spec's literal "Portugal"; absent is Portugal. */
export const countryField = z
  .string({ error: orderMessages.country })
  .max(60, { error: orderMessages.country })
  .default('PT')
  .transform((v, ctx) => {
    const code = countryCodeOf(v);
    if (code) return code;
    ctx.addIssue({ code: 'custom', message: orderMessages.country });
    return z.NEVER;
  });

/** The phone as stored: a Portuguese number's nine digits, a foreign one with its calling code (+34612345678). */
export function phoneOf(country: string, phone: string): string | null {
  if (country !== 'PT') return phoneWithCallingCode(phone);
  const parsed = portuguesePhone.safeParse(phone);
  return parsed.success ? parsed.data : null;
}

/** An address's postcode and phone problems for its country, per field (pt-PT); a field not text is refused by its own check. */
export function addressProblems(v: { country: unknown; postal_code?: unknown; phone?: unknown }): Record<string, string> {
  const problems: Record<string, string> = {};
  if (typeof v.country !== 'string') return problems;
  const postcode = typeof v.postal_code === 'string' ? (postcodeProblem(v.country, v.postal_code) ?? (outsideVatTerritory(v.country, v.postal_code) ? orderMessages.outsideVatTerritory : null)) : null;
  if (postcode) problems.postal_code = postcode;
  if (typeof v.phone === 'string' && v.phone.trim() && !phoneOf(v.country, v.phone)) problems.phone = v.country === 'PT' ? orderMessages.phoneInvalid : foreignPhoneMessage;
  return problems;
}

/** `addressProblems` as a schema's issues. */
export const checkAddress = (v: Parameters<typeof addressProblems>[0], ctx: z.RefinementCtx) => {
  for (const [path, message] of Object.entries(addressProblems(v))) ctx.addIssue({ code: 'custom', path: [path], message });
};

export const orderItemInput = z.object({
  product_id: z.coerce.number({ error: orderMessages.unknownProduct }).int().positive().max(2_147_483_647),
  variant_id: z.coerce.number().int().positive().max(2_147_483_647).nullish(),
  quantity: z.number({ error: orderMessages.quantity }).int({ error: orderMessages.quantity }).min(1, { error: orderMessages.quantity }).max(99, { error: orderMessages.quantity }),
});
const items = z.array(orderItemInput, { error: orderMessages.itemsRequired }).min(1, { error: orderMessages.itemsRequired }).max(50);

const shippingMethodId = z.coerce.number({ error: orderMessages.shippingMethod }).int().positive().max(2_147_483_647).optional();

/**
 * The spec's call (items), and what the checkout adds once the customer typed her postcode (decision 0046):
 * the methods of her zone are answered with their prices, and the one she chose prices the totals.
 */
export const calculateTotalsBody = z.object({
  items,
  postal_code: anyPostalCode.optional(),
  /** The address's country (ISO code; decision 0055): Portugal when absent. */
  country: countryField,
  shipping_method_id: shippingMethodId,
  /** A discount code to apply (decision 0054); refused with `discount_error`, never a 400. */
  discount_code: discountCodeField,
  /** The checkout's e-mail, once typed: a guest's uses of a code are counted by it. */
  email: z.string().trim().toLowerCase().max(254).optional(),
}).superRefine((v, ctx) => {
  if (v.postal_code !== undefined) checkAddress({ country: v.country, postal_code: v.postal_code }, ctx);
}, { when: (payload) => typeof payload.value === 'object' && payload.value !== null });

/** One VAT rate's line: the rate in percent, the VAT at it, and the words the screens show ('IVA (23%) incluído'). */
const vatLine = z.object({ rate: z.number(), tax: amountInEuros, label: z.string() });

/** Euros, as the spec's calls carry them. */
export const totalsAnswer = z.object({
  subtotalWithTax: amountInEuros,
  shippingCost: z.number(),
  totalPriceWithoutTax: amountInEuros,
  totalTax: amountInEuros,
  totalWithTax: amountInEuros,
  taxRate: z.number(),
  /** The VAT in the totals, one line per rate (percent) with its words, highest first; empty under the art. 53.º exemption (decision 0053). */
  vat_lines: z.array(vatLine).optional(),
  /** The shop sells under the art. 53.º exemption: no VAT line, and these words ("IVA – regime de isenção (art. 53.º do CIVA)") instead. */
  vat_exempt: z.boolean().optional(),
  vat_note: z.string().nullable().optional(),
});
export type TotalsAnswer = z.infer<typeof totalsAnswer>;

/**
 * POST /order/calculate-totals: the spec's totals, and each line as the shop has it now (its price, and
 * the units in stock, null when it never runs out), so the cart can correct itself before the checkout.
 */
export const cartTotalsAnswer = totalsAnswer.extend({
  lines: z.array(
    z.object({
      product_id: z.number().int(),
      variant_id: z.number().int().nullable(),
      price: amountInEuros,
      /** Only while a sale applies: the regular price, which the cart and the checkout show struck through (decision 0048). */
      regular_price: amountInEuros.optional(),
      stock: z.number().int().nullable(),
    }),
  ),
  /** Once the owner added a zone abroad: the countries the shop ships to (ISO codes), Portugal, then her zones' (decision 0055). */
  countries: z.array(z.string()).optional(),
  /** Only when a postcode was given and something ships: its zone, the methods that serve it and the one priced. */
  shipping_zone: z.string().optional(),
  /** The country the shipping figures are for (ISO code). */
  shipping_country: z.string().optional(),
  /** The zone's name in words ("Portugal continental", "Espanha"). */
  shipping_zone_name: z.string().optional(),
  /** No zone serves the address's country: why no method is offered (pt-PT). */
  shipping_error: z.string().nullable().optional(),
  shipping_methods: z.array(shippingOffer).optional(),
  shipping_method_id: z.number().int().nullable().optional(),
  /** The zone's home delivery is free from this amount (euros); null: never free there. */
  free_shipping_from: amountInEuros.nullable().optional(),
  /** Only when a code was sent: what it takes off (euros; 0 when refused), its line, and why it was refused (pt-PT), null when applied. */
  discount: amountInEuros.optional(),
  discount_code: z.string().nullable().optional(),
  discount_label: z.string().nullable().optional(),
  shipping_waived: amountInEuros.optional(),
  discount_error: z.string().nullable().optional(),
});
export type CartTotalsAnswer = z.infer<typeof cartTotalsAnswer>;

/** The totals in cents (`orderTotals`) as the answer carries them, in euros. */
export const totalsInEuros = (t: Totals): TotalsAnswer => ({
  subtotalWithTax: toEuros(t.subtotalWithTaxCents),
  shippingCost: toEuros(t.shippingCents),
  totalPriceWithoutTax: toEuros(t.totalWithoutTaxCents),
  totalTax: toEuros(t.totalTaxCents),
  totalWithTax: toEuros(t.totalWithTaxCents),
  taxRate: t.taxRate,
  ...vatInEuros(t.vatExempt, t.vatLines),
});

/** The VAT lines as the answers carry them, with their words, and the art. 53.º words for an exempt order. */
export const vatInEuros = (exempt: boolean, lines: readonly { rate: number; taxCents: number }[]) => ({
  vat_lines: lines.map((l) => ({ rate: l.rate, tax: toEuros(l.taxCents), label: vatLineLabel(l.rate) })),
  vat_exempt: exempt,
  vat_note: exempt ? ART53_TEXT : null,
});

const euros = z.number().min(0).max(1_000_000);

/** The checkout (storefront.md §2, §5, §7): the client's totals travel along to be compared, never trusted. */
export const checkoutBody = z.object({
  items,
  name: text(orderMessages.name, ORDER_TEXT_LIMITS.name),
  email: z.string({ error: orderMessages.email }).pipe(email),
  phone: anyPhone,
  address: text(orderMessages.address, ORDER_TEXT_LIMITS.address),
  city: text(orderMessages.city, ORDER_TEXT_LIMITS.city),
  postal_code: anyPostalCode,
  /** ISO code, or the spec's "Portugal"; absent is Portugal (decision 0055). */
  country: countryField,
  nif: nifField,
  company: companyField,
  payment_method: z.enum(CUSTOMER_PAYMENT_METHODS, { error: orderMessages.paymentMethod }),
  /** How it ships (one of the methods calculate-totals answered for the postcode); the cheapest home delivery when absent. */
  shipping_method_id: shippingMethodId,
  shipping_cost: euros,
  total_price_without_tax: euros,
  total_tax: euros,
  total_price_with_tax: euros,
  /**
   * Ticked: she asks for the digital lines at once and acknowledges she then loses the right of withdrawal
   * (DL 24/2014 art. 17.º n.º 1 al. l)). Only read when the order holds a digital product.
   */
  digital_consent: z.boolean().optional(),
  /** One discount code (decision 0054): a refused one is a 400 with its reason, and nothing is stored. */
  discount_code: discountCodeField,
});
export type CheckoutBody = z.input<typeof checkoutBody>;

const addressParts = ['address', 'city', 'postal_code'] as const;
const partMessages = { address: orderMessages.address, city: orderMessages.city, postal_code: orderMessages.postalCode } as const;

/**
 * POST /order as it arrives: the shop's checkout sends the address in parts (name, address, city, postal
 * code, country); a client written from the spec's call table (storefront.md §7) sends `shipping_address`
 * as one string. Either way the order stores one string. A basket of digital products only ships nothing
 * and needs no postal address: the server, which knows the products, asks for the `missingAddress` parts
 * only when something ships, each with its own message.
 */
export const orderBody = checkoutBody
  .partial({ name: true, address: true, city: true, postal_code: true })
  .extend({ shipping_address: text(orderMessages.address, ORDER_TEXT_LIMITS.shippingAddress).optional() })
  .superRefine(
    (v, ctx) => {
      if (v.shipping_address === undefined && v.name === undefined) ctx.addIssue({ code: 'custom', path: ['name'], message: orderMessages.name });
      if (typeof v.country === 'string') checkAddress({ country: v.country, postal_code: v.postal_code, phone: v.phone }, ctx);
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .transform(({ name, address, city, postal_code, country, shipping_address, phone, ...rest }) => {
    const missingAddress = shipping_address === undefined ? addressParts.filter((part) => ({ address, city, postal_code })[part] === undefined) : [];
    const complete = shipping_address === undefined && missingAddress.length === 0 && name && address && city && postal_code;
    return {
      ...rest,
      country,
      phone: phoneOf(country, phone) ?? phone,
      shipping_address: shipping_address ?? (missingAddress.length ? (name ?? '') : [name, address, city, postal_code, countryName(country)].join(', ')),
      missingAddress: Object.fromEntries(missingAddress.map((part) => [part, partMessages[part]])),
      /** The address in parts, when it came so (the shop's checkout): a customer's address book keeps it. */
      addressParts: complete ? { name, address, city, postal_code, country } : undefined,
    };
  });

/** What a client sends to POST /order: the shop's checkout (address in parts, none for a digital-only basket) or the spec's body. */
export type OrderBody = z.input<typeof orderBody>;

export const orderStatus = z.enum(ORDER_STATUSES, { error: orderMessages.status });
export const paymentMethod = z.enum(PAYMENT_METHODS, { error: orderMessages.paymentMethod });

export const orderItem = z.object({
  id: z.number().int(),
  product_id: z.number().int().nullable(),
  variant_id: z.number().int().nullable(),
  quantity: z.number().int(),
  /** Unit price paid, in euros. */
  price: amountInEuros,
  /** The VAT rate in percent the line was sold at (0: exempt), kept with the order (decision 0053). */
  vat_rate: z.number().optional(),
  product: z.object({
    id: z.number().int().nullable(),
    name: z.string(),
    isDigital: z.boolean(),
    image: z.string().nullable(),
    /** A digital product's access link: only once the order is paid, never before. */
    link: z.string().nullable().optional(),
  }),
  variant: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
});

export const order = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  email: emailAddress,
  order_date: dateTime,
  status: orderStatus,
  payment_method: paymentMethod,
  shipping_address: z.string(),
  /** The address's country (ISO 3166-1 alpha-2; decision 0055), and its pt-PT name. */
  country: z.string().optional(),
  country_name: z.string().optional(),
  phone: z.string(),
  /** The invoice's tax number and company; null is "Consumidor final". */
  nif: z.string().nullable().optional(),
  company: z.string().nullable().optional(),
  shipping_cost: amountInEuros,
  total_price_without_tax: amountInEuros,
  total_tax: amountInEuros,
  total_price_with_tax: amountInEuros,
  /** The VAT per rate it was sold with, and whether under the art. 53.º exemption, with its words (decision 0053). */
  vat_lines: z.array(vatLine).optional(),
  vat_exempt: z.boolean().optional(),
  vat_note: z.string().nullable().optional(),
  orderItems: z.array(orderItem),
  /** When the payment was confirmed; null while unpaid. */
  paid_at: dateTime.nullable().optional(),
  /** How a payment recorded by the owner arrived (null when the gateway confirmed it); her note only to admins. */
  paid_method: z.enum(MANUAL_PAYMENT_METHODS).nullable().optional(),
  paid_note: z.string().nullable().optional(),
  /** A cancelled paid order: the euros owed back, and when the owner gave them back. */
  refund_due: amountInEuros.nullable().optional(),
  refunded_at: dateTime.nullable().optional(),
  /** The invoice-receipt once issued, the refunds made and what they gave back. */
  invoice: fiscalDocument.nullable().optional(),
  refunds: z.array(refund).optional(),
  refunded_total: amountInEuros.optional(),
  /** Only to admins: why the invoice is not issued yet, and whether MB WAY can give the money back. */
  invoice_error: z.string().nullable().optional(),
  mbway_refundable: z.boolean().optional(),
  /** An unpaid pending order: until when it may be paid, before it is cancelled and its stock freed (#26). */
  pay_by: z.string().nullable().optional(),
  /**
   * When the order was shipped, delivered or cancelled, as far as the shop recorded it (the back office's
   * changes; a cancellation by the customer or by the payment deadline of an unpaid order): its page's timeline.
   */
  status_dates: z.object({ shipped: dateTime.nullable(), delivered: dateTime.nullable(), cancelled: dateTime.nullable() }).optional(),
  /** Whether the customer may cancel, and if not, why (shown on their order page). */
  cancellable: z.boolean().optional(),
  cancel_block_reason: z.string().nullable().optional(),
  /** When she gave the consent to immediate supply of the digital lines (they are then not withdrawable); null: not given. */
  digital_consent_at: dateTime.nullable().optional(),
  /** Given once, to a guest's checkout: the key to see and cancel this order without an account. */
  accessToken: z.string().optional(),
  /** How it ships and, once it left, its parcel (decision 0046). */
  shipping: orderShipping.optional(),
  /** The discount code it was sold with, as stored then (decision 0054); null: none. */
  discount: orderDiscount.nullable().optional(),
});
export type Order = z.infer<typeof order>;

/**
 * Only an order that never took money may be deleted: a paid, refunded or invoiced one is a sale the shop
 * must keep and account for (it can be cancelled instead, which records the refund due).
 */
export const isDeletableOrder = (order: Pick<Order, 'paid_at' | 'refund_due' | 'refunded_at' | 'invoice' | 'refunds'>) =>
  !order.paid_at && order.refund_due == null && !order.refunded_at && !order.invoice && !order.refunds?.length;

export const orderPage = z.object({
  orders: z.array(order),
  pagination: z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int(), totalPages: z.number().int() }),
});
export type OrderPage = z.infer<typeof orderPage>;

export const myOrdersQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: pageSizeParam(50, 10),
});
export const adminOrdersQuery = myOrdersQuery.extend({ status: orderStatus.optional() });

/** A guest reaches their order with the token from the checkout answer. */
export const orderAccessQuery = z.object({ token: z.string().trim().max(100).optional() });

const customerId = z.coerce.number({ error: orderMessages.customer }).int({ error: orderMessages.customer }).positive({ error: orderMessages.customer });

/**
 * An admin order (backoffice.md §2, §5, §7): the form's fields, the items, and the totals the spec's form sends
 * "with shipping_cost 0". The server prices the items itself; a given shipping_cost is the order's shipping
 * (the shop's rule when absent); the three totals are read for the spec's sake and recomputed, never trusted.
 * No customer (null, or nothing) keeps a guest's order a guest's.
 */
export const adminOrderBody = z.object({
  user_id: z.preprocess((v) => (v === '' ? null : v), customerId.nullish()),
  payment_method: paymentMethod,
  shipping_address: text(orderMessages.address, ORDER_TEXT_LIMITS.shippingAddress),
  // A Portuguese number, or a foreign one with its calling code (an order to another EU country, decision 0055).
  phone: anyPhone.transform((v, ctx) => {
    const phone = phoneOf('PT', v) ?? phoneWithCallingCode(v);
    if (phone) return phone;
    ctx.addIssue({ code: 'custom', message: orderMessages.phoneInvalid });
    return z.NEVER;
  }),
  status: orderStatus,
  items,
  shipping_cost: euros.optional(),
  total_price_without_tax: euros.optional(),
  total_tax: euros.optional(),
  total_price_with_tax: euros.optional(),
  ...trackingFields,
});

/** A new admin order, or one that already has its customer: the customer is required. */
export const adminCustomerOrderBody = adminOrderBody.extend({ user_id: customerId });

/** The orders list's one step: the order's next status (pending -> processing -> shipped -> delivered). */
export const statusStepBody = z.object({ status: orderStatus, ...trackingFields });

/** "Marcar como paga": a payment received outside the gateway, as the owner records it. */
export const markPaidBody = z.object({
  method: z.enum(MANUAL_PAYMENT_METHODS, { error: orderMessages.manualMethod }),
  note: z.string().trim().max(500, { error: messages.tooLong }).optional().transform((v) => v || null),
});

/** A refund the owner still owes (the dashboard's alert). */
export const refundDue = z.object({
  order_id: z.number().int(),
  email: emailAddress,
  amount: z.number(),
  cancelled_at: dateTime,
});
export const refundsDue = z.object({ refunds: z.array(refundDue) });
export type RefundDue = z.infer<typeof refundDue>;

import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DISCOUNT_KINDS } from '#shared/discounts.ts';
import { MANUAL_PAYMENT_METHODS, ORDER_STATUSES, PAYMENT_METHODS } from '#shared/orders.ts';
import { ORDER_ACTORS } from '#shared/order-life.ts';
import { REFUND_METHODS } from '#shared/schemas/invoicing.ts';
import { CARRIERS, SHIPPING_KINDS } from '#shared/shipping.ts';
import { VAT_REGIMES, VAT_REGIONS } from '#shared/vat.ts';
import { EXEMPTION_REASONS } from '#shared/withdrawal.ts';
import { users } from '../users/tables.ts';
import { products, productVariants } from '../catalog/tables.ts';
import { shippingMethods } from '../shipping/tables.ts';

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // Null for a guest's order, or once the customer's account is deleted (the order itself stays).
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    // A guest's key to the order: checked against its hash. The token itself is kept too, so every later
    // e-mail (payment received, shipped, cancelled) can link the guest to their order, not to the home page;
    // it opens one order whose contents this row already holds. Orders from before it was kept have only the hash.
    accessTokenHash: text('access_token_hash'),
    accessToken: text('access_token'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    shippingAddress: text('shipping_address').notNull(),
    // The address's country (ISO 3166-1 alpha-2, decision 0055); orders from before it are Portugal's.
    country: text('country').notNull().default('PT'),
    phone: text('phone').notNull(),
    // The customer's tax number and company for the invoice; none means "Consumidor final".
    nif: text('nif'),
    company: text('company'),
    shippingCents: integer('shipping_cents').notNull(),
    // How it ships (decision 0046): the method chosen, and what the order keeps of it (its name, the zone of the
    // address, whether it is picked up at the atelier and where); null on orders from before, and on digital-only ones.
    shippingMethodId: integer('shipping_method_id').references(() => shippingMethods.id, { onDelete: 'set null' }),
    shippingMethodName: text('shipping_method_name'),
    shippingZone: text('shipping_zone'),
    shippingKind: text('shipping_kind', { enum: SHIPPING_KINDS }),
    pickupDetails: text('pickup_details'),
    // The parcel, once it left: its carrier and the number the customer follows it by.
    trackingCarrier: text('tracking_carrier', { enum: CARRIERS }),
    trackingNumber: text('tracking_number'),
    // The VAT it was sold under (decision 0053): the shop's regime and region then, and shipping's rate in percent.
    // Orders from before keep the mainland's normal regime they were sold under.
    vatRegime: text('vat_regime', { enum: VAT_REGIMES }).notNull().default('normal'),
    vatRegion: text('vat_region', { enum: VAT_REGIONS }).notNull().default('continente'),
    shippingVatRate: integer('shipping_vat_rate').notNull().default(23),
    // The discount code it was sold with (decision 0054): the code, its kind and value then, what it took off the
    // goods (and each VAT rate's part of that), and the shipping a free-shipping code waived. Never recomputed.
    discountCode: text('discount_code'),
    discountKind: text('discount_kind', { enum: DISCOUNT_KINDS }),
    discountValue: integer('discount_value'),
    discountCents: integer('discount_cents').notNull().default(0),
    discountParts: jsonb('discount_parts').$type<{ rate: number; cents: number }[]>().notNull().default([]),
    shippingWaivedCents: integer('shipping_waived_cents').notNull().default(0),
    totalWithoutTaxCents: integer('total_without_tax_cents').notNull(),
    totalTaxCents: integer('total_tax_cents').notNull(),
    totalWithTaxCents: integer('total_with_tax_cents').notNull(),
    // A repeated checkout submission with the same key answers the first order instead of making another.
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    orderDate: timestamp('order_date', { withTimezone: true }).notNull().defaultNow(),
    // When the payment was confirmed; a digital product's link is delivered from then on, never before.
    paidAt: timestamp('paid_at', { withTimezone: true }),
    // A payment an admin recorded by hand ("Marcar como paga"): how it arrived, her note, who recorded it.
    // Null when the gateway confirmed it (its payments row says how).
    paidMethod: text('paid_method', { enum: MANUAL_PAYMENT_METHODS }),
    paidNote: text('paid_note'),
    paidBy: integer('paid_by').references(() => users.id, { onDelete: 'set null' }),
    // A paid order that was cancelled owes the customer their money until the owner marks it refunded.
    refundDueCents: integer('refund_due_cents'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundNote: text('refund_note'),
    // When "Pagamento recebido" was queued: the invoicing job sends it (with the invoice when it is issued in
    // time), and never twice.
    paymentMailAt: timestamp('payment_mail_at', { withTimezone: true }),
    // When its invoice-receipt was issued (the document itself is the invoicing module's).
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    // The invoice-receipt could not be issued after every attempt: the provider's last word, for "Faturas por emitir".
    invoiceError: text('invoice_error'),
    invoiceFailedAt: timestamp('invoice_failed_at', { withTimezone: true }),
    // An unpaid order is cancelled and gives its stock back by then: its payment method's hold (#26). Null for
    // orders an admin placed (they hold until she cancels them).
    stockHeldUntil: timestamp('stock_held_until', { withTimezone: true }),
    // The address a customer's checkout came from: the units one client may hold unpaid are capped.
    placedFrom: text('placed_from'),
    // The customer's express consent to the immediate supply of the digital lines, and her acknowledgement that
    // she then loses the right of withdrawal (DL 24/2014 art. 17.º n.º 1 al. l)): when, and the words she ticked.
    // Null: no consent given (or nothing digital), and the digital lines stay withdrawable (decision 0041).
    digitalConsentAt: timestamp('digital_consent_at', { withTimezone: true }),
    digitalConsentText: text('digital_consent_text'),
    // When her name, e-mail, phone and street were replaced by the anonymous mark (her erasure, or the end of the
    // fiscal period): totals, VAT, invoice references and the postcode area stay (CIVA art. 52.º, decision 0041).
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.orderDate),
    index('orders_status_idx').on(t.status, t.orderDate),
    // Orders by the day they were placed: the accountant's export and the owner's figures read ranges of days.
    index('orders_date_idx').on(t.orderDate, t.id),
    // Money received by day: the owner's takings and best sellers read ranges of payment dates.
    index('orders_paid_idx').on(t.paidAt).where(sql`${t.paidAt} is not null`),
    uniqueIndex('orders_idempotency_key').on(t.idempotencyKey),
    // The unpaid orders holding stock: the owner's list, and the checkout's count of what one client holds.
    index('orders_unpaid_holds_idx').on(t.stockHeldUntil).where(sql`${t.status} = 'pending' and ${t.paidAt} is null`),
    index('orders_refunds_due_idx').on(t.orderDate).where(sql`${t.refundDueCents} is not null and ${t.refundedAt} is null`),
  ],
);

/**
 * Money given back on a paid order, by MB WAY through the gateway or by a bank transfer the owner made.
 * A refund is of whole lines (some of their quantity) and, optionally, the shipping; the sum of an order's
 * refunds never exceeds what was paid. Its credit note is issued by the invoicing job.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull().default(0),
    // What was given back, line by line: [{ itemId, quantity, cents }], `cents` at the line's worth after the order's
    // discount (decision 0054); refunds recorded before it was kept have none and went back at the full unit price.
    lines: jsonb('lines').$type<{ itemId: number; quantity: number; cents?: number }[]>().notNull(),
    method: text('method', { enum: REFUND_METHODS }).notNull(),
    // An MB WAY refund is 'requested' while the gateway is asked (the sum is reserved), 'settled' once done.
    status: text('status', { enum: ['requested', 'settled'] }).notNull().default('settled'),
    iban: text('iban'),
    transferredOn: date('transferred_on'),
    note: text('note'),
    // The gateway's id for an MB WAY refund.
    gatewayRefundId: text('gateway_refund_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The credit note could not be issued after every attempt: the provider's last word.
    creditNoteError: text('credit_note_error'),
    creditNoteFailedAt: timestamp('credit_note_failed_at', { withTimezone: true }),
  },
  (t) => [index('refunds_order_idx').on(t.orderId)],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // A product in orders cannot be deleted (it is archived instead); a variant can, the order keeps its name.
    productId: integer('product_id').references(() => products.id, { onDelete: 'restrict' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    variantName: text('variant_name'),
    isDigital: boolean('is_digital').notNull(),
    // The product's mark "sem direito de livre resolução" when it was sold (DL 24/2014, art. 17.º): the withdrawal function never offers the line.
    withdrawalExemption: text('withdrawal_exemption', { enum: EXEMPTION_REASONS }),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    // The VAT rate in percent the line was sold at (0: exempt, and why: the AT's code), never recomputed (decision 0053).
    vatRate: integer('vat_rate').notNull().default(23),
    vatExemptionReason: text('vat_exemption_reason'),
    // Its order's payment date, kept by triggers (migration 0014), never written by the application: the
    // owner's best sellers sum the lines paid in a period without joining every order.
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_product_idx').on(t.productId)],
);

/**
 * Every move of an order's status, as the order's life (life.ts) makes it: when, from where to where, and by
 * whom (customer, admin, payment, job). The order page's timeline reads its dates from here.
 */
export const orderStatusChanges = pgTable(
  'order_status_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: ORDER_STATUSES }),
    toStatus: text('to_status', { enum: ORDER_STATUSES }).notNull(),
    actor: text('actor', { enum: ORDER_ACTORS }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_changes_order_idx').on(t.orderId, t.at)],
);

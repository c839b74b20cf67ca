import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from '../orders/tables.ts';

/** One attempt to pay an order: a Multibanco or Payshop reference, an MB WAY request, a card payment page. */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['multibanco', 'mbway', 'card', 'payshop'] }).notNull(),
    gateway: text('gateway', { enum: ['sandbox', 'ifthenpay'] }).notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'expired', 'canceled', 'rejected'] })
      .notNull()
      .default('pending'),
    amountCents: integer('amount_cents').notNull(),
    // The order id as the gateway knows it (unique per attempt, so a retried payment gets a new one).
    gatewayOrderId: text('gateway_order_id').notNull(),
    requestId: text('request_id'),
    entity: text('entity'),
    // A Multibanco reference (9 digits) or a Payshop one (13 digits).
    reference: text('reference'),
    phone: text('phone'),
    // Until when it can be paid: a Multibanco reference's own last day (ifthenpay's ExpiryDate, to 23:59 in
    // Lisbon), an MB WAY request's 4 minutes.
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // ifthenpay's ExpiryDate as it answered it ("dd-mm-yyyy"), kept as evidence of the deadline shown.
    gatewayExpiryDate: text('gateway_expiry_date'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    // When the reminder of a Multibanco or Payshop reference still unpaid near its deadline was queued (#27,
    // decisions 0049, 0052): set in the transaction that queues the mail, so each reference is reminded once.
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('payments_gateway_order_key').on(t.gateway, t.gatewayOrderId),
    index('payments_reference_idx').on(t.entity, t.reference),
    // MB WAY requests sent in a period, for the owner's overview.
    index('payments_method_created_idx').on(t.method, t.createdAt),
    // The references the reminder job looks through: pending Multibanco and Payshop ones not yet reminded.
    index('payments_reference_reminder_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.method} IN ('multibanco', 'payshop') AND ${t.status} = 'pending' AND ${t.remindedAt} IS NULL`),
  ],
);

/**
 * Every callback the gateway (or someone pretending to be it) sent, with what we made of it. Nothing
 * that claims money moved is thrown away: a payment for a cancelled order is flagged for the admin.
 */
export const paymentCallbacks = pgTable(
  'payment_callbacks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    outcome: text('outcome', {
      enum: ['paid', 'duplicate', 'bad_key', 'unknown_payment', 'amount_mismatch', 'not_pending', 'order_cancelled'],
    }).notNull(),
    needsAttention: boolean('needs_attention').notNull().default(false),
    // The callback's parameters, without the anti-phishing key.
    params: jsonb('params').notNull(),
    // A hash of the recorded parameters: the gateway's retry of an identical callback is recorded once (#27).
    fingerprint: text('fingerprint'),
    ip: text('ip'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_callbacks_payment_idx').on(t.paymentId),
    index('payment_callbacks_attention_idx').on(t.needsAttention),
    uniqueIndex('payment_callbacks_fingerprint_key').on(t.fingerprint),
  ],
);

/**
 * Callbacks with a wrong anti-phishing key, counted rather than kept: one row per source address per hour
 * (issue #26: stored whole, one client with random data filled the disk at ~600 MB a minute).
 */
export const paymentCallbackRefusals = pgTable(
  'payment_callback_refusals',
  {
    ip: text('ip').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(1),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'payment_callback_refusals_pkey', columns: [t.ip, t.hour] })],
);

/**
 * The order in which the checkout offers the ways to pay, as the owner set it (issue #27, decision 0052). One row;
 * a method not configured is left out when offered, never removed from here.
 */
export const paymentSettings = pgTable('payment_settings', {
  id: integer('id').primaryKey().default(1),
  methodOrder: jsonb('method_order').$type<string[]>().notNull().default(sql`'["multibanco","mbway","card","payshop"]'::jsonb`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

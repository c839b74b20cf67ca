import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders, refunds } from '../orders/tables.ts';
import { users } from '../users/tables.ts';

/** A withdrawn line as the request keeps it: what the customer saw when she confirmed. */
/** `cents`: what the line gives back, at its worth after the order's discount code (decision 0054); absent on requests made before it was kept. */
export type WithdrawnLine = { itemId: number; name: string; quantity: number; unitPriceCents: number; cents?: number };

/** What a withdrawn line gives back: its own figure, or (requests made before it was kept) its full unit price. */
export const withdrawnCents = (line: WithdrawnLine) => line.cents ?? line.unitPriceCents * line.quantity;

/**
 * A customer's withdrawal from her order (issue #28; DL 24/2014, art. 11.º): what she confirmed, when and from
 * where. Append-only: a trigger refuses every update and every delete but the one that follows its order's
 * deletion (migration 0022). The same lines confirmed twice are one request (`linesKey`).
 */
export const withdrawalRequests = pgTable(
  'withdrawal_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // Who confirmed it: the signed-in customer, or null for a guest with her order's link.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    lines: jsonb('lines').$type<WithdrawnLine[]>().notNull(),
    // The lines as "itemId:quantity" sorted: a second confirmation of the same lines finds the first.
    linesKey: text('lines_key').notNull(),
    // The delivery cost given back with it: the standard rate paid, once the whole shipment is withdrawn.
    shippingCents: integer('shipping_cents').notNull().default(0),
    reason: text('reason'),
    // The statement as she confirmed it, word for word: the acknowledgement repeats it.
    statement: text('statement').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    // The client address it came from (the audit log keeps it too).
    ip: text('ip'),
  },
  (t) => [
    uniqueIndex('withdrawal_requests_lines_key').on(t.orderId, t.linesKey),
    index('withdrawal_requests_requested_idx').on(t.requestedAt, t.id),
  ],
);

/** The refund that settled a withdrawal: one per request, written once (append-only as the request). */
export const withdrawalRefunds = pgTable('withdrawal_refunds', {
  withdrawalId: integer('withdrawal_id')
    .primaryKey()
    .references(() => withdrawalRequests.id, { onDelete: 'cascade' }),
  refundId: integer('refund_id')
    .notNull()
    .references(() => refunds.id, { onDelete: 'cascade' }),
  refundedAt: timestamp('refunded_at', { withTimezone: true }).notNull().defaultNow(),
  refundedBy: integer('refunded_by').references(() => users.id, { onDelete: 'set null' }),
});

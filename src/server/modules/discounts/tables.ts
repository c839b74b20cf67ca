import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DISCOUNT_KINDS } from '#shared/discounts.ts';
import { orders } from '../orders/tables.ts';
import { users } from '../users/tables.ts';

/**
 * The owner's discount codes (issue #29, decision 0054). `value` is a percentage (1–100) or an amount in cents
 * (0 for free shipping); `uses` counts the orders that hold the code, raised by a conditional update in the
 * order's transaction (never past `max_uses`) and lowered when such an order is cancelled.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // Stored upper-case: codes are case-insensitive, and unique as such.
    code: text('code').notNull(),
    kind: text('kind', { enum: DISCOUNT_KINDS }).notNull(),
    value: integer('value').notNull().default(0),
    minOrderCents: integer('min_order_cents'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    active: boolean('active').notNull().default(true),
    uses: integer('uses').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('discount_codes_code_idx').on(sql`upper(${t.code})`)],
);

/**
 * Each order that used a code, with who placed it (her account, and her e-mail): the per-customer limit counts
 * them. One code per order. A cancelled order's use is given back (`released_at`), and taken again if reopened.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    codeId: integer('code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('discount_redemptions_order_idx').on(t.orderId), index('discount_redemptions_code_idx').on(t.codeId, t.email)],
);

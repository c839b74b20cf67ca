import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/** The owner's settings: her overview's, and which e-mails of her shop she gets. One row. */
export const overviewSettings = pgTable('overview_settings', {
  id: integer('id').primaryKey().default(1),
  // Products and variants at or below this many units are listed as running low.
  lowStockThreshold: integer('low_stock_threshold').notNull().default(3),
  // Each paid order is always mailed to the shop; each new (unpaid) order too when she asks for it.
  mailNewOrders: boolean('mail_new_orders').notNull().default(false),
  // The returns (withdrawal) period in days, stated once and used everywhere (issue #28); the law's 14 at least.
  withdrawalDays: integer('withdrawal_days').notNull().default(30),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [check('overview_settings_withdrawal_days_check', sql`${t.withdrawalDays} >= 14`)]);

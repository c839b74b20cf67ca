import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/** The owner's settings for her overview: one row. */
export const overviewSettings = pgTable('overview_settings', {
  id: integer('id').primaryKey().default(1),
  // Products and variants at or below this many units are listed as running low.
  lowStockThreshold: integer('low_stock_threshold').notNull().default(3),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

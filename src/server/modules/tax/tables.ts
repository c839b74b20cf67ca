import { date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { VAT_REGIMES, VAT_REGIONS } from '#shared/vat.ts';
import { users } from '../users/tables.ts';

/**
 * The shop's VAT regime and region, each row from the day it applies (decision 0053): the one in force on a day
 * is the latest row whose `valid_from` is on or before it. Rows are never changed, so an order's day always finds
 * what it was sold under. None: the mainland's normal regime.
 */
export const taxSettings = pgTable(
  'tax_settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    regime: text('regime', { enum: VAT_REGIMES }).notNull(),
    region: text('region', { enum: VAT_REGIONS }).notNull(),
    validFrom: date('valid_from').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tax_settings_valid_from_idx').on(t.validFrom, t.id)],
);

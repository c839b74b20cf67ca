import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/tables.ts';

/** An editable block of the site (the home page's hero, ...): sanitised HTML keyed by section name. */
export const contentBlocks = pgTable('content_blocks', {
  section: text('section').primaryKey(),
  value: text('value').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/*
 * The platform's own table (the job queue), and every module's tables gathered for Drizzle (its client and
 * drizzle-kit read them here). A module's tables live in its tables.ts (eslint.boundaries.js).
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** The durable job queue (ARCHITECTURE.md "Nothing is lost"). */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** Optional: at most one job of a type with this key is kept (see `enqueue`). */
    key: text('key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`done_at IS NULL AND failed_at IS NULL`),
    uniqueIndex('jobs_type_key_idx').on(t.type, t.key).where(sql`key IS NOT NULL`),
  ],
);

/**
 * Operations alerts (issue #31): when each kind was last mailed, shared by every process so it goes out at
 * most once an hour; `since` and `detail` hold what only one process sees (a failed backup, a database outage).
 */
export const opsAlerts = pgTable('ops_alerts', {
  kind: text('kind').primaryKey(),
  since: timestamp('since', { withTimezone: true }),
  detail: text('detail'),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export * from '../modules/users/tables.ts';
export * from '../modules/auth/tables.ts';
export * from '../modules/media/tables.ts';
export * from '../modules/catalog/tables.ts';
export * from '../modules/shipping/tables.ts';
export * from '../modules/orders/tables.ts';
export * from '../modules/payments/tables.ts';
export * from '../modules/services/tables.ts';
export * from '../modules/content/tables.ts';
export * from '../modules/contact/tables.ts';
export * from '../modules/newsletter/tables.ts';
export * from '../modules/invoicing/tables.ts';
export * from '../modules/overview/tables.ts';
export * from '../modules/audit/tables.ts';
export * from '../modules/withdrawals/tables.ts';
export * from '../modules/tax/tables.ts';
export * from '../modules/discounts/tables.ts';

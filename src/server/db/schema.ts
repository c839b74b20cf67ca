import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    // A changed e-mail waits here until the new address proves it is the user's.
    pendingEmail: text('pending_email'),
    // The tax number and company the last checkout gave, offered again at the next one.
    nif: text('nif'),
    company: text('company'),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    isBanned: boolean('is_banned').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    // sha256 of the cookie's token: a leaked table cannot be replayed as cookies.
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const userTokens = pgTable(
  'user_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'reset', 'email_change', 'sign_in'] }).notNull(),
    // For email_change: the address the link proves.
    email: text('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId, t.purpose)],
);

/**
 * A customer's address book: the addresses they ship to, one of them the default the checkout starts
 * from. A checkout adds its address here (or marks the known one as just used).
 */
export const addresses = pgTable(
  'addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull().default('Portugal'),
    phone: text('phone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_user_idx').on(t.userId), uniqueIndex('addresses_one_default_key').on(t.userId).where(sql`is_default`)],
);

/**
 * Failed logins per account (keyed by the sha256 of the lower-cased e-mail, known or not, so the answer
 * says nothing about who has an account): past a few, each further guess waits longer.
 */
export const loginFailures = pgTable('login_failures', {
  emailHash: text('email_hash').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  // The client addresses of the attempts (at most 10), for the owner's warning (issue #26).
  addresses: text('addresses').array().notNull().default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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

export * from '../modules/media/tables.ts';
export * from '../modules/catalog/tables.ts';
export * from '../modules/orders/tables.ts';
export * from '../modules/payments/tables.ts';
export * from '../modules/services/tables.ts';
export * from '../modules/content/tables.ts';
export * from '../modules/contact/tables.ts';
export * from '../modules/newsletter/tables.ts';
export * from '../modules/invoicing/tables.ts';
export * from '../modules/overview/tables.ts';
export * from '../modules/audit/tables.ts';

import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'unsubscribed'] }).notNull().default('pending'),
    // sha256 of the confirmation link's token.
    confirmTokenHash: text('confirm_token_hash'),
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true }),
    // Kept as is (not hashed): every newsletter carries it, and at worst it lets someone unsubscribe.
    unsubscribeToken: text('unsubscribe_token'),
    // Proof of consent (GDPR art. 7): when, from where, and the exact text agreed to.
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull().defaultNow(),
    consentIp: text('consent_ip'),
    consentText: text('consent_text').notNull(),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('newsletter_subscribers_confirm_key').on(t.confirmTokenHash),
    uniqueIndex('newsletter_subscribers_unsubscribe_key').on(t.unsubscribeToken),
  ],
);

/** The one newsletter being written, and the admin's send switch (a single row, id 1). */
export const newsletterDraft = pgTable('newsletter_draft', {
  id: integer('id').primaryKey().default(1),
  title: text('title').notNull().default(''),
  content: text('content').notNull().default(''),
  isToSend: boolean('is_to_send').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One send of a newsletter: a frozen copy of what was sent, and its counts. */
export const newsletterSends = pgTable('newsletter_sends', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  // 'stopped': the admin turned the switch off mid-send (the column is plain text: no migration needed).
  status: text('status', { enum: ['sending', 'done', 'stopped'] }).notNull().default('sending'),
  recipients: integer('recipients').notNull().default(0),
  sentCount: integer('sent_count').notNull().default(0),
  failedCount: integer('failed_count').notNull().default(0),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** One row per recipient of a send: the ledger that makes a resumed send skip who already got it. */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    sendId: integer('send_id')
      .notNull()
      .references(() => newsletterSends.id, { onDelete: 'cascade' }),
    subscriberId: integer('subscriber_id').notNull(),
    email: text('email').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.sendId, t.subscriberId] }), index('newsletter_deliveries_pending_idx').on(t.sendId, t.status)],
);

import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every change an admin made, written in the transaction that made it: who (her id and, should the account
 * go, her e-mail), from which address, what (an entity, its id, an action) and the values before and after.
 * Append-only: a trigger refuses updates and deletes (migration 0014).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorEmail: text('actor_email').notNull(),
    ip: text('ip'),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
  },
  (t) => [index('audit_log_at_idx').on(t.at, t.id), index('audit_log_entity_idx').on(t.entity, t.entityId, t.at), index('audit_log_actor_idx').on(t.actorId, t.at)],
);

/**
 * Refused admin calls counted per address and minute (decision 0028): the first of a minute is an audit entry,
 * the rest only raise this count, so a flood of refused calls writes one entry a minute per address.
 */
export const auditRefusals = pgTable(
  'audit_refusals',
  {
    ip: text('ip').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(1),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'audit_refusals_pkey', columns: [t.ip, t.minute] })],
);

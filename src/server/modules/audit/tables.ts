import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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

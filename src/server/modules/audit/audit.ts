import { and, count, desc, eq, gte, isNotNull, lt, type SQL } from 'drizzle-orm';
import { lisbonDayStart, nextCalendarDay } from '#shared/dates.ts';
import type { AuditAction, AuditEntity, AuditEntry, AuditPage, AuditQuery } from '#shared/schemas/audit.ts';
import type { Db, Tx } from '../../db/client.ts';
import { currentActor } from '../../platform/request-context.ts';
import { auditLog } from './tables.ts';

type Values = Record<string, unknown>;

export type Change = {
  entity: AuditEntity;
  entityId: number | string;
  action: AuditAction;
  before?: Values | null;
  after?: Values | null;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only what changed: the fields whose values differ, before and after (all of them for a creation or deletion). */
function changedFields(before: Values | null, after: Values | null): [Values | null, Values | null] {
  if (!before || !after) return [before, after];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => !same(before[key], after[key]));
  return [Object.fromEntries(keys.map((key) => [key, before[key] ?? null])), Object.fromEntries(keys.map((key) => [key, after[key] ?? null]))];
}

/**
 * Writes an admin's change into the audit log, in the transaction that makes it (it is kept or lost with
 * the change). Outside an admin's request (a customer, a background job) nothing is written; an update
 * that changed nothing neither.
 */
export async function recordChange(tx: Tx, change: Change) {
  await recordChanges(tx, [change]);
}

/** Several changes of one admin's request in one statement (an import of thousands of products). */
export async function recordChanges(tx: Tx, changes: Change[]) {
  const actor = currentActor();
  if (!actor) return;
  const rows = changes.flatMap((change) => {
    const [before, after] = changedFields(change.before ?? null, change.after ?? null);
    if (before && after && Object.keys(after).length === 0) return [];
    return [{ actorId: actor.id, actorEmail: actor.email, ip: actor.ip, entity: change.entity, entityId: String(change.entityId), action: change.action, before, after }];
  });
  if (rows.length) await tx.insert(auditLog).values(rows);
}

/** The log, newest first, filtered by entity (and id), admin and Lisbon days, a page at a time. */
export async function listAudit(db: Db, query: AuditQuery): Promise<AuditPage> {
  const filters: (SQL | undefined)[] = [
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.entity && query.entityId ? eq(auditLog.entityId, query.entityId) : undefined,
    query.actor ? eq(auditLog.actorId, query.actor) : undefined,
    query.from ? gte(auditLog.at, lisbonDayStart(query.from)) : undefined,
    query.to ? lt(auditLog.at, lisbonDayStart(nextCalendarDay(query.to))) : undefined,
  ];
  const where = and(...filters);
  const [rows, [total], actors] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(auditLog).where(where),
    db
      .selectDistinctOn([auditLog.actorId], { id: auditLog.actorId, email: auditLog.actorEmail })
      .from(auditLog)
      .where(isNotNull(auditLog.actorId))
      .orderBy(auditLog.actorId, desc(auditLog.at)),
  ]);
  return {
    rows: rows.map(
      (r): AuditEntry => ({
        id: r.id,
        at: r.at.toISOString(),
        actor: { id: r.actorId, email: r.actorEmail },
        ip: r.ip,
        entity: r.entity as AuditEntity,
        entityId: r.entityId,
        action: r.action as AuditAction,
        before: r.before ?? null,
        after: r.after ?? null,
      }),
    ),
    count: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    actors: actors.flatMap((a) => (a.id === null ? [] : [{ id: a.id, email: a.email }])).sort((a, b) => a.email.localeCompare(b.email)),
  };
}

import { and, count, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { lisbonDayStart, nextCalendarDay } from '#shared/dates.ts';
import type { AuditAction, AuditEntity, AuditEntry, AuditPage, AuditQuery } from '#shared/schemas/audit.ts';
import type { Db, Tx } from '../../db/client.ts';
import { type Actor, currentActor } from '../../platform/request-context.ts';
import { auditLog, auditRefusals } from './tables.ts';

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
  if (actor) await recordAs(tx, actor, changes);
}

/** Writes entries for an admin named here rather than by the request (her sign-in: her session is not open yet). */
export async function recordAs(tx: Tx | Db, actor: Actor, changes: Change | Change[]) {
  const rows = (Array.isArray(changes) ? changes : [changes]).flatMap((change) => {
    const [before, after] = changedFields(change.before ?? null, change.after ?? null);
    if (before && after && Object.keys(after).length === 0) return [];
    return [{ actorId: actor.id, actorEmail: actor.email, ip: actor.ip, entity: change.entity, entityId: String(change.entityId), action: change.action, before, after }];
  });
  if (rows.length) await tx.insert(auditLog).values(rows);
}

/**
 * What a customer did that the law asks the shop to keep (her withdrawal, issue #28): who (her account, or none
 * for a guest, and her e-mail), from which address, when, and what. In the caller's transaction.
 */
export async function recordCustomerAct(tx: Tx, customer: { userId: number | null; email: string; ip: string }, change: Change) {
  await tx.insert(auditLog).values({
    actorId: customer.userId,
    actorEmail: customer.email,
    ip: customer.ip,
    entity: change.entity,
    entityId: String(change.entityId),
    action: change.action,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

/** A call to an admin route the guard refused: 401 without a session, 403 for a signed-in non-admin. */
export type Refusal = { ip: string; method: string; route: string; status: 401 | 403; user: { id: number; email: string } | null };

const refusalReason = { 401: 'sem sessão iniciada', 403: 'não é administrador' } as const;

/**
 * Records a refused admin call, bounded per address and minute: the first refusal of the minute is an entry
 * (who, what, why), the next ones only count in audit_refusals, shown as that entry's `attempts`.
 * One transaction, so the entry's time and the counter's minute are the same now().
 */
export async function recordRefusal(db: Db, refusal: Refusal) {
  await db.transaction(async (tx) => {
    const [counted] = await tx
      .insert(auditRefusals)
      .values({ ip: refusal.ip, minute: sql`date_trunc('minute', now())` })
      .onConflictDoUpdate({ target: [auditRefusals.ip, auditRefusals.minute], set: { count: sql`${auditRefusals.count} + 1`, lastSeenAt: sql`now()` } })
      .returning({ count: auditRefusals.count });
    if (counted?.count !== 1) return;
    await tx.insert(auditLog).values({
      actorId: refusal.user?.id ?? null,
      actorEmail: refusal.user?.email ?? '',
      ip: refusal.ip,
      entity: 'access',
      entityId: `${refusal.method} ${refusal.route}`.slice(0, 200),
      action: 'refused',
      after: { request: `${refusal.method} ${refusal.route}`, answer: refusal.status, reason: refusalReason[refusal.status] },
    });
  });
}

/** How many refused calls each 'access' entry stands for (its address's count in its minute). */
async function refusalAttempts(db: Db, rows: (typeof auditLog.$inferSelect)[]) {
  const refused = rows.filter((r) => r.entity === 'access' && r.ip);
  if (!refused.length) return new Map<number, number>();
  const counts = await db
    .select({ id: auditLog.id, count: auditRefusals.count })
    .from(auditLog)
    .innerJoin(auditRefusals, and(eq(auditRefusals.ip, auditLog.ip), eq(auditRefusals.minute, sql`date_trunc('minute', ${auditLog.at})`)))
    .where(inArray(auditLog.id, refused.map((r) => r.id)));
  return new Map(counts.map((c) => [c.id, c.count]));
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
  const attempts = await refusalAttempts(db, rows);
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
        after: attempts.has(r.id) ? { ...r.after, attempts: attempts.get(r.id) } : (r.after ?? null),
      }),
    ),
    count: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    actors: actors.flatMap((a) => (a.id === null ? [] : [{ id: a.id, email: a.email }])).sort((a, b) => a.email.localeCompare(b.email)),
  };
}

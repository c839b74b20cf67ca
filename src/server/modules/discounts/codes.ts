import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { calendarDayPlus, lisbonDayStart, lisbonToday } from '#shared/dates.ts';
import { toEuros } from '#shared/money.ts';
import { type DiscountCode, discountMessages, type DiscountCodeValues } from '#shared/schemas/discounts.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { recordChange } from '../audit/audit.ts';
import { discountCodes } from './tables.ts';

/* The owner's discount codes (the «Códigos de desconto» tab, decision 0054): listed, created, changed, deleted, each audited. */

export type CodeRow = typeof discountCodes.$inferSelect;

/** The day an instant falls on in Lisbon; an end is stored as the start of the day after the last (exclusive). */
const dayOf = (instant: Date | null, end = false) => (instant ? lisbonToday(new Date(instant.getTime() - (end ? 1 : 0))) : null);

export const toDiscountCode = (row: CodeRow): DiscountCode => ({
  id: row.id,
  code: row.code,
  kind: row.kind,
  value: row.kind === 'fixed' ? toEuros(row.value) : row.value,
  min_order: row.minOrderCents === null ? null : toEuros(row.minOrderCents),
  starts_at: dayOf(row.startsAt),
  ends_at: dayOf(row.endsAt, true),
  max_uses: row.maxUses,
  max_uses_per_customer: row.maxUsesPerCustomer,
  active: row.active,
  uses: row.uses,
});

/** The columns of a code as the owner set it: its first day from Lisbon's midnight, its last day to the next one. */
const columnsOf = (v: DiscountCodeValues) => ({
  code: v.code,
  kind: v.kind,
  value: v.value,
  minOrderCents: v.minOrderCents,
  startsAt: v.startsOn ? lisbonDayStart(v.startsOn) : null,
  endsAt: v.endsOn ? lisbonDayStart(calendarDayPlus(v.endsOn, 1)) : null,
  maxUses: v.maxUses,
  maxUsesPerCustomer: v.maxUsesPerCustomer,
  active: v.active,
});

/** What the audit log keeps of a code: its terms as the answers show them (its uses are the customers', not hers). */
const audited = (row: CodeRow) => {
  const { id: _id, uses: _uses, ...terms } = toDiscountCode(row);
  return terms;
};

export async function listCodes(db: Db): Promise<DiscountCode[]> {
  const rows = await db.select().from(discountCodes).orderBy(desc(discountCodes.active), desc(discountCodes.id));
  return rows.map(toDiscountCode);
}

/** Codes are case-insensitive: another code spelled the same is a 409 with the field's message. */
async function checkUnique(tx: Tx, code: string, exceptId?: number) {
  const [other] = await tx
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(and(sql`upper(${discountCodes.code}) = ${code}`, exceptId ? ne(discountCodes.id, exceptId) : undefined))
    .limit(1);
  if (other) throw conflict(discountMessages.codeTaken, { code: discountMessages.codeTaken });
}

export async function createCode(db: Db, values: DiscountCodeValues): Promise<DiscountCode> {
  return db.transaction(async (tx) => {
    await checkUnique(tx, values.code);
    const [row] = await tx.insert(discountCodes).values(columnsOf(values)).returning();
    if (!row) throw new Error('discount code not stored');
    await recordChange(tx, { entity: 'discount-code', entityId: row.id, action: 'create', after: audited(row) });
    return toDiscountCode(row);
  });
}

async function lockedCode(tx: Tx, id: number) {
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).limit(1).for('update');
  if (!row) throw notFound(discountMessages.notFound);
  return row;
}

/** A change keeps the uses counted so far: lowering `max_uses` below them stops new orders, it cancels none. */
export async function updateCode(db: Db, id: number, values: DiscountCodeValues): Promise<DiscountCode> {
  return db.transaction(async (tx) => {
    const before = await lockedCode(tx, id);
    await checkUnique(tx, values.code, id);
    const [row] = await tx
      .update(discountCodes)
      .set({ ...columnsOf(values), updatedAt: new Date() })
      .where(eq(discountCodes.id, id))
      .returning();
    if (!row) throw new Error('discount code vanished under its lock');
    await recordChange(tx, { entity: 'discount-code', entityId: id, action: 'update', before: audited(before), after: audited(row) });
    return toDiscountCode(row);
  });
}

/** Orders that used it keep its code, kind and amounts (they are stored on the order). */
export async function deleteCode(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockedCode(tx, id);
    await tx.delete(discountCodes).where(eq(discountCodes.id, id));
    await recordChange(tx, { entity: 'discount-code', entityId: id, action: 'delete', before: audited(before) });
  });
}

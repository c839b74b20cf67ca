import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { formatCalendarDay, lisbonToday } from '#shared/dates.ts';
import type { DiscountTerms } from '#shared/discounts.ts';
import { fill } from '#shared/messages.ts';
import { formatCents } from '#shared/money.ts';
import { discountMessages } from '#shared/schemas/discounts.ts';
import type { Db, Tx } from '../../db/client.ts';
import { invalid } from '../../platform/errors.ts';
import type { CodeRow } from './codes.ts';
import { discountCodes, discountRedemptions } from './tables.ts';

/*
 * A code at the cart and the checkout (decision 0054): whether it applies to a basket, and its use taken in the
 * order's transaction. The limits hold under concurrency: the use is a conditional update of the code's counter
 * (`uses < max_uses`), whose row lock then serialises the orders of that code until they commit, so the count
 * of the customer's own uses that follows sees every order committed before it.
 */

/** Who is using a code: her account when signed in, and the order's e-mail (a guest is known by it alone). */
export type CodeCustomer = { userId: number | null; email: string | null };
/** What the code is judged against: the goods' worth (VAT included), whether anything ships, and when. */
export type CodeBasket = { goodsCents: number; ships: boolean; now?: Date };

export type CodeVerdict = { ok: true; row: CodeRow; terms: DiscountTerms } | { ok: false; message: string };

const refuse = (message: string): CodeVerdict => ({ ok: false, message });

/** The customer's orders that hold the code (not given back): by her account, or by her e-mail, either way. */
async function customerUses(db: Db | Tx, codeId: number, customer: CodeCustomer): Promise<number> {
  const who = [
    customer.userId === null ? undefined : eq(discountRedemptions.userId, customer.userId),
    customer.email === null ? undefined : sql`lower(${discountRedemptions.email}) = lower(${customer.email})`,
  ].filter((c) => c !== undefined);
  if (!who.length) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.codeId, codeId), isNull(discountRedemptions.releasedAt), or(...who)));
  return Number(row?.n ?? 0);
}

/** Whether a code applies, in the order the customer would want to hear why not: it exists, is on, is in its dates, fits the basket, has uses left. */
export async function judgeCode(db: Db | Tx, code: string, basket: CodeBasket, customer: CodeCustomer): Promise<CodeVerdict> {
  const now = basket.now ?? new Date();
  const [row] = await db.select().from(discountCodes).where(sql`upper(${discountCodes.code}) = ${code}`).limit(1);
  if (!row) return refuse(discountMessages.unknown);
  if (!row.active) return refuse(discountMessages.inactive);
  if (row.startsAt && now < row.startsAt) return refuse(fill(discountMessages.notYet, { day: formatCalendarDay(lisbonToday(row.startsAt)) }));
  if (row.endsAt && now >= row.endsAt) return refuse(discountMessages.expired);
  if (row.minOrderCents !== null && basket.goodsCents < row.minOrderCents) {
    return refuse(fill(discountMessages.belowMinimum, { amount: formatCents(row.minOrderCents), missing: formatCents(row.minOrderCents - basket.goodsCents) }));
  }
  if (row.kind === 'free_shipping' && !basket.ships) return refuse(discountMessages.nothingToDiscount);
  if (row.maxUses !== null && row.uses >= row.maxUses) return refuse(discountMessages.exhausted);
  if (row.maxUsesPerCustomer !== null && (await customerUses(db, row.id, customer)) >= row.maxUsesPerCustomer) return refuse(discountMessages.perCustomer);
  return { ok: true, row, terms: { code: row.code, kind: row.kind, value: row.value } };
}

/** The checkout's verdict: the code's terms, or a 400 with the refusal on the field. */
export async function codeForOrder(tx: Tx, code: string, basket: CodeBasket, customer: CodeCustomer) {
  const verdict = await judgeCode(tx, code, basket, customer);
  if (!verdict.ok) throw invalid(verdict.message, { discount_code: verdict.message });
  return verdict;
}

/**
 * Takes one use of the code for the order, in its transaction: the counter rises only while under its limit
 * (the row's lock makes concurrent orders wait and re-read it), then the customer's own uses are counted under
 * that lock. Either refusal is a 400 and the caller's transaction rolls the order back.
 */
export async function takeUse(tx: Tx, row: CodeRow, orderId: number, customer: CodeCustomer & { email: string }) {
  const [taken] = await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1` })
    .where(and(eq(discountCodes.id, row.id), sql`(${discountCodes.maxUses} is null or ${discountCodes.uses} < ${discountCodes.maxUses})`))
    .returning({ id: discountCodes.id });
  if (!taken) throw invalid(discountMessages.exhausted, { discount_code: discountMessages.exhausted });
  if (row.maxUsesPerCustomer !== null && (await customerUses(tx, row.id, customer)) >= row.maxUsesPerCustomer) {
    throw invalid(discountMessages.perCustomer, { discount_code: discountMessages.perCustomer });
  }
  await tx.insert(discountRedemptions).values({ codeId: row.id, orderId, userId: customer.userId, email: customer.email });
}

/** A cancelled order gives its use back (decision 0054); a reopened one takes it again, past the limit if need be (the owner's act). */
export async function giveBackUse(tx: Tx, orderId: number, back = true) {
  const [use] = await tx
    .update(discountRedemptions)
    .set({ releasedAt: back ? new Date() : null })
    .where(and(eq(discountRedemptions.orderId, orderId), back ? isNull(discountRedemptions.releasedAt) : sql`${discountRedemptions.releasedAt} is not null`))
    .returning({ codeId: discountRedemptions.codeId });
  if (!use) return;
  await tx
    .update(discountCodes)
    .set({ uses: sql`greatest(${discountCodes.uses} ${back ? sql`- 1` : sql`+ 1`}, 0)` })
    .where(eq(discountCodes.id, use.codeId));
}

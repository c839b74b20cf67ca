import { and, eq, inArray, isNull, lt, max, or, sql } from 'drizzle-orm';
import { formatDate } from '#shared/dates.ts';
import { fill } from '#shared/messages.ts';
import { periodEnd } from '#shared/withdrawal.ts';
import { privacyMessages } from '#shared/schemas/privacy.ts';
import type { Tx } from '../../db/client.ts';
import type { OrderRow } from './order-records.ts';
import { orders, orderStatusChanges, refunds } from './tables.ts';

/*
 * What the customer's rights ask of her orders (issue #28, decision 0041): whether the digital lines stay
 * withdrawable, whether her account may go yet, and her orders anonymised while the fiscal record stays.
 */

/** Whose data: her account (if she has one) and her e-mail address (her guest orders, her messages). */
export type Person = { userId: number | null; email: string };

/** What replaces her name, e-mail, phone and street on an order kept for the fiscal record. */
export const ANONYMOUS_MARK = 'Anonimizado (RGPD)';
export const ANONYMOUS_EMAIL = 'anonimizado@anonimizado.invalid';


const theirs = (person: Person) => {
  const byEmail = sql`lower(${orders.email}) = ${person.email.toLowerCase()}`;
  return person.userId === null ? byEmail : or(eq(orders.userId, person.userId), byEmail);
};

/** Her orders, newest first, not yet anonymised. */
export async function ordersOfPerson(tx: Tx, person: Person): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(and(theirs(person), isNull(orders.anonymisedAt)))
    .orderBy(sql`${orders.orderDate} desc`, sql`${orders.id} desc`);
}

/**
 * Why her data may not be erased yet (pt-PT, naming the order), or null. An order still open (neither
 * delivered nor cancelled), a refund she is still owed, or a delivered order within its withdrawal period (the
 * shop's setting, counted as the withdrawal function counts it: src/shared/withdrawal.ts)
 * keeps her name and address: the shop needs them to deliver, refund or take the goods back.
 */
export async function erasureBlock(tx: Tx, person: Person, withdrawalDays: number, now = new Date()): Promise<string | null> {
  const rows = await ordersOfPerson(tx, person);
  const open = rows.find((r) => r.status !== 'delivered' && r.status !== 'cancelled');
  if (open) return fill(privacyMessages.openOrder, { id: open.id });
  const owed = rows.find((r) => r.refundDueCents !== null && r.refundedAt === null);
  if (owed) return fill(privacyMessages.refundOwed, { id: owed.id });
  const delivered = rows.filter((r) => r.status === 'delivered');
  if (!delivered.length) return null;
  const dates = await tx
    .select({ id: orderStatusChanges.orderId, at: max(orderStatusChanges.at) })
    .from(orderStatusChanges)
    .where(and(inArray(orderStatusChanges.orderId, delivered.map((r) => r.id)), eq(orderStatusChanges.toStatus, 'delivered')))
    .groupBy(orderStatusChanges.orderId);
  for (const row of delivered) {
    // An order delivered before its moves were recorded: its last change is when it was delivered at the latest.
    const deliveredAt = dates.find((d) => d.id === row.id)?.at ?? row.updatedAt;
    const ends = periodEnd(deliveredAt, withdrawalDays);
    if (ends > now) return fill(privacyMessages.withinWithdrawal, { id: row.id, date: formatDate(new Date(ends.getTime() - 1).toISOString()) });
  }
  return null;
}

/** "1000": the postcode's first four digits (the area), the only part of the address the fiscal record keeps. */
const postcodeArea = (address: string) => /\b(\d{4})-\d{3}\b/.exec(address)?.[1] ?? null;

const anonymised = (row: Pick<OrderRow, 'shippingAddress'>) => {
  const area = postcodeArea(row.shippingAddress);
  return {
    email: ANONYMOUS_EMAIL,
    shippingAddress: area ? `${ANONYMOUS_MARK}, ${area}` : ANONYMOUS_MARK,
    phone: ANONYMOUS_MARK,
    // The guest link and the address the checkout came from say who she is too.
    accessToken: null,
    accessTokenHash: null,
    placedFrom: null,
    anonymisedAt: new Date(),
    updatedAt: new Date(),
  };
};

/**
 * Replaces the personal data of these orders with the anonymous mark; totals, VAT, lines, invoice references,
 * the tax number on the invoice and the postcode area stay (CIVA art. 52.º). The refunds' IBANs go too.
 */
async function anonymiseRows(tx: Tx, rows: Pick<OrderRow, 'id' | 'shippingAddress'>[]): Promise<number[]> {
  for (const row of rows) await tx.update(orders).set(anonymised(row)).where(eq(orders.id, row.id));
  const ids = rows.map((r) => r.id);
  if (ids.length) await tx.update(refunds).set({ iban: null }).where(and(inArray(refunds.orderId, ids), sql`${refunds.iban} is not null`));
  return ids;
}

/** Her orders anonymised (her erasure): answers their ids. */
export async function anonymiseOrdersOf(tx: Tx, person: Person): Promise<number[]> {
  return anonymiseRows(tx, await ordersOfPerson(tx, person));
}

/** The retention purge: orders placed before `cutoff` (the end of the fiscal period) lose their personal data; answers their ids. */
export async function anonymiseOrdersBefore(tx: Tx, cutoff: Date): Promise<number[]> {
  const rows = await tx
    .select({ id: orders.id, shippingAddress: orders.shippingAddress })
    .from(orders)
    .where(and(lt(orders.orderDate, cutoff), isNull(orders.anonymisedAt)));
  return anonymiseRows(tx, rows);
}

import { asc, inArray, sql } from 'drizzle-orm';
import { toEuros } from '#shared/money.ts';
import type { Tx } from '../../db/client.ts';
import { payments } from './tables.ts';

/* The payments of one person's orders, for her export, and the MB WAY phone numbers her erasure removes. */

export async function paymentsOfOrders(tx: Tx, orderIds: number[]) {
  if (!orderIds.length) return [];
  const rows = await tx.select().from(payments).where(inArray(payments.orderId, orderIds)).orderBy(asc(payments.createdAt));
  return rows.map((p) => ({
    order_id: p.orderId,
    method: p.method,
    status: p.status,
    amount: toEuros(p.amountCents),
    entity: p.entity,
    reference: p.reference,
    phone: p.phone,
    created_at: p.createdAt.toISOString(),
    paid_at: p.paidAt?.toISOString() ?? null,
  }));
}

/** The amounts, references and dates stay (they match the bank's and the invoices' records); the phone goes. */
export async function forgetPaymentPhones(tx: Tx, orderIds: number[]) {
  if (orderIds.length) await tx.update(payments).set({ phone: null }).where(sql`${inArray(payments.orderId, orderIds)} and ${payments.phone} is not null`);
}

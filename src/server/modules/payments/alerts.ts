import { and, desc, eq } from 'drizzle-orm';
import { toEuros } from '#shared/money.ts';
import type { OrderPaymentsAnswer, PaymentInfo } from '#shared/schemas/payments.ts';
import { paymentMessages } from '#shared/schemas/payments.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { recordChange } from '../audit/audit.ts';
import { orderForPayment, type Viewer } from '../orders/for-payments.ts';
import { type PaymentRow, sandboxPhoneUrl } from './payment-records.ts';
import { paymentCallbacks, payments } from './tables.ts';

function toInfo(row: PaymentRow, asAdmin: boolean): PaymentInfo {
  return {
    id: row.id,
    method: row.method,
    status: row.status,
    amount: toEuros(row.amountCents),
    entity: row.entity,
    reference: row.reference,
    phone_number: row.phone,
    expiresAt: row.expiresAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    gateway: row.gateway,
    ...(row.gateway === 'sandbox' && row.method === 'mbway' && row.requestId ? { sandboxUrl: sandboxPhoneUrl(row.requestId) } : {}),
    ...(asAdmin ? { gatewayOrderId: row.gatewayOrderId, requestId: row.requestId } : {}),
  };
}

/** GET /payment/order/{orderId}: the order's payments, newest first; admins also see the gateway's ids and alerts. */
export async function orderPayments(db: Db, orderId: number, viewer: Viewer): Promise<OrderPaymentsAnswer> {
  const order = await orderForPayment(db, orderId, viewer);
  const rows = await db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(desc(payments.createdAt), desc(payments.id));
  const answer: OrderPaymentsAnswer = { payments: rows.map((r) => toInfo(r, viewer.isAdmin)) };
  if (viewer.isAdmin) {
    const ids = new Set(rows.map((r) => r.id));
    const alerts = (await paymentAlerts(db)).filter((a) => a.order_id === order.id || (a.paymentId !== null && ids.has(a.paymentId)));
    answer.alerts = alerts.map(({ paymentId: _, ...alert }) => alert);
  }
  return answer;
}

/** Callbacks that need the admin: money for a cancelled or already paid order, or of the wrong amount. */
export async function paymentAlerts(db: Db) {
  const rows = await db
    .select({ callback: paymentCallbacks, orderId: payments.orderId })
    .from(paymentCallbacks)
    .leftJoin(payments, eq(payments.id, paymentCallbacks.paymentId))
    .where(eq(paymentCallbacks.needsAttention, true))
    .orderBy(desc(paymentCallbacks.receivedAt))
    .limit(100);
  return rows.map(({ callback, orderId }) => ({
    id: callback.id,
    paymentId: callback.paymentId,
    order_id: orderId,
    outcome: callback.outcome,
    receivedAt: callback.receivedAt.toISOString(),
    params: callback.params as Record<string, string>,
  }));
}

/** The admin has dealt with an alert (refunded, or decided to keep the money): it leaves the list, into the audit log. */
export async function resolveAlert(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(paymentCallbacks)
      .set({ needsAttention: false })
      .where(and(eq(paymentCallbacks.id, id), eq(paymentCallbacks.needsAttention, true)))
      .returning({ id: paymentCallbacks.id, outcome: paymentCallbacks.outcome, paymentId: paymentCallbacks.paymentId });
    if (!row) throw notFound(paymentMessages.alertNotFound);
    const [payment] = row.paymentId ? await tx.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, row.paymentId)) : [];
    await recordChange(tx, {
      entity: 'payment-alert',
      entityId: id,
      action: 'resolve',
      after: { outcome: row.outcome, orderId: payment?.orderId ?? null },
    });
  });
}


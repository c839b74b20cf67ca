import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { basketOf, type CustomerPaymentMethod, nextOrderStatus, orderTotals, type Totals } from '#shared/orders.ts';
import { postalCodeIn } from '#shared/shipping.ts';
import { formatCents, toCents, toEuros } from '#shared/money.ts';
import { type adminOrderBody, type markPaidBody, type Order, orderMessages, type RefundDue, type statusStepBody } from '#shared/schemas/orders.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { recordChange } from '../audit/audit.ts';
import { giveBackStock, priceItems, type PricedLine, takeStock } from '../catalog/stock.ts';
import { giveBackUse } from '../discounts/redeem.ts';
import { chooseShipping } from '../shipping/methods.ts';
import { type SaleVat, saleVat } from '../tax/settings.ts';
import { findUserById } from '../users/users.ts';
import { moveOrder, moveRefusal, recordPayment } from './life.ts';
import { insertOrder, type ItemRow, itemsOf, itemValues, lockedOrder, type OrderRow, queueOrderReceived, totalsColumns, type VatLine, vatColumns, withVat } from './order-records.ts';
import { toOrder } from './order-view.ts';
import { orderItems, orders, refunds } from './tables.ts';

/* The back office's orders (backoffice.md §2): created, edited and deleted by an admin. */

type AdminOrderInput = z.output<typeof adminOrderBody>;

/** The columns an admin sets, as the form gives them (the customer apart: see `customerOf`). */
const adminColumns = (input: AdminOrderInput) => ({
  status: input.status,
  paymentMethod: input.payment_method,
  shippingAddress: input.shipping_address,
  phone: input.phone,
});

/**
 * The order's shipping: what the admin gave (the spec's form sends 0), else the cheapest home delivery of the
 * address's zone (decision 0046), as a customer's checkout would have it.
 */
async function adminTotals(tx: Tx, input: AdminOrderInput, lines: VatLine[], vat: SaleVat, row?: OrderRow) {
  const terms = { exempt: vat.exempt, shippingRate: vat.shippingRate };
  // An order sold with a code keeps its terms when the owner changes its items (decision 0054).
  const discount = row?.discountKind ? { kind: row.discountKind, value: row.discountValue ?? 0 } : undefined;
  const given = input.shipping_cost;
  if (given !== undefined) return orderTotals(lines, () => toCents(given), terms, discount);
  const ships = lines.some((l) => !l.isDigital);
  const shipping = ships ? await chooseShipping(tx, { country: row?.country ?? 'PT', postalCode: postalCodeIn(input.shipping_address) }, null, basketOf(lines)) : undefined;
  return orderTotals(lines, () => shipping?.chosen?.chargeCents ?? 0, terms, discount);
}

/** The parcel the owner named (carrier and tracking number); a field not sent keeps what the order has. */
const trackingColumns = (input: Pick<z.output<typeof statusStepBody>, 'tracking_carrier' | 'tracking_number'>) => ({
  ...(input.tracking_carrier !== undefined ? { trackingCarrier: input.tracking_carrier } : {}),
  ...(input.tracking_number !== undefined ? { trackingNumber: input.tracking_number } : {}),
});

async function customerEmail(tx: Tx, userId: number): Promise<string> {
  const customer = await findUserById(tx, userId);
  if (!customer) throw notFound('Cliente não encontrado.');
  return customer.email;
}

/**
 * Admin order (backoffice.md §2): server prices and the shop's shipping rule; stock taken unless cancelled.
 * `methods`: the ways to pay the configuration offers, which the customer's mail names.
 */
export async function createAdminOrder(db: Db, publicUrl: string, methods: readonly CustomerPaymentMethod[], input: AdminOrderInput): Promise<Order> {
  const userId = input.user_id;
  if (!userId) throw invalid(orderMessages.customer, { user_id: orderMessages.customer });
  return db.transaction(async (tx) => {
    const email = await customerEmail(tx, userId);
    const vat = await saleVat(tx);
    const lines = withVat(await priceItems(tx, input.items), vat);
    if (input.status !== 'cancelled') await takeStock(tx, lines);
    // A status is not a payment: an order is paid only by the gateway or by "Marcar como paga".
    const columns = { ...adminColumns(input), ...trackingColumns(input), ...vatColumns(vat), userId, email };
    const row = await insertOrder(tx, columns, lines, await adminTotals(tx, input, lines, vat));
    // The customer hears of it as after a checkout: what was ordered, and where to follow (and pay) it.
    if (row.status !== 'cancelled') await queueOrderReceived(tx, publicUrl, methods, row, lines);
    await recordChange(tx, { entity: 'order', entityId: row.id, action: 'create', after: audited(row, await itemsOf(tx, row.id)) });
    return toOrder(tx, row, { forAdmin: true });
  });
}

const sameItems = (items: ItemRow[], lines: PricedLine[]) => {
  const key = (p: number | null, v: number | null, q: number) => `${p}:${v}:${q}`;
  const a = items.map((i) => key(i.productId, i.variantId, i.quantity)).sort();
  const b = lines.map((l) => key(l.productId, l.variantId, l.quantity)).sort();
  return a.length === b.length && a.every((k, i) => k === b[i]);
};

/** The parcel, when the owner named one. */
const parcel = (row: OrderRow) => (row.trackingCarrier || row.trackingNumber ? { trackingCarrier: row.trackingCarrier, trackingNumber: row.trackingNumber } : {});

type AuditedItem = { productName: string; variantName: string | null; quantity: number; unitPriceCents: number };

/** What the audit log keeps of an order: status, customer, payment, totals and, when given, its lines. */
const audited = (row: OrderRow, items?: AuditedItem[]) => ({
  status: row.status,
  email: row.email,
  paymentMethod: row.paymentMethod,
  shippingAddress: row.shippingAddress,
  phone: row.phone,
  nif: row.nif,
  totalCents: row.totalWithTaxCents,
  paidAt: row.paidAt?.toISOString() ?? null,
  ...parcel(row),
  ...(row.paidMethod ? { paidMethod: row.paidMethod, paidNote: row.paidNote } : {}),
  ...(items ? { items: items.map((i) => `${i.quantity} × ${i.productName}${i.variantName ? ` (${i.variantName})` : ''}, ${formatCents(i.unitPriceCents)}`) } : {}),
});

/**
 * Admin edit: any status the order's life allows (never a paid order back to pending, never a refunded
 * one out of cancelled); the move does what the table says (stock, refund due, open payments, mail).
 * Changed items are re-priced at today's prices, unchanged ones keep the prices paid. A status never
 * records a payment nor mails one.
 */
export async function updateAdminOrder(db: Db, publicUrl: string, id: number, input: AdminOrderInput): Promise<Order> {
  return db.transaction(async (tx) => {
    const row = await lockedOrder(tx, id);
    if (!row) throw notFound(orderMessages.orderNotFound);
    // No customer given keeps the order's own: a guest's order stays a guest's, with its e-mail.
    const userId = input.user_id ?? row.userId;
    const email = userId === null || userId === row.userId ? row.email : await customerEmail(tx, userId);
    const oldItems = await itemsOf(tx, id);
    const refused = moveRefusal(row, oldItems, input.status, 'admin');
    if (refused) throw conflict(refused, { status: refused });
    const vat = await saleVat(tx);
    const lines = withVat(await priceItems(tx, input.items), vat);
    const itemsChange = !sameItems(oldItems, lines);
    // What was paid (and invoiced) is fixed: items given back go through a refund, which keeps the figures true.
    if (itemsChange && row.paidAt) throw conflict(orderMessages.paidItemsFixed, { items: orderMessages.paidItemsFixed });

    let totals: Totals | undefined;
    if (itemsChange) {
      if (row.status !== 'cancelled') await giveBackStock(tx, oldItems);
      if (input.status !== 'cancelled') await takeStock(tx, lines);
      await tx.delete(orderItems).where(eq(orderItems.orderId, id));
      // Re-priced lines are sold today: today's VAT, as a new order's (decision 0053).
      await tx.insert(orderItems).values(itemValues(id, lines, vat.regime));
      totals = await adminTotals(tx, input, lines, vat, row);
    }
    const updated = await moveOrder(tx, row, input.status, 'admin', {
      publicUrl,
      items: itemsChange ? await itemsOf(tx, id) : oldItems,
      lines,
      stockMoved: itemsChange,
      set: { ...adminColumns(input), ...trackingColumns(input), userId, email, ...(totals ? { ...totalsColumns(totals), ...vatColumns(vat) } : {}) },
    });
    await recordChange(tx, { entity: 'order', entityId: id, action: 'update', before: audited(row, oldItems), after: audited(updated, itemsChange ? lines : oldItems) });
    return toOrder(tx, updated, { forAdmin: true });
  });
}

/**
 * Deleting an order that still holds stock gives it back. Only an order that never took money goes: an
 * invoiced one is kept (its documents refer to it), and so is one that was paid or refunded (a sale the
 * shop must keep, invoice and account for; it can be cancelled instead).
 */
export async function deleteOrder(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const row = await lockedOrder(tx, id);
    if (!row) throw notFound(orderMessages.orderNotFound);
    if (row.invoicedAt) throw conflict(orderMessages.invoicedNotDeletable);
    const [refunded] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.orderId, id)).limit(1);
    if (row.paidAt || row.refundDueCents !== null || row.refundedAt || refunded) throw conflict(orderMessages.paidNotDeletable);
    const items = await itemsOf(tx, id);
    if (row.status !== 'cancelled') await giveBackStock(tx, items);
    // And its discount code's use, as a cancellation would (decision 0054).
    await giveBackUse(tx, id);
    await tx.delete(orders).where(eq(orders.id, id));
    await recordChange(tx, { entity: 'order', entityId: id, action: 'delete', before: audited(row, items) });
  });
}

/**
 * "Marcar como paga": money that arrived outside the gateway (a transfer, cash, a payment the gateway
 * did not report). Records how and by whom, moves a pending order on, voids its open Multibanco reference
 * or MB WAY request (a late payment of one is then flagged as a second payment, never taken as the
 * first), and mails the customer the receipt with the digital links.
 */
export async function markPaidByAdmin(db: Db, publicUrl: string, id: number, adminId: number, input: z.output<typeof markPaidBody>): Promise<Order> {
  return db.transaction(async (tx) => {
    const row = await lockedOrder(tx, id);
    if (!row) throw notFound(orderMessages.orderNotFound);
    const arrival = await recordPayment(tx, publicUrl, row, 'admin', { paidAt: new Date(), method: input.method, note: input.note, by: adminId });
    if (arrival.outcome !== 'paid') throw conflict(arrival.outcome === 'already_paid' ? orderMessages.alreadyPaid : orderMessages.cancelledNotPayable);
    await recordChange(tx, { entity: 'order', entityId: id, action: 'payment', before: audited(row), after: audited(arrival.row) });
    return toOrder(tx, arrival.row, { forAdmin: true });
  });
}

/** What went back of each order so far, to join to its order (a join: drizzle leaves a single table's columns unqualified inside a subquery). */
export const refundedSoFar = (db: Db) =>
  db
    .select({ orderId: refunds.orderId, cents: sql<number>`sum(${refunds.amountCents})`.as('given_cents') })
    .from(refunds)
    .groupBy(refunds.orderId)
    .as('given');

/** The refunds the owner still owes (what a cancelled paid order is owed, less what went back), oldest first. */
export async function refundsDue(db: Db): Promise<RefundDue[]> {
  const given = refundedSoFar(db);
  const rows = await db
    .select({ order: orders, given: sql<number>`coalesce(${given.cents}, 0)::int` })
    .from(orders)
    .leftJoin(given, eq(given.orderId, orders.id))
    .where(and(isNotNull(orders.refundDueCents), isNull(orders.refundedAt)))
    .orderBy(asc(orders.updatedAt));
  return rows.map(({ order: r, given }) => ({
    order_id: r.id,
    email: r.email,
    amount: toEuros((r.refundDueCents ?? 0) - Number(given)),
    cancelled_at: r.updatedAt.toISOString(),
  }));
}

/**
 * The orders list's one step: the order moves to its next status (never back, never to cancelled: the
 * form does those). Shipped and delivered mail the customer; no status records a payment.
 */
export async function stepOrderStatus(db: Db, publicUrl: string, id: number, step: z.output<typeof statusStepBody>): Promise<Order> {
  const { status } = step;
  return db.transaction(async (tx) => {
    const row = await lockedOrder(tx, id);
    if (!row) throw notFound(orderMessages.orderNotFound);
    if (nextOrderStatus(row.status) !== status) throw conflict(orderMessages.notNextStatus);
    const updated = await moveOrder(tx, row, status, 'admin', { publicUrl, set: trackingColumns(step) });
    await recordChange(tx, { entity: 'order', entityId: id, action: 'status', before: { status: row.status, ...parcel(row) }, after: { status: updated.status, ...parcel(updated) } });
    return toOrder(tx, updated, { forAdmin: true });
  });
}

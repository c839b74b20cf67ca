import { asc, count, desc, eq, inArray, max, type SQL } from 'drizzle-orm';
import { toEuros } from '#shared/money.ts';
import { countryName } from '#shared/countries.ts';
import { carrierLabel, trackingUrl } from '#shared/shipping.ts';
import type { OrderStatus } from '#shared/orders.ts';
import type { Order, OrderPage } from '#shared/schemas/orders.ts';
import { orderMessages, vatInEuros } from '#shared/schemas/orders.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { productThumbnails } from '../catalog/products.ts';
import { digitalLinks } from '../catalog/stock.ts';
import * as follow from './followers.ts';
import { paperworkOf } from './paperwork-view.ts';
import { moveRefusal } from './life.ts';
import { discountOf, mayView, type OrderRow, storedVatOf, type Viewer } from './order-records.ts';
import { orderItems, orders, orderStatusChanges } from './tables.ts';

/* The order as the customer and the back office read it, one order or a page of them. */

/**
 * The VAT the order was sold with, one line per rate, from the rates its lines and shipping kept (decision 0053),
 * never from today's: a change of the table or the regime leaves it as it was.
 */
function vatOf(row: OrderRow, items: { vatRate: number; unitPriceCents: number; quantity: number }[]) {
  return vatInEuros(row.vatRegime === 'exempt_art53', storedVatOf(row, items));
}

/** What only the back office reads of an order (the owner's own note on a payment she recorded). */
type Reader = { forAdmin?: boolean };

export async function toOrders(tx: Tx, rows: OrderRow[], { forAdmin = false }: Reader = {}): Promise<Order[]> {
  if (!rows.length) return [];
  const items = await tx
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, rows.map((r) => r.id)))
    .orderBy(asc(orderItems.id));
  // Each product's first image, for the order screens; one query for all the orders shown.
  const thumbnails = await productThumbnails(tx, items.map((i) => i.productId));
  // A digital product's link goes only to orders that were paid, never before, and not once cancelled.
  const paidIds = new Set(rows.filter((r) => r.paidAt && r.status !== 'cancelled').map((r) => r.id));
  const paperwork = await paperworkOf(tx, rows.map((r) => r.id), forAdmin);
  // The orders an MB WAY payment through the gateway paid: their money can go back the same way.
  const mbwayPaid = forAdmin ? await follow.payments().paidByMbway(tx, rows.map((r) => r.id)) : new Set<number>();
  const dated = await statusDates(tx, rows.map((r) => r.id));
  const links = await digitalLinks(tx, [
    ...new Set(items.filter((i) => i.isDigital && paidIds.has(i.orderId) && i.productId !== null).map((i) => i.productId as number)),
  ]);
  return rows.map((row) => {
    const own = items.filter((i) => i.orderId === row.id);
    const cancelBlock = moveRefusal(row, own, 'cancelled', 'customer');
    return {
    id: row.id,
    user_id: row.userId,
    email: row.email,
    order_date: row.orderDate.toISOString(),
    status: row.status,
    payment_method: row.paymentMethod,
    shipping_address: row.shippingAddress,
    country: row.country,
    country_name: countryName(row.country),
    phone: row.phone,
    nif: row.nif,
    company: row.company,
    shipping_cost: toEuros(row.shippingCents),
    total_price_without_tax: toEuros(row.totalWithoutTaxCents),
    total_tax: toEuros(row.totalTaxCents),
    total_price_with_tax: toEuros(row.totalWithTaxCents),
    ...vatOf(row, own),
    paid_at: row.paidAt?.toISOString() ?? null,
    paid_method: row.paidMethod,
    paid_note: forAdmin ? row.paidNote : null,
    refund_due: row.refundDueCents === null ? null : toEuros(row.refundDueCents),
    refunded_at: row.refundedAt?.toISOString() ?? null,
    ...paperwork(row.id),
    ...(forAdmin ? { invoice_error: row.invoiceError, mbway_refundable: mbwayPaid.has(row.id) } : {}),
    pay_by: row.status === 'pending' && !row.paidAt ? (row.stockHeldUntil?.toISOString() ?? null) : null,
    status_dates: stepDates(row, dated.get(row.id)),
    digital_consent_at: iso(row.digitalConsentAt),
    cancellable: cancelBlock === null,
    cancel_block_reason: cancelBlock,
    shipping: shippingOf(row),
    discount: discountOf(row),
    orderItems: own.map((i) => {
        return {
          id: i.id,
          product_id: i.productId,
          variant_id: i.variantId,
          quantity: i.quantity,
          price: toEuros(i.unitPriceCents),
          vat_rate: i.vatRate,
          product: {
            id: i.productId,
            name: i.productName,
            isDigital: i.isDigital,
            image: (i.productId !== null && thumbnails.get(i.productId)) || null,
            ...(i.isDigital ? { link: (paidIds.has(i.orderId) && i.productId !== null && links.get(i.productId)) || null } : {}),
          },
          variant: i.variantName ? { id: i.variantId, name: i.variantName } : null,
        };
      }),
    };
  });
}

/** How the order ships, as it was chosen at the checkout, and its parcel with the carrier's tracking page. */
function shippingOf(row: OrderRow): Order['shipping'] {
  const method = row.shippingMethodName
    ? { id: row.shippingMethodId, name: row.shippingMethodName, zone: row.shippingZone, pickup: row.shippingKind === 'pickup', pickup_details: row.pickupDetails }
    : null;
  const tracking =
    row.trackingCarrier && row.trackingNumber
      ? { carrier: row.trackingCarrier, carrier_label: carrierLabel[row.trackingCarrier], number: row.trackingNumber, url: trackingUrl(row.trackingCarrier, row.trackingNumber) }
      : null;
  return { method, tracking };
}

const iso = (date: Date | undefined | null) => date?.toISOString() ?? null;

/** When each of these orders last reached each status (the order's life records every move). */
async function statusDates(tx: Tx | Db, ids: number[]): Promise<Map<number, Map<string, Date>>> {
  const dates = new Map<number, Map<string, Date>>();
  if (!ids.length) return dates;
  const rows = await tx
    .select({ id: orderStatusChanges.orderId, status: orderStatusChanges.toStatus, at: max(orderStatusChanges.at) })
    .from(orderStatusChanges)
    .where(inArray(orderStatusChanges.orderId, ids))
    .groupBy(orderStatusChanges.orderId, orderStatusChanges.toStatus);
  for (const row of rows) {
    if (!row.at) continue;
    const byStatus = dates.get(row.id) ?? new Map<string, Date>();
    byStatus.set(row.status, row.at);
    dates.set(row.id, byStatus);
  }
  return dates;
}

/**
 * The dates of an order's steps for its timeline, as its life recorded them; a cancelled order from before
 * that record (none for its cancellation) falls back to its last change when it was never paid.
 */
function stepDates(row: OrderRow, dates: Map<string, Date> | undefined) {
  return {
    shipped: iso(dates?.get('shipped')),
    delivered: iso(dates?.get('delivered')),
    cancelled: row.status !== 'cancelled' ? null : iso(dates?.get('cancelled') ?? (row.paidAt ? null : row.updatedAt)),
  };
}

export const toOrder = async (tx: Tx, row: OrderRow, reader?: Reader) => (await toOrders(tx, [row], reader))[0] as Order;

export async function getOrder(db: Db, id: number, viewer: Viewer): Promise<Order> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!row || !mayView(row, viewer)) throw notFound(orderMessages.orderNotFound);
  return toOrder(db, row, { forAdmin: viewer.isAdmin });
}

async function pageOf(db: Db, where: SQL | undefined, page: number, pageSize: number, reader?: Reader): Promise<OrderPage> {
  const [rows, [total]] = await Promise.all([
    db.select().from(orders).where(where).orderBy(desc(orders.orderDate), desc(orders.id)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ value: count() }).from(orders).where(where),
  ]);
  const totalCount = total?.value ?? 0;
  return {
    orders: await toOrders(db, rows, reader),
    pagination: { page, pageSize, total: totalCount, totalPages: Math.max(1, Math.ceil(totalCount / pageSize)) },
  };
}

export const myOrders = (db: Db, userId: number, page: number, pageSize: number) => pageOf(db, eq(orders.userId, userId), page, pageSize);

export const listOrders = (db: Db, status: OrderStatus | undefined, page: number, pageSize: number) =>
  pageOf(db, status ? eq(orders.status, status) : undefined, page, pageSize, { forAdmin: true });


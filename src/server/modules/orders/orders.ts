import { createHash } from 'node:crypto';
import { asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { toEuros } from '#shared/money.ts';
import { cancellable, orderTotals, type OrderStatus, type Totals } from '#shared/orders.ts';
import type { Order, OrderPage, TotalsAnswer } from '#shared/schemas/orders.ts';
import { orderMessages } from '#shared/schemas/orders.ts';
import { MULTIBANCO_VALID_HOURS } from '#shared/schemas/payments.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { enqueue } from '../../platform/jobs.ts';
import { queueMail } from '../../platform/mail.ts';
import { hashSecret, newSecret } from '../../platform/passwords.ts';
import { digitalLinks, giveBackStock, priceItems, takeStock, type PricedLine, type WantedItem } from '../catalog/stock.ts';
import { productImages } from '../catalog/tables.ts';
import { toImageRef } from '../media/images.ts';
import { images } from '../media/tables.ts';
import { findUserById } from '../users/users.ts';
import { orderReceivedMail, orderStatusMail, paymentReceivedMail, unpaidCancelledMail } from './mails.ts';
import { orderItems, orders } from './tables.ts';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
export type Viewer = { userId: number | null; isAdmin: boolean; token?: string | undefined };

/** Who is asking for an order: the signed-in user (an admin sees all), or a guest with the order's token. */
export const viewerOf = (sessionUser: { id: number; isAdmin: boolean } | null, token?: string): Viewer => ({
  userId: sessionUser?.id ?? null,
  isAdmin: Boolean(sessionUser?.isAdmin),
  token,
});

export const totalsInEuros = (t: Totals): TotalsAnswer => ({
  subtotalWithTax: toEuros(t.subtotalWithTaxCents),
  shippingCost: toEuros(t.shippingCents),
  totalPriceWithoutTax: toEuros(t.totalWithoutTaxCents),
  totalTax: toEuros(t.totalTaxCents),
  totalWithTax: toEuros(t.totalWithTaxCents),
  taxRate: t.taxRate,
});

/** POST /order/calculate-totals: the server's prices and rules, nothing taken from the client. */
export async function calculateTotals(db: Db, items: WantedItem[]): Promise<TotalsAnswer> {
  return totalsInEuros(orderTotals(await priceItems(db, items)));
}

async function toOrders(tx: Tx, rows: OrderRow[]): Promise<Order[]> {
  if (!rows.length) return [];
  const items = await tx
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, rows.map((r) => r.id)))
    .orderBy(asc(orderItems.id));
  const productIds = [...new Set(items.map((i) => i.productId).filter((id): id is number => id !== null))];
  // Each product's first image, for the order screens; one query for all the orders shown.
  const firstImages = productIds.length
    ? await tx
        .selectDistinctOn([productImages.productId], { productId: productImages.productId, image: images })
        .from(productImages)
        .innerJoin(images, eq(images.id, productImages.imageId))
        .where(inArray(productImages.productId, productIds))
        .orderBy(productImages.productId, asc(productImages.position))
    : [];
  // A digital product's link goes only to orders that were paid, never before.
  const paidIds = new Set(rows.filter((r) => r.paidAt).map((r) => r.id));
  const links = await digitalLinks(tx, [
    ...new Set(items.filter((i) => i.isDigital && paidIds.has(i.orderId) && i.productId !== null).map((i) => i.productId as number)),
  ]);
  return rows.map((row) => ({
    id: row.id,
    user_id: row.userId,
    email: row.email,
    order_date: row.orderDate.toISOString(),
    status: row.status,
    payment_method: row.paymentMethod,
    shipping_address: row.shippingAddress,
    phone: row.phone,
    shipping_cost: toEuros(row.shippingCents),
    total_price_without_tax: toEuros(row.totalWithoutTaxCents),
    total_tax: toEuros(row.totalTaxCents),
    total_price_with_tax: toEuros(row.totalWithTaxCents),
    paid_at: row.paidAt?.toISOString() ?? null,
    orderItems: items
      .filter((i) => i.orderId === row.id)
      .map((i) => {
        const image = firstImages.find((f) => f.productId === i.productId)?.image;
        return {
          id: i.id,
          product_id: i.productId,
          variant_id: i.variantId,
          quantity: i.quantity,
          price: toEuros(i.unitPriceCents),
          product: {
            id: i.productId,
            name: i.productName,
            isDigital: i.isDigital,
            image: image ? toImageRef(image).thumbnail : null,
            ...(i.isDigital ? { link: (paidIds.has(i.orderId) && i.productId !== null && links.get(i.productId)) || null } : {}),
          },
          variant: i.variantName ? { id: i.variantId, name: i.variantName } : null,
        };
      }),
  }));
}

const toOrder = async (tx: Tx, row: OrderRow) => (await toOrders(tx, [row]))[0] as Order;

/** Where a mail sends the customer: their order, or for a guest the link with their token (only known at checkout). */
function orderUrl(publicUrl: string, row: OrderRow, token?: string) {
  if (row.userId) return `${publicUrl}/minhas-encomendas/${row.id}`;
  return token ? `${publicUrl}/order-success?id=${row.id}&token=${token}` : `${publicUrl}/`;
}

function mailOrder(row: OrderRow, lines: Pick<ItemRow, 'productName' | 'variantName' | 'quantity' | 'unitPriceCents'>[]) {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    paymentMethod: row.paymentMethod,
    shippingAddress: row.shippingAddress,
    shippingCents: row.shippingCents,
    totalTaxCents: row.totalTaxCents,
    totalWithTaxCents: row.totalWithTaxCents,
    lines,
  };
}

async function insertOrder(
  tx: Tx,
  values: Omit<typeof orders.$inferInsert, 'shippingCents' | 'totalWithoutTaxCents' | 'totalTaxCents' | 'totalWithTaxCents'>,
  lines: PricedLine[],
  totals: Totals,
) {
  const [row] = await tx
    .insert(orders)
    .values({
      ...values,
      shippingCents: totals.shippingCents,
      totalWithoutTaxCents: totals.totalWithoutTaxCents,
      totalTaxCents: totals.totalTaxCents,
      totalWithTaxCents: totals.totalWithTaxCents,
    })
    .returning();
  if (!row) throw new Error('order not stored');
  await tx.insert(orderItems).values(
    lines.map((l) => ({
      orderId: row.id,
      productId: l.productId,
      variantId: l.variantId,
      productName: l.productName,
      variantName: l.variantName,
      isDigital: l.isDigital,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
    })),
  );
  return row;
}

export type CheckoutInput = {
  items: WantedItem[];
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postal_code: string;
  country: string;
  payment_method: 'multibanco' | 'mbway';
  shipping_cost: number;
  total_price_without_tax: number;
  total_tax: number;
  total_price_with_tax: number;
};

const sameCents = (euros: number, cents: number) => Math.round(euros * 100) === cents;

/**
 * The checkout: recomputes the totals, refuses a client whose totals differ (409 with the fresh ones),
 * takes the stock and stores the order at the prices paid, in one transaction. A repeated Idempotency-Key
 * answers the first order; the same key with another body is a 409.
 */
export async function placeOrder(
  db: Db,
  publicUrl: string,
  input: CheckoutInput,
  options: { userId: number | null; idempotencyKey?: string | undefined },
): Promise<{ order: Order; created: boolean }> {
  const requestHash = createHash('sha256').update(JSON.stringify({ input, userId: options.userId })).digest('hex');
  const outcome = await db.transaction(async (tx) => {
    if (options.idempotencyKey) {
      // Serialises attempts with the same key, so a double click cannot slip two orders past the check.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`order:${options.idempotencyKey}`}))`);
      const [seen] = await tx.select().from(orders).where(eq(orders.idempotencyKey, options.idempotencyKey)).limit(1);
      if (seen) {
        if (seen.requestHash !== requestHash) throw conflict(orderMessages.idempotencyMismatch);
        return { row: seen, token: undefined, created: false };
      }
    }
    const lines = await priceItems(tx, input.items);
    const totals = orderTotals(lines);
    const agrees =
      sameCents(input.shipping_cost, totals.shippingCents) &&
      sameCents(input.total_price_with_tax, totals.totalWithTaxCents) &&
      sameCents(input.total_tax, totals.totalTaxCents) &&
      sameCents(input.total_price_without_tax, totals.totalWithoutTaxCents);
    if (!agrees) {
      throw new AppError(409, 'TOTALS_CHANGED', orderMessages.totalsChanged, undefined, { totals: totalsInEuros(totals) });
    }
    const token = options.userId ? undefined : newSecret();
    const row = await insertOrder(
      tx,
      {
        userId: options.userId,
        email: input.email,
        accessTokenHash: token ? hashSecret(token) : null,
        paymentMethod: input.payment_method,
        shippingAddress: [input.name, input.address, input.city, input.postal_code, input.country].join(', '),
        phone: input.phone,
        idempotencyKey: options.idempotencyKey ?? null,
        requestHash,
      },
      lines,
      totals,
    );
    await queueMail(tx, orderReceivedMail(mailOrder(row, lines), orderUrl(publicUrl, row, token)));
    // An order whose payment never starts must not hold its stock forever: the payments module's job
    // cancels it after the time a Multibanco reference would have lasted, unless a payment is under way.
    await enqueue(tx, 'payment.cancel-unpaid', { orderId: row.id }, { runAt: new Date(Date.now() + UNPAID_ORDER_MS) });
    // Stock last: its row locks are then held only until the commit that follows, so checkouts of the
    // same product wait on each other as briefly as possible. A refusal rolls the order back.
    await takeStock(tx, lines);
    return { row, token, created: true };
  });
  const order = await toOrder(db, outcome.row);
  return { order: outcome.token ? { ...order, accessToken: outcome.token } : order, created: outcome.created };
}

/** Owners, the guest holding the order's token, and admins see an order; anyone else gets a 404. */
function mayView(row: OrderRow, viewer: Viewer) {
  if (viewer.isAdmin) return true;
  if (viewer.userId !== null && row.userId === viewer.userId) return true;
  return Boolean(row.userId === null && viewer.token && row.accessTokenHash && hashSecret(viewer.token) === row.accessTokenHash);
}

async function lockedOrder(tx: Tx, id: number) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1).for('update');
  return row;
}

export async function getOrder(db: Db, id: number, viewer: Viewer): Promise<Order> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!row || !mayView(row, viewer)) throw notFound(orderMessages.orderNotFound);
  return toOrder(db, row);
}

async function pageOf(db: Db, where: SQL | undefined, page: number, pageSize: number): Promise<OrderPage> {
  const [rows, [total]] = await Promise.all([
    db.select().from(orders).where(where).orderBy(desc(orders.orderDate), desc(orders.id)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ value: count() }).from(orders).where(where),
  ]);
  const totalCount = total?.value ?? 0;
  return {
    orders: await toOrders(db, rows),
    pagination: { page, pageSize, total: totalCount, totalPages: Math.max(1, Math.ceil(totalCount / pageSize)) },
  };
}

export const myOrders = (db: Db, userId: number, page: number, pageSize: number) => pageOf(db, eq(orders.userId, userId), page, pageSize);

export const listOrders = (db: Db, status: OrderStatus | undefined, page: number, pageSize: number) =>
  pageOf(db, status ? eq(orders.status, status) : undefined, page, pageSize);

async function itemsOf(tx: Tx, orderId: number) {
  return tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
}

/** Customer cancellation: only pending or processing; the row lock makes a double cancel restock once. */
export async function cancelOrder(db: Db, publicUrl: string, id: number, viewer: Viewer): Promise<Order> {
  return db.transaction(async (tx) => {
    const row = await lockedOrder(tx, id);
    if (!row || !mayView(row, viewer)) throw notFound(orderMessages.orderNotFound);
    if (!cancellable(row.status)) throw conflict(orderMessages.notCancellable);
    const items = await itemsOf(tx, id);
    await giveBackStock(tx, items);
    const [updated] = await tx.update(orders).set({ status: 'cancelled', updatedAt: new Date() }).where(eq(orders.id, id)).returning();
    const mail = orderStatusMail(mailOrder(updated ?? row, items), orderUrl(publicUrl, row, viewer.token));
    if (mail) await queueMail(tx, mail);
    return toOrder(tx, updated ?? row);
  });
}

export type AdminOrderInput = {
  user_id: number;
  payment_method: 'multibanco' | 'mbway' | 'credit_card' | 'paypal';
  shipping_address: string;
  phone: string;
  status: OrderStatus;
  items: WantedItem[];
};

async function customerEmail(tx: Tx, userId: number): Promise<string> {
  const customer = await findUserById(tx, userId);
  if (!customer) throw notFound('Cliente não encontrado.');
  return customer.email;
}

/** Admin order (backoffice.md §2): server prices and the shop's shipping rule; stock taken unless cancelled. */
export async function createAdminOrder(db: Db, input: AdminOrderInput): Promise<Order> {
  return db.transaction(async (tx) => {
    const email = await customerEmail(tx, input.user_id);
    const lines = await priceItems(tx, input.items);
    if (input.status !== 'cancelled') await takeStock(tx, lines);
    const row = await insertOrder(
      tx,
      {
        userId: input.user_id,
        email,
        status: input.status,
        paymentMethod: input.payment_method,
        shippingAddress: input.shipping_address,
        phone: input.phone,
        // An order the shop records as already processing (or further) was paid outside the gateway.
        paidAt: PAID_STATUSES.has(input.status) ? new Date() : null,
      },
      lines,
      orderTotals(lines),
    );
    return toOrder(tx, row);
  });
}

const sameItems = (items: ItemRow[], lines: PricedLine[]) => {
  const key = (p: number | null, v: number | null, q: number) => `${p}:${v}:${q}`;
  const a = items.map((i) => key(i.productId, i.variantId, i.quantity)).sort();
  const b = lines.map((l) => key(l.productId, l.variantId, l.quantity)).sort();
  return a.length === b.length && a.every((k, i) => k === b[i]);
};

/**
 * Admin edit: any status. Moving into cancelled gives the stock back, out of it takes it again; changed
 * items are re-priced at today's prices, unchanged ones keep the prices paid.
 */
export async function updateAdminOrder(db: Db, publicUrl: string, id: number, input: AdminOrderInput): Promise<Order> {
  return db.transaction(async (tx) => {
    const row = await lockedOrder(tx, id);
    if (!row) throw notFound(orderMessages.orderNotFound);
    const email = row.userId === input.user_id ? row.email : await customerEmail(tx, input.user_id);
    const oldItems = await itemsOf(tx, id);
    const lines = await priceItems(tx, input.items);
    const itemsChange = !sameItems(oldItems, lines);
    const wasHolding = row.status !== 'cancelled';
    const willHold = input.status !== 'cancelled';

    let totals: Totals | undefined;
    if (itemsChange) {
      if (wasHolding) await giveBackStock(tx, oldItems);
      if (willHold) await takeStock(tx, lines);
      await tx.delete(orderItems).where(eq(orderItems.orderId, id));
      await tx.insert(orderItems).values(lines.map((l) => ({ orderId: id, ...l })));
      totals = orderTotals(lines);
    } else if (wasHolding && !willHold) {
      await giveBackStock(tx, oldItems);
    } else if (!wasHolding && willHold) {
      await takeStock(tx, lines);
    }

    // The admin moving an unpaid order on confirms a payment made outside the gateway (a transfer, cash).
    const confirmsPayment = !row.paidAt && row.status === 'pending' && PAID_STATUSES.has(input.status);
    const [updated] = await tx
      .update(orders)
      .set({
        ...(confirmsPayment ? { paidAt: new Date() } : {}),
        userId: input.user_id,
        email,
        status: input.status,
        paymentMethod: input.payment_method,
        shippingAddress: input.shipping_address,
        phone: input.phone,
        ...(totals
          ? {
              shippingCents: totals.shippingCents,
              totalWithoutTaxCents: totals.totalWithoutTaxCents,
              totalTaxCents: totals.totalTaxCents,
              totalWithTaxCents: totals.totalWithTaxCents,
            }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(orders.id, id))
      .returning();
    if (!updated) throw notFound(orderMessages.orderNotFound);
    if (confirmsPayment) await queuePaymentMail(tx, publicUrl, updated);
    if (updated.status !== row.status) {
      const mail = orderStatusMail(mailOrder(updated, await itemsOf(tx, id)), orderUrl(publicUrl, updated));
      if (mail) await queueMail(tx, mail);
    }
    return toOrder(tx, updated);
  });
}

/** Deleting an order that still holds stock gives it back. */
export async function deleteOrder(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const row = await lockedOrder(tx, id);
    if (!row) throw notFound(orderMessages.orderNotFound);
    if (row.status !== 'cancelled') await giveBackStock(tx, await itemsOf(tx, id));
    await tx.delete(orders).where(eq(orders.id, id));
  });
}

const UNPAID_ORDER_MS = MULTIBANCO_VALID_HOURS * 3600_000;

const PAID_STATUSES: ReadonlySet<OrderStatus> = new Set(['processing', 'shipped', 'delivered']);

async function queuePaymentMail(tx: Tx, publicUrl: string, row: OrderRow) {
  const items = await itemsOf(tx, row.id);
  const links = await digitalLinks(tx, items.flatMap((i) => (i.isDigital && i.productId !== null ? [i.productId] : [])));
  const digital = items.flatMap((i) => {
    const link = i.productId !== null ? links.get(i.productId) : undefined;
    return i.isDigital && link ? [{ name: i.productName, link }] : [];
  });
  const ships = items.some((i) => !i.isDigital);
  await queueMail(tx, paymentReceivedMail(mailOrder(row, items), orderUrl(publicUrl, row), digital, ships));
}

/** What the payments module needs of an order it collects: only for its owner, its guest or an admin. */
export type PayableOrder = Pick<OrderRow, 'id' | 'status' | 'email' | 'totalWithTaxCents' | 'paidAt'>;

export async function orderForPayment(db: Db, id: number, viewer: Viewer): Promise<PayableOrder> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!row || !mayView(row, viewer)) throw notFound(orderMessages.orderNotFound);
  return { id: row.id, status: row.status, email: row.email, totalWithTaxCents: row.totalWithTaxCents, paidAt: row.paidAt };
}

export type PaidOutcome = 'paid' | 'already_paid' | 'cancelled' | 'missing';

/**
 * A confirmed payment: a pending order moves to processing, records when it was paid and mails the
 * customer (with the links of its digital products). A cancelled order stays cancelled: the caller
 * flags the money for the admin.
 */
export async function markOrderPaid(tx: Tx, publicUrl: string, id: number, paidAt: Date): Promise<PaidOutcome> {
  const row = await lockedOrder(tx, id);
  if (!row) return 'missing';
  if (row.paidAt) return 'already_paid';
  if (row.status === 'cancelled') return 'cancelled';
  const [updated] = await tx
    .update(orders)
    .set({ paidAt, status: row.status === 'pending' ? 'processing' : row.status, updatedAt: new Date() })
    .where(eq(orders.id, id))
    .returning();
  await queuePaymentMail(tx, publicUrl, updated ?? row);
  return 'paid';
}

/** An order whose payment ran out unpaid: cancelled, its stock given back, the customer told why. */
export async function cancelUnpaidOrder(tx: Tx, publicUrl: string, id: number): Promise<boolean> {
  const row = await lockedOrder(tx, id);
  if (!row || row.status !== 'pending' || row.paidAt) return false;
  const items = await itemsOf(tx, id);
  await giveBackStock(tx, items);
  const [updated] = await tx.update(orders).set({ status: 'cancelled', updatedAt: new Date() }).where(eq(orders.id, id)).returning();
  await queueMail(tx, unpaidCancelledMail(mailOrder(updated ?? row, items), orderUrl(publicUrl, row)));
  return true;
}

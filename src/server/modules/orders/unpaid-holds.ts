import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { toEuros } from '#shared/money.ts';
import { fill } from '#shared/messages.ts';
import { unpaidHoldMessages, type ReleaseHoldsAnswer, type UnpaidHold } from '#shared/schemas/unpaid-holds.ts';
import type { CustomerPaymentMethod } from '#shared/orders.ts';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { recordChange } from '../audit/audit.ts';
import { moveOrder } from './life.ts';
import { itemsOf, lockedOrder } from './order-records.ts';
import { orderItems, orders } from './tables.ts';

/*
 * Unpaid orders that hold stock (#26, decision record 0030): each holds it for its payment method's time
 * at most, one e-mail or one client address holds a capped number of units, and the owner can release
 * them in one action.
 */

type UnpaidOrders = Config['unpaidOrders'];

/**
 * Which configured hold each method keeps (decision 0052): a card is paid on the gateway's page within minutes,
 * like MB WAY; a Payshop reference is paid in cash at an agent later, like a Multibanco reference.
 */
const holdOf = { multibanco: 'multibanco', mbway: 'mbway', card: 'mbway', payshop: 'multibanco' } as const;

/** When an order placed now, to be paid by this method, gives its stock back unless paid. */
export const stockHeldUntil = (unpaid: UnpaidOrders, method: CustomerPaymentMethod, now = Date.now()) => new Date(now + unpaid.holdMs[holdOf[method]]);

const holding = and(eq(orders.status, 'pending'), isNull(orders.paidAt));

/** Physical units held by the unpaid orders that match. */
async function unitsHeld(tx: Tx, who: SQL) {
  const [row] = await tx
    .select({ units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(holding, eq(orderItems.isDigital, false), who));
  return Number(row?.units ?? 0);
}

/**
 * The checkout's cap: what this e-mail, and this client address, already hold unpaid plus this order's
 * units may not pass the settings. Each is locked for the transaction (e-mail first, always), so two
 * checkouts at once cannot both slip under it.
 */
export async function checkUnpaidUnits(tx: Tx, unpaid: UnpaidOrders, customer: { email: string; address: string | null }, units: number) {
  if (units === 0) return;
  const email = customer.email.trim().toLowerCase();
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`unpaid:email:${email}`}))`);
  const checks: { max: number; who: SQL }[] = [{ max: unpaid.maxUnits.email, who: sql`lower(${orders.email}) = ${email}` }];
  if (customer.address) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`unpaid:address:${customer.address}`}))`);
    checks.push({ max: unpaid.maxUnits.address, who: eq(orders.placedFrom, customer.address) });
  }
  for (const { max, who } of checks) {
    if (units > max) throw new AppError(409, 'UNPAID_UNITS_LIMIT', fill(unpaidHoldMessages.orderTooLarge, { max }));
    const held = await unitsHeld(tx, who);
    if (held + units > max) throw new AppError(409, 'UNPAID_UNITS_LIMIT', fill(unpaidHoldMessages.tooManyHeld, { held, max }));
  }
}

/** The owner's list: every unpaid order still holding physical stock, the soonest to give it back first. */
export async function unpaidHolds(db: Db): Promise<UnpaidHold[]> {
  const rows = await db
    .select({ order: orders, units: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orders)
    .innerJoin(orderItems, and(eq(orderItems.orderId, orders.id), eq(orderItems.isDigital, false)))
    .where(holding)
    .groupBy(orders.id)
    .orderBy(sql`${orders.stockHeldUntil} asc nulls last`, asc(orders.id));
  return rows.map(({ order, units }) => ({
    order_id: order.id,
    email: order.email,
    payment_method: order.paymentMethod,
    units: Number(units),
    total: toEuros(order.totalWithTaxCents),
    since: order.orderDate.toISOString(),
    until: order.stockHeldUntil?.toISOString() ?? null,
  }));
}

/**
 * "Libertar stock": the chosen orders that are still unpaid and pending are cancelled, their stock given back
 * and their open Multibanco reference or MB WAY request voided in the shop's records (neither gateway takes
 * a withdrawal: money that still arrives is flagged as a payment of a cancelled order). Each customer gets
 * the usual cancellation mail; each order is one row of the audit log. Orders paid or cancelled meanwhile
 * are left as they are.
 */
export async function releaseHolds(db: Db, publicUrl: string, ids: number[]): Promise<ReleaseHoldsAnswer> {
  const released: number[] = [];
  let units = 0;
  await db.transaction(async (tx) => {
    // In id order, as every path that locks several orders does.
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
      const row = await lockedOrder(tx, id);
      if (!row || row.status !== 'pending' || row.paidAt) continue;
      const items = await itemsOf(tx, id);
      await moveOrder(tx, row, 'cancelled', 'admin', { publicUrl, items });
      const heldUnits = items.filter((i) => !i.isDigital).reduce((sum, i) => sum + i.quantity, 0);
      await recordChange(tx, {
        entity: 'order',
        entityId: id,
        action: 'release',
        before: { status: row.status, stockHeldUntil: row.stockHeldUntil?.toISOString() ?? null },
        after: { status: 'cancelled', unitsReleased: heldUnits },
      });
      released.push(id);
      units += heldUnits;
    }
  });
  if (!released.length) throw notFound(unpaidHoldMessages.nothingToRelease);
  return { message: fill(unpaidHoldMessages.released, { orders: released.length, units }), released, units };
}


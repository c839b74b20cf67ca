import { eq } from 'drizzle-orm';
import { fill } from '#shared/messages.ts';
import { blockOf, type OrderActor, type OrderBlock, type OrderFacts, orderMove, paymentArrival, REFUND_MOVE } from '#shared/order-life.ts';
import { orderStatusLabel, type ManualPaymentMethod, type OrderStatus } from '#shared/orders.ts';
import { invoicingMessages } from '#shared/schemas/invoicing.ts';
import { orderMessages } from '#shared/schemas/orders.ts';
import type { Tx } from '../../db/client.ts';
import { conflict } from '../../platform/errors.ts';
import { queueMail } from '../../platform/mail.ts';
import { giveBackStock, type PricedLine, takeStock } from '../catalog/stock.ts';
import { giveBackUse } from '../discounts/redeem.ts';
import * as follow from './followers.ts';
import { orderStatusMail, refundDueMail, unpaidCancelledMail } from './mails.ts';
import { type ItemRow, itemsOf, mailOrder, type OrderRow, orderUrl } from './order-records.ts';
import { orders, orderStatusChanges } from './tables.ts';

/*
 * The order's life applied (decision 0034): every path that changes an order's status or records its
 * payment or refund asks the table in src/shared/order-life.ts, here, and does what the table says the
 * move does, inside the caller's transaction (which holds the order's row lock).
 */

const blockMessage: Record<OrderBlock, string> = {
  paid: orderMessages.paidNotPending,
  unpaid: invoicingMessages.notPaid,
  refunded: orderMessages.refundedStaysCancelled,
  digital_delivered: orderMessages.digitalDelivered,
};

const factsOf = (row: OrderRow, items: Pick<ItemRow, 'isDigital'>[]): OrderFacts => ({
  paid: row.paidAt !== null,
  refunded: row.refundedAt !== null,
  digitalDelivered: row.paidAt !== null && items.some((i) => i.isDigital),
});

/**
 * Why this actor may not move this order to `to` (pt-PT), or null when the table allows it. An admin's
 * form may keep the status it has (her other fields change); for anyone else staying is no move.
 */
export function moveRefusal(row: OrderRow, items: Pick<ItemRow, 'isDigital'>[], to: OrderStatus, actor: OrderActor): string | null {
  if (to === row.status && actor === 'admin') return null;
  const move = orderMove(row.status, to, actor);
  if (!move) {
    return actor === 'customer' ? orderMessages.notCancellable : fill(orderMessages.moveRefused, { from: orderStatusLabel[row.status], to: orderStatusLabel[to] });
  }
  const block = blockOf(move, factsOf(row, items));
  return block ? blockMessage[block] : null;
}

type MoveOptions = {
  publicUrl: string;
  /** The order's lines (read when not given). */
  items?: ItemRow[];
  /** The lines whose stock a reopened order takes again (the admin form's, priced). */
  lines?: PricedLine[];
  /** The stock was already moved by the caller (the admin form changed the items too). */
  stockMoved?: boolean;
  /** The guest's key, for the mail's link. */
  token?: string | undefined;
  /** Other columns the same update sets (the admin form's fields). */
  set?: Partial<typeof orders.$inferInsert>;
};

/**
 * Moves the order to `to` as `actor`, or refuses with a 409 and the table's reason. Gives back or takes the
 * stock, voids the open payments, records or clears the refund due and mails the customer, as the move says.
 * Staying in the same status does nothing but the update of `set`.
 */
export async function moveOrder(tx: Tx, row: OrderRow, to: OrderStatus, actor: OrderActor, options: MoveOptions): Promise<OrderRow> {
  const items = options.items ?? (await itemsOf(tx, row.id));
  const refused = moveRefusal(row, items, to, actor);
  if (refused) throw conflict(refused, actor === 'admin' ? { status: refused } : undefined);
  const does = new Set(to === row.status ? [] : (orderMove(row.status, to, actor)?.does ?? []));
  if (!options.stockMoved && does.has('stock_back')) await giveBackStock(tx, items);
  if (!options.stockMoved && does.has('stock_taken')) {
    if (!options.lines) throw new Error('a reopened order needs its priced lines');
    await takeStock(tx, options.lines);
  }
  if (does.has('payments_voided')) await follow.payments().voidOpenPayments(tx, row.id);
  // A cancelled order gives its discount code's use back, a reopened one takes it again (decision 0054).
  if (does.has('stock_back')) await giveBackUse(tx, row.id);
  if (does.has('stock_taken')) await giveBackUse(tx, row.id, false);
  const [updated] = await tx
    .update(orders)
    .set({
      ...options.set,
      status: to,
      ...(does.has('refund_due') && row.paidAt && row.refundDueCents === null ? { refundDueCents: row.totalWithTaxCents } : {}),
      ...(does.has('refund_due_cleared') ? { refundDueCents: null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(orders.id, row.id))
    .returning();
  if (!updated) throw new Error('order vanished under its lock');
  if (to !== row.status) await tx.insert(orderStatusChanges).values({ orderId: row.id, fromStatus: row.status, toStatus: to, actor });
  const url = orderUrl(options.publicUrl, updated, options.token);
  if (does.has('status_mail')) {
    const mail = await orderStatusMail(await mailOrder(tx, options.publicUrl, updated, items), url);
    if (mail) await queueMail(tx, mail);
  }
  if (does.has('unpaid_mail')) await queueMail(tx, await unpaidCancelledMail(await mailOrder(tx, options.publicUrl, updated, items), url));
  return updated;
}

/** A payment recorded by the owner ("Marcar como paga"): how it came, her note and who she is. */
type Payment = { paidAt: Date; method?: ManualPaymentMethod; note?: string | null; by?: number };

/** What became of a payment's arrival: recorded, or refused because the order was paid already or cancelled. */
type Arrival = { outcome: 'paid'; row: OrderRow } | { outcome: 'already_paid' | 'cancelled' };

/**
 * Money arrived for this order (the gateway's, or one the owner records). As the table says: a pending
 * order moves to processing, the invoice follows, the owner's record voids the open payments; money for a
 * cancelled order is kept as a fact and owed back, and the customer is told so. An order is paid once.
 */
export async function recordPayment(tx: Tx, publicUrl: string, row: OrderRow, actor: 'payment' | 'admin', payment: Payment): Promise<Arrival> {
  if (row.paidAt) return { outcome: 'already_paid' };
  const arrival = paymentArrival(row.status, actor);
  if (!arrival) return { outcome: 'cancelled' };
  const does = new Set(arrival.does);
  const [updated] = await tx
    .update(orders)
    .set({
      paidAt: payment.paidAt,
      ...(payment.method ? { paidMethod: payment.method, paidNote: payment.note ?? null, paidBy: payment.by ?? null } : {}),
      status: arrival.to,
      ...(does.has('refund_due') ? { refundDueCents: row.totalWithTaxCents } : {}),
      // The customer hears of this money from the refund mail: no "Pagamento recebido" (nor digital links) follows.
      ...(does.has('refund_due_mail') ? { paymentMailAt: new Date() } : {}),
      updatedAt: new Date(),
    })
    .where(eq(orders.id, row.id))
    .returning();
  if (!updated) throw new Error('order vanished under its lock');
  if (arrival.to !== row.status) await tx.insert(orderStatusChanges).values({ orderId: row.id, fromStatus: row.status, toStatus: arrival.to, actor });
  if (does.has('payments_voided')) await follow.payments().voidOpenPayments(tx, row.id);
  if (does.has('refund_due_mail')) {
    await queueMail(tx, await refundDueMail(await mailOrder(tx, publicUrl, updated, await itemsOf(tx, row.id)), orderUrl(publicUrl, updated)));
  }
  // The invoice-receipt is issued, then "Pagamento recebido" mailed (with it), by the invoicing module's job.
  if (does.has('invoice')) await follow.invoicing().paid(tx, row.id);
  return { outcome: 'paid', row: updated };
}

/** A refund may be made of this order (the table's refund move), or a 409 says why not. */
export function checkRefundable(row: OrderRow) {
  const block = blockOf(REFUND_MOVE, factsOf(row, []));
  if (block) throw conflict(blockMessage[block]);
}

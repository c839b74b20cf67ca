import { asc, eq, inArray } from 'drizzle-orm';
import { refundedCents } from '#shared/discounts.ts';
import { formatLongDate, formatLongDateTime } from '#shared/dates.ts';
import { fill } from '#shared/messages.ts';
import { formatCents } from '#shared/money.ts';
import { type Withdrawal, withdrawalMessages, type WithdrawalAnswer, type WithdrawalOverview } from '#shared/schemas/withdrawals.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, forbidden, invalid } from '../../platform/errors.ts';
import { queueMail } from '../../platform/mail.ts';
import { recordCustomerAct } from '../audit/audit.ts';
import { orderForWithdrawal, type Viewer, type WithdrawableOrder } from '../orders/for-withdrawals.ts';
import { withdrawalDays } from '../overview/settings.ts';
import { acknowledgementMail } from './mails.ts';
import { lineName, nameOnOrder, type OfferedLine, offeredLines, overviewOf, type RequestRow, toWithdrawal } from './rights.ts';
import { withdrawalRefunds, withdrawalRequests, withdrawnCents, type WithdrawnLine } from './tables.ts';

/** What the function needs of the shop: its address (where goods go back) and where its pages are. */
export type WithdrawalContext = { db: Db; publicUrl: string; returnAddress: string; now?: () => Date };

type Parsed = { lines?: { order_item_id: number; quantity: number }[] | undefined; reason: string | null; name: string | null; confirm?: true | undefined };

async function requestsOf(tx: Tx | Db, orderId: number): Promise<RequestRow[]> {
  return tx.select().from(withdrawalRequests).where(eq(withdrawalRequests.orderId, orderId)).orderBy(asc(withdrawalRequests.id));
}

/** The stored requests with their refunds, as the pages read them. */
export async function withdrawalsOf(tx: Tx | Db, rows: RequestRow[], now = new Date()): Promise<Withdrawal[]> {
  if (!rows.length) return [];
  const links = await tx.select().from(withdrawalRefunds).where(inArray(withdrawalRefunds.withdrawalId, rows.map((r) => r.id)));
  return rows.map((row) => toWithdrawal(row, links.find((l) => l.withdrawalId === row.id), now));
}

/** A stored request as step 2 answers it (the first answer again for a second confirmation). */
async function confirmedAnswer(tx: Tx, row: RequestRow, now: Date): Promise<WithdrawalAnswer> {
  const withdrawal = (await withdrawalsOf(tx, [row], now))[0] as Withdrawal;
  const { order_id, name, email, lines, reason } = withdrawal;
  return { confirmed: true, statement: { order_id, name, email, lines, reason, statement: row.statement }, withdrawal };
}

/** GET /api/order/{id}/withdrawal: each line's right, the requests made, where the goods go back. */
export async function withdrawalOverview(ctx: WithdrawalContext, orderId: number, viewer: Viewer): Promise<WithdrawalOverview> {
  const now = ctx.now?.() ?? new Date();
  return ctx.db.transaction(async (tx) => {
    const order = await orderForWithdrawal(tx, orderId, viewer);
    const days = await withdrawalDays(tx);
    const previous = await requestsOf(tx, orderId);
    return overviewOf(order, offeredLines(order, previous, days, now), await withdrawalsOf(tx, previous, now), days, ctx.returnAddress);
  });
}

const keyOf = (lines: { itemId: number; quantity: number }[]) =>
  [...lines]
    .sort((a, b) => a.itemId - b.itemId)
    .map((l) => `${l.itemId}:${l.quantity}`)
    .join(',');

/** A refusal for a line the function does not offer: its period over (403, with the day it ended), or never offered (403). */
function refuseLine(line: OfferedLine): never {
  if (line.right.blocked !== null) throw forbidden(fill(withdrawalMessages.lineNotOffered, { name: lineName(line.item) }), 'WITHDRAWAL_NOT_OFFERED');
  const ended = line.right.until ? formatLongDate(new Date(line.right.until.getTime() - 1).toISOString()) : '';
  throw forbidden(fill(withdrawalMessages.periodOver, { date: ended }), 'WITHDRAWAL_PERIOD_OVER');
}

/** The lines asked for (or every line still offered when none is named), checked against what the order allows now. */
function chosenLines(offered: OfferedLine[], asked: Parsed['lines']): WithdrawnLine[] {
  if (!asked) {
    const open = offered.filter((l) => l.open && l.left > 0);
    if (!open.length) {
      const expired = offered.find((l) => l.right.blocked === null && l.left > 0);
      if (expired) refuseLine(expired);
      throw forbidden(withdrawalMessages.nothingToWithdraw, 'WITHDRAWAL_NOT_OFFERED');
    }
    return open.map(({ item, left }) => ({ itemId: item.id, name: lineName(item), quantity: left, unitPriceCents: item.unitPriceCents }));
  }
  const wanted = new Map<number, number>();
  for (const line of asked) wanted.set(line.order_item_id, (wanted.get(line.order_item_id) ?? 0) + line.quantity);
  return [...wanted].map(([itemId, quantity]) => {
    const line = offered.find((l) => l.item.id === itemId);
    if (!line) throw invalid(withdrawalMessages.lineUnknown, { lines: withdrawalMessages.lineUnknown });
    if (!line.open) refuseLine(line);
    if (quantity > line.left) {
      const message = fill(withdrawalMessages.lineTooMany, { left: line.left, name: lineName(line.item) });
      throw invalid(message, { lines: message });
    }
    return { itemId, name: lineName(line.item), quantity, unitPriceCents: line.item.unitPriceCents };
  });
}

/**
 * Each line priced as its refund will give it back (orders/refunds.ts): at its worth after the order's discount
 * code (decision 0054), the units earlier requests took counted as already given back.
 */
function atRefundPrices(order: WithdrawableOrder, offered: OfferedLine[], lines: WithdrawnLine[]): WithdrawnLine[] {
  const sold = order.items.map((item) => ({
    ...item,
    given: item.quantity - (offered.find((l) => l.item.id === item.id)?.left ?? item.quantity),
    back: lines.find((l) => l.itemId === item.id)?.quantity ?? 0,
  }));
  const back = refundedCents(sold, order.row.discountParts);
  return lines.map((line) => ({ ...line, cents: back[order.items.findIndex((i) => i.id === line.itemId)] ?? 0 }));
}

/** The delivery cost goes back with the withdrawal that returns the last of the shipped goods (DL 24/2014, art. 12.º, n.º 1). */
function shippingBack(order: WithdrawableOrder, previous: RequestRow[], lines: WithdrawnLine[]) {
  if (!order.row.shippingCents || previous.some((r) => r.shippingCents > 0)) return 0;
  const back = new Map<number, number>();
  for (const line of [...previous.flatMap((r) => r.lines), ...lines]) back.set(line.itemId, (back.get(line.itemId) ?? 0) + line.quantity);
  const goods = order.items.filter((i) => !i.isDigital);
  return goods.length && goods.every((i) => (back.get(i.id) ?? 0) >= i.quantity) ? order.row.shippingCents : 0;
}

/** The statement, in the words of the annex's model form (DL 24/2014, Anexo, parte B), that step 2 confirms. */
function statementOf(order: WithdrawableOrder, name: string, lines: WithdrawnLine[], shippingCents: number) {
  const goods = lines.map((l) => `${l.quantity} × ${l.name}`).join('; ');
  const placed = formatLongDateTime(order.row.orderDate.toISOString());
  const delivered = order.deliveredAt ? `, recebida em ${formatLongDate(order.deliveredAt.toISOString())}` : '';
  const refund = lines.reduce((sum, l) => sum + withdrawnCents(l), 0) + shippingCents;
  return (
    `Eu, ${name} (${order.row.email}), comunico que desisto do contrato de compra e venda relativo aos seguintes bens da encomenda n.º ${order.row.id}, ` +
    `feita em ${placed}${delivered}: ${goods}. Valor a reembolsar: ${formatCents(refund)}${shippingCents ? ` (inclui os portes de envio de ${formatCents(shippingCents)})` : ''}.`
  );
}

export type WithdrawOutcome = { answer: WithdrawalAnswer; created: boolean };

/**
 * POST /api/order/{id}/withdrawal. Step 1 (no `confirm`): the statement to confirm, nothing stored. Step 2:
 * the request stored, in the audit log with its time and address, and acknowledged by e-mail in the same
 * transaction. Under the order's lock: the same lines confirmed twice answer the first request.
 */
export async function withdraw(ctx: WithdrawalContext, orderId: number, viewer: Viewer, body: Parsed, ip: string): Promise<WithdrawOutcome> {
  const now = ctx.now?.() ?? new Date();
  return ctx.db.transaction(async (tx) => {
    const order = await orderForWithdrawal(tx, orderId, viewer, { lock: true });
    if (order.row.status === 'cancelled') throw conflict(withdrawalMessages.cancelledOrder);
    const days = await withdrawalDays(tx);
    const previous = await requestsOf(tx, orderId);
    if (body.confirm && body.lines) {
      const asked = keyOf(body.lines.map((l) => ({ itemId: l.order_item_id, quantity: l.quantity })));
      const same = previous.find((r) => r.linesKey === asked);
      if (same) return { answer: await confirmedAnswer(tx, same, now), created: false };
    }
    const offered = offeredLines(order, previous, days, now);
    // The whole order confirmed again once nothing is left: the same request.
    const last = previous.at(-1);
    if (body.confirm && !body.lines && last && !offered.some((l) => l.open && l.left > 0)) {
      return { answer: await confirmedAnswer(tx, last, now), created: false };
    }
    const lines = atRefundPrices(order, offered, chosenLines(offered, body.lines));
    const name = body.name ?? nameOnOrder(order);
    const shippingCents = shippingBack(order, previous, lines);
    const statement = statementOf(order, name, lines, shippingCents);
    const answerLines = lines.map((l) => ({ order_item_id: l.itemId, name: l.name, quantity: l.quantity, unit_price: l.unitPriceCents / 100 }));
    if (!body.confirm) {
      return { answer: { confirmed: false, statement: { order_id: orderId, name, email: order.row.email, lines: answerLines, reason: body.reason, statement }, withdrawal: null }, created: false };
    }

    const [stored] = await tx
      .insert(withdrawalRequests)
      .values({ orderId, userId: viewer.userId, name, email: order.row.email, lines, linesKey: keyOf(lines), shippingCents, reason: body.reason, statement, requestedAt: now, ip })
      .returning();
    if (!stored) throw new Error('withdrawal not stored');
    await recordCustomerAct(tx, { userId: viewer.userId, email: order.row.email, ip }, {
      entity: 'withdrawal',
      entityId: stored.id,
      action: 'withdraw',
      after: { orderId, lines: lines.map(({ itemId, quantity }) => ({ itemId, quantity })), shippingCents, reason: body.reason, requestedAt: now.toISOString() },
    });
    const answer = await confirmedAnswer(tx, stored, now);
    await queueMail(tx, await acknowledgementMail(ctx, order.row, stored, answer.withdrawal as Withdrawal));
    return { answer, created: true };
  });
}

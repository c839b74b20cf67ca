import { toEuros } from '#shared/money.ts';
import type { Withdrawal, WithdrawalOverview } from '#shared/schemas/withdrawals.ts';
import { type LineWithdrawal, lineWithdrawal, refundDueBy, stillOpen } from '#shared/withdrawal.ts';
import type { WithdrawableOrder } from '../orders/for-withdrawals.ts';
import { type withdrawalRefunds, type withdrawalRequests, withdrawnCents } from './tables.ts';

/* What an order's lines allow now: the period rule of shared/withdrawal.ts applied to the stored facts. */

export type RequestRow = typeof withdrawalRequests.$inferSelect;
type RefundLink = typeof withdrawalRefunds.$inferSelect;

export const lineName = (item: { productName: string; variantName: string | null }) =>
  item.variantName ? `${item.productName} (${item.variantName})` : item.productName;

/** The customer's name for the form: the first part of the order's address (the checkout writes it first). */
export const nameOnOrder = (order: WithdrawableOrder) => order.row.shippingAddress.split(',')[0]?.trim().slice(0, 120) || order.row.email;

export type OfferedLine = {
  item: WithdrawableOrder['items'][number];
  right: LineWithdrawal;
  open: boolean;
  /** Units not yet withdrawn by an earlier request. */
  left: number;
};

/** Each line with its right at `now` and the units earlier requests have not taken. A cancelled order offers none. */
export function offeredLines(order: WithdrawableOrder, previous: RequestRow[], days: number, now = new Date()): OfferedLine[] {
  const taken = new Map<number, number>();
  for (const line of previous.flatMap((r) => r.lines)) taken.set(line.itemId, (taken.get(line.itemId) ?? 0) + line.quantity);
  const facts = { ...order.row, deliveredAt: order.deliveredAt, digitalConsentAt: order.digitalConsentAt };
  return order.items.map((item) => {
    const right = lineWithdrawal(facts, { isDigital: item.isDigital, exemption: item.withdrawalExemption }, days);
    return { item, right, open: order.row.status !== 'cancelled' && stillOpen(right, now), left: Math.max(0, item.quantity - (taken.get(item.id) ?? 0)) };
  });
}

/** A stored request as the pages read it. */
export function toWithdrawal(row: RequestRow, link: RefundLink | undefined, now = new Date()): Withdrawal {
  const due = refundDueBy(row.requestedAt);
  const linesCents = row.lines.reduce((sum, l) => sum + withdrawnCents(l), 0);
  return {
    id: row.id,
    order_id: row.orderId,
    name: row.name,
    email: row.email,
    lines: row.lines.map((l) => ({ order_item_id: l.itemId, name: l.name, quantity: l.quantity, unit_price: toEuros(l.unitPriceCents) })),
    reason: row.reason,
    requested_at: row.requestedAt.toISOString(),
    refund_due_by: due.toISOString(),
    status: link ? 'refunded' : 'requested',
    refunded_at: link?.refundedAt.toISOString() ?? null,
    overdue: !link && now >= due,
    amount: toEuros(linesCents + row.shippingCents),
    shipping: toEuros(row.shippingCents),
  };
}

/** The order as the function shows it (GET /api/order/{id}/withdrawal). */
export function overviewOf(
  order: WithdrawableOrder,
  offered: OfferedLine[],
  requests: Withdrawal[],
  days: number,
  returnAddress: string,
): WithdrawalOverview {
  const open = offered.filter((l) => l.open && l.left > 0);
  const ends = open.map((l) => (l.right.blocked === null ? l.right.until : null));
  // While goods are on their way the period has no end yet; otherwise the latest end of the lines offered.
  const openUntil = !open.length || ends.some((e) => e === null) ? null : new Date(Math.max(...ends.map((e) => (e as Date).getTime())));
  return {
    order_id: order.row.id,
    name: nameOnOrder(order),
    email: order.row.email,
    period_days: days,
    open: open.length > 0,
    open_until: openUntil?.toISOString() ?? null,
    lines: offered.map(({ item, right, open: isOpen, left }) => ({
      order_item_id: item.id,
      name: lineName(item),
      quantity: item.quantity,
      unit_price: toEuros(item.unitPriceCents),
      withdrawable: isOpen ? left : 0,
      until: right.blocked === null ? (right.until?.toISOString() ?? null) : null,
      blocked: right.blocked,
    })),
    requests,
    return_address: returnAddress,
  };
}

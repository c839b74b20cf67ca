import type { OrderStatus } from './orders.ts';

/*
 * The order's life (decision 0034): the one table of which status may follow which, who may make each
 * move, and what each move does. The server's `orders/life.ts` applies it on every path that changes an
 * order (admin form and list, customer cancellation, payments, jobs, refunds); the back office reads it to
 * offer only the statuses an order may take.
 */

/** Who moves an order: its customer, the owner in the back office, a payment the gateway reports, a job of the queue. */
export const ORDER_ACTORS = ['customer', 'admin', 'payment', 'job'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** What a move does beside changing the status. */
export type OrderEffect =
  /** The order's physical units go back to the shelf. */
  | 'stock_back'
  /** Its units are taken from the shelf again (a cancelled order reopened). */
  | 'stock_taken'
  /** Its open Multibanco reference and MB WAY request are withdrawn (the payments module hears of it). */
  | 'payments_voided'
  /** A paid order now owes its customer what was paid, until the owner refunds it. */
  | 'refund_due'
  /** A reopened order no longer owes a refund. */
  | 'refund_due_cleared'
  /** The customer's mail for the new status, when the status has one (shipped, delivered, cancelled). */
  | 'status_mail'
  /** The customer's mail that an order nobody paid was cancelled. */
  | 'unpaid_mail'
  /** The payment is recorded on the order (when, how, by whom). */
  | 'paid'
  /** The invoice-receipt is issued, then "Pagamento recebido" mailed (the invoicing module hears of it). */
  | 'invoice'
  /** The customer is told that money which arrived for a cancelled order goes back to her. */
  | 'refund_due_mail'
  /** A refund is recorded: its credit note issued (invoicing), the customer mailed, the order marked refunded once all went back. */
  | 'refund';

/** Why a move the table lists is still refused for one order. */
export type OrderBlock =
  /** The order was paid: it cannot wait for payment again. */
  | 'paid'
  /** Nothing was paid: there is nothing to give back. */
  | 'unpaid'
  /** The money went back: the order stays cancelled. */
  | 'refunded'
  /** A digital product's link was delivered: the customer may no longer cancel (no withdrawal right once supplied). */
  | 'digital_delivered';

export type OrderMove = { by: readonly OrderActor[]; unless?: readonly OrderBlock[]; does: readonly OrderEffect[] };

const CANCEL: readonly OrderEffect[] = ['stock_back', 'payments_voided', 'refund_due', 'status_mail'];
const REOPEN: readonly OrderEffect[] = ['stock_taken', 'refund_due_cleared', 'status_mail'];
const STEP: OrderMove = { by: ['admin'], does: ['status_mail'] };
const BACK_TO_PENDING: OrderMove = { by: ['admin'], unless: ['paid'], does: ['status_mail'] };
const CUSTOMER_CANCEL: OrderMove = { by: ['customer'], unless: ['digital_delivered'], does: CANCEL };
const ADMIN_CANCEL: OrderMove = { by: ['admin'], does: CANCEL };

/**
 * Status changes: from -> to -> the moves allowed. Admins may set any status (backoffice.md "Admins can
 * set any status") except one that would lie: a paid order never goes back to "Pendente" (waiting for its
 * payment), a refunded one never leaves "Cancelada". Customers cancel only before the parcel leaves
 * (storefront.md §4); the expiry job cancels only an order nobody paid. A payment moves a pending order to
 * processing (see PAYMENT_ARRIVES); nothing else moves an order.
 */
export const ORDER_LIFE: Record<OrderStatus, Partial<Record<OrderStatus, readonly OrderMove[]>>> = {
  pending: {
    processing: [STEP],
    shipped: [STEP],
    delivered: [STEP],
    // The job runs once no payment of the order can still be paid: each ends with its own status (expired, rejected).
    cancelled: [CUSTOMER_CANCEL, ADMIN_CANCEL, { by: ['job'], unless: ['paid'], does: ['stock_back', 'unpaid_mail'] }],
  },
  processing: { pending: [BACK_TO_PENDING], shipped: [STEP], delivered: [STEP], cancelled: [CUSTOMER_CANCEL, ADMIN_CANCEL] },
  shipped: { pending: [BACK_TO_PENDING], processing: [STEP], delivered: [STEP], cancelled: [ADMIN_CANCEL] },
  delivered: { pending: [BACK_TO_PENDING], processing: [STEP], shipped: [STEP], cancelled: [ADMIN_CANCEL] },
  cancelled: {
    pending: [{ by: ['admin'], unless: ['paid', 'refunded'], does: REOPEN }],
    processing: [{ by: ['admin'], unless: ['refunded'], does: REOPEN }],
    shipped: [{ by: ['admin'], unless: ['refunded'], does: REOPEN }],
    delivered: [{ by: ['admin'], unless: ['refunded'], does: REOPEN }],
  },
};

/** A payment arriving: the status it leaves the order in, and what it does. An order is paid once. */
export type PaymentArrival = OrderMove & { to: OrderStatus };

/**
 * Money arrives, by the gateway or recorded by the owner ("Marcar como paga"). A pending order moves to
 * processing; one the shop already moved on keeps its status. An owner does not record money for a
 * cancelled order; money the gateway still takes for one (a reference paid after she cancelled) is kept
 * as a fact and owed back to the customer.
 */
export const PAYMENT_ARRIVES: Record<OrderStatus, readonly PaymentArrival[]> = {
  pending: [
    { by: ['payment'], to: 'processing', unless: ['paid'], does: ['paid', 'invoice'] },
    { by: ['admin'], to: 'processing', unless: ['paid'], does: ['paid', 'payments_voided', 'invoice'] },
  ],
  processing: [
    { by: ['payment'], to: 'processing', unless: ['paid'], does: ['paid', 'invoice'] },
    { by: ['admin'], to: 'processing', unless: ['paid'], does: ['paid', 'payments_voided', 'invoice'] },
  ],
  shipped: [
    { by: ['payment'], to: 'shipped', unless: ['paid'], does: ['paid', 'invoice'] },
    { by: ['admin'], to: 'shipped', unless: ['paid'], does: ['paid', 'payments_voided', 'invoice'] },
  ],
  delivered: [
    { by: ['payment'], to: 'delivered', unless: ['paid'], does: ['paid', 'invoice'] },
    { by: ['admin'], to: 'delivered', unless: ['paid'], does: ['paid', 'payments_voided', 'invoice'] },
  ],
  cancelled: [{ by: ['payment'], to: 'cancelled', unless: ['paid'], does: ['paid', 'refund_due', 'refund_due_mail', 'invoice'] }],
};

/** Money given back (the owner's refund, from any status): only of an order that was paid; the status stays. */
export const REFUND_MOVE: OrderMove = { by: ['admin'], unless: ['unpaid'], does: ['refund'] };

/** The move an actor may make from one status to another, if the table has one (blocks aside). */
export const orderMove = (from: OrderStatus, to: OrderStatus, actor: OrderActor): OrderMove | undefined =>
  ORDER_LIFE[from][to]?.find((move) => move.by.includes(actor));

/** Customers may cancel only before the parcel leaves (storefront.md §4): the table's customer moves. */
export const cancellable = (status: OrderStatus) => orderMove(status, 'cancelled', 'customer') !== undefined;

/** The payment arrival an actor may record on an order in this status, if any (blocks aside). */
export const paymentArrival = (status: OrderStatus, actor: OrderActor): PaymentArrival | undefined =>
  PAYMENT_ARRIVES[status].find((move) => move.by.includes(actor));

/** What an order is, for the blocks: paid or not, refunded or not, a delivered digital product or not. */
export type OrderFacts = { paid: boolean; refunded: boolean; digitalDelivered: boolean };

/** The first block that stops this move for this order, or null when it may be made. */
export function blockOf(move: Pick<OrderMove, 'unless'>, facts: OrderFacts): OrderBlock | null {
  const holds: Record<OrderBlock, boolean> = {
    paid: facts.paid,
    unpaid: !facts.paid,
    refunded: facts.refunded,
    digital_delivered: facts.digitalDelivered,
  };
  return move.unless?.find((block) => holds[block]) ?? null;
}

/** The statuses an admin may give an order now (its own first): the back office's choice of "Estado". */
export function adminStatusChoices(from: OrderStatus, facts: OrderFacts): OrderStatus[] {
  const others = (Object.keys(ORDER_LIFE[from]) as OrderStatus[]).filter((to) => {
    const move = orderMove(from, to, 'admin');
    return move !== undefined && blockOf(move, facts) === null;
  });
  return [from, ...others];
}

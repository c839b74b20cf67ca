import type { CustomerPaymentMethod, PaymentMethod } from '#shared/orders.ts';
import type { FiscalDocument } from '#shared/schemas/invoicing.ts';
import type { Db, Tx } from '../../db/client.ts';

/*
 * How the modules that follow orders hear of them (decision 0034). Orders imports neither payments nor
 * invoicing: each of them hands its part here when the app is built (app.ts), and the order's life
 * (life.ts) calls it inside the transaction that changes the order, so what follows commits or rolls back
 * with the change. Work that may wait (an invoice, a Multibanco mail) is a job the follower queues here.
 */

/** An issued fiscal document of an order, as its pages show it. */
export type OrderDocument = { orderId: number; refundId: number | null; kind: 'invoice_receipt' | 'credit_note'; document: FiscalDocument };

type PlacedOrder = { id: number; paymentMethod: string; stockHeldUntil: Date | null };

export type PaymentsFollower = {
  /** An order was placed: its payments' deadline is watched; answers true when the payments module mails "Recebemos a sua encomenda" itself (with its Multibanco reference). */
  placed(tx: Tx, order: PlacedOrder): Promise<boolean>;
  /** The order's open Multibanco reference and MB WAY request are withdrawn. */
  voidOpenPayments(tx: Tx, orderId: number): Promise<void>;
  /** The MB WAY request that paid the order through the gateway (its money can go back the same way), or null. */
  paidMbwayRequest(tx: Tx, orderId: number): Promise<string | null>;
  /** Of these orders, those an MB WAY payment through the gateway paid. */
  paidByMbway(tx: Tx, orderIds: number[]): Promise<Set<number>>;
  /** The first payment the gateway confirmed for each of these orders: when, and by which method (the orders CSV). */
  firstPaid(db: Db, orderIds: number[]): Promise<Map<number, { paidAt: Date; method: PaymentMethod }>>;
  /** The owner's order of the four ways to pay (Resumo's "Meios de pagamento"): an unpaid order's mails name them so. */
  methodOrder(tx: Tx): Promise<CustomerPaymentMethod[]>;
};

export type InvoicingFollower = {
  /** A paid order: its invoice-receipt, then "Pagamento recebido". */
  paid(tx: Tx, orderId: number): Promise<void>;
  /** A settled refund: its credit note. */
  refundSettled(tx: Tx, refundId: number): Promise<void>;
  /** The issued documents of these orders. */
  documentsOf(tx: Tx, orderIds: number[]): Promise<OrderDocument[]>;
};

type Followers = { payments?: PaymentsFollower; invoicing?: InvoicingFollower };
const followers: Followers = {};

/** At the app's start: the payments and invoicing modules say how they follow orders. */
export function followOrders(given: Followers) {
  Object.assign(followers, given);
}

function follower<K extends keyof Followers>(name: K): NonNullable<Followers[K]> {
  const found = followers[name];
  if (!found) throw new Error(`The ${name} module does not follow orders yet: buildApp registers it (followOrders).`);
  return found;
}

export const payments = () => follower('payments');
export const invoicing = () => follower('invoicing');

import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { enqueue, type JobRunner } from '../../platform/jobs.ts';
import type { PaymentsFollower } from '../orders/followers.ts';
import { firstGatewayPayments } from './figures.ts';
import { ordersPaidByMbway, paidMbwayRequest } from './for-refunds.ts';
import type { PaymentGateway } from './gateway.ts';
import { ifthenpayGateway } from './ifthenpay.ts';
import { cancelIfUnpaid, expirePayment } from './expiry.ts';
import { cancelUnpaidOrderJob, expirePaymentJob, multibancoOrderMailJob, payshopOrderMailJob } from './jobs.ts';
import { methodOrder } from './method-order.ts';
import { mailMultibancoOrder } from './payment-start.ts';
import { mailPayshopOrder } from './payshop-start.ts';
import { registerReminderJob } from './reminders.ts';
import { sandboxGateway } from './sandbox.ts';
import { voidOpenPayments } from './void-payments.ts';

/** The gateway the configuration names (PAYMENT_GATEWAY): the sandbox unless ifthenpay's keys are given. */
export function createGateway(config: Config): PaymentGateway {
  const { gateway, ifthenpay, callbackKey, refunds } = config.payments;
  if (gateway === 'ifthenpay' && ifthenpay) return ifthenpayGateway({ ...ifthenpay, callbackKey, refunds });
  return sandboxGateway(callbackKey);
}

/**
 * The payment jobs of the durable queue: a payment's expiry, the cancelling of an order left unpaid, a
 * Multibanco order's mail, the reminder of a reference near its deadline.
 */
export function registerPaymentJobs(jobs: JobRunner, ctx: { db: Db; config: Config; gateway: PaymentGateway }) {
  jobs.register(expirePaymentJob, ({ paymentId }) => expirePayment(ctx, paymentId));
  jobs.register(cancelUnpaidOrderJob, ({ orderId }) => cancelIfUnpaid(ctx, orderId));
  jobs.register(multibancoOrderMailJob, ({ orderId }) => mailMultibancoOrder(ctx, orderId));
  jobs.register(payshopOrderMailJob, ({ orderId }) => mailPayshopOrder(ctx, orderId));
  registerReminderJob(jobs, ctx);
}

/**
 * How payments follow orders (decision 0034): a placed order's deadline is its job (and a Multibanco
 * order's first mail, which carries the reference it issues); a cancelled or hand-paid order's open
 * payments are voided; a refund asks which MB WAY request paid.
 */
export const paymentsFollower: PaymentsFollower = {
  placed: async (tx, order) => {
    // An unpaid order holds its stock until then (#26); every payment of it ends by then too (payment-start.ts).
    if (order.stockHeldUntil) await enqueue(tx, cancelUnpaidOrderJob, { orderId: order.id }, { runAt: order.stockHeldUntil });
    // A reference's order mails it: it is issued first, by the job (a Payshop reference like a Multibanco one).
    if (order.paymentMethod === 'payshop') {
      await enqueue(tx, payshopOrderMailJob, { orderId: order.id });
      return true;
    }
    if (order.paymentMethod !== 'multibanco') return false;
    await enqueue(tx, multibancoOrderMailJob, { orderId: order.id });
    return true;
  },
  voidOpenPayments,
  paidMbwayRequest,
  paidByMbway: ordersPaidByMbway,
  firstPaid: firstGatewayPayments,
  methodOrder,
};

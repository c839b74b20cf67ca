import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import type { PaymentGateway } from './gateway.ts';
import { ifthenpayGateway } from './ifthenpay.ts';
import { cancelIfUnpaid, expirePayment } from './expiry.ts';
import { cancelUnpaidOrderJob, expirePaymentJob, multibancoOrderMailJob } from './jobs.ts';
import { mailMultibancoOrder } from './payment-start.ts';
import { sandboxGateway } from './sandbox.ts';

/** The gateway the configuration names (PAYMENT_GATEWAY): the sandbox unless ifthenpay's keys are given. */
export function createGateway(config: Config): PaymentGateway {
  const { gateway, ifthenpay, callbackKey, refunds } = config.payments;
  if (gateway === 'ifthenpay' && ifthenpay) return ifthenpayGateway({ ...ifthenpay, callbackKey, refunds });
  return sandboxGateway(callbackKey);
}

/** The payment jobs of the durable queue: a payment's expiry, the cancelling of an order left unpaid, a Multibanco order's mail. */
export function registerPaymentJobs(jobs: JobRunner, ctx: { db: Db; config: Config; gateway: PaymentGateway }) {
  jobs.register(expirePaymentJob, ({ paymentId }) => expirePayment(ctx, paymentId));
  jobs.register(cancelUnpaidOrderJob, ({ orderId }) => cancelIfUnpaid(ctx, orderId));
  jobs.register(multibancoOrderMailJob, ({ orderId }) => mailMultibancoOrder(ctx, orderId));
}

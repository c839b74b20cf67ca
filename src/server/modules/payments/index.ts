import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import type { PaymentGateway } from './gateway.ts';
import { ifthenpayGateway } from './ifthenpay.ts';
import { cancelIfUnpaid, expirePayment, PAYMENT_JOBS } from './payments.ts';
import { sandboxGateway } from './sandbox.ts';

/** The gateway the configuration names (PAYMENT_GATEWAY): the sandbox unless ifthenpay's keys are given. */
export function createGateway(config: Config): PaymentGateway {
  const { gateway, ifthenpay, callbackKey } = config.payments;
  if (gateway === 'ifthenpay' && ifthenpay) return ifthenpayGateway({ ...ifthenpay, callbackKey });
  return sandboxGateway(callbackKey);
}

/** The payment jobs of the durable queue: a payment's expiry, and the cancelling of an order left unpaid. */
export function registerPaymentJobs(jobs: JobRunner, ctx: { db: Db; config: Config; gateway: PaymentGateway }) {
  jobs.register(PAYMENT_JOBS.expire, (payload) => expirePayment(ctx, (payload as { paymentId: number }).paymentId));
  jobs.register(PAYMENT_JOBS.cancelUnpaid, (payload) => cancelIfUnpaid(ctx, (payload as { orderId: number }).orderId));
}

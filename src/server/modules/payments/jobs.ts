import { z } from 'zod';
import { defineJob } from '../../platform/jobs.ts';

const id = z.number().int().positive();

/** A payment's time is up: asked of the gateway once more, then ended unpaid. */
export const expirePaymentJob = defineJob('payment.expire', z.object({ paymentId: id }));

/** An order nobody paid is cancelled once no payment of it can still be paid (the checkout queues it too). */
export const cancelUnpaidOrderJob = defineJob('payment.cancel-unpaid', z.object({ orderId: id }));

/** A Multibanco order's "Recebemos a sua encomenda": its reference is issued first, so the mail can carry it. */
export const multibancoOrderMailJob = defineJob('payment.multibanco-order-mail', z.object({ orderId: id }));

/** A Payshop order's "Recebemos a sua encomenda", with its reference issued first (issue #27). */
export const payshopOrderMailJob = defineJob('payment.payshop-order-mail', z.object({ orderId: id }));

/** Every quarter hour: the Multibanco and Payshop references still unpaid near their deadline get their reminder (decisions 0049, 0052; the name is older than Payshop). */
export const multibancoRemindersJob = defineJob('payment.multibanco-reminders', z.object({ slot: z.string() }));

import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { defineJob, enqueue } from '../../platform/jobs.ts';

/* The shop's own e-mails of its orders (shop-mails.ts sends them): queued beside the customer's. */

const orderId = z.object({ orderId: z.number().int().positive() });
export const shopPaidJob = defineJob('orders.shop-paid-mail', orderId);
export const shopNewOrderJob = defineJob('orders.shop-new-order-mail', orderId);

/**
 * Queued with the customer's own mail, in its transaction. The order's id is the job's key: however often a
 * path queues it again (a retried job, two processes), the shop is mailed once.
 */
export const queueShopPaidMail = (tx: Tx, id: number) => enqueue(tx, shopPaidJob, { orderId: id }, { key: String(id) });
export const queueShopNewOrderMail = (tx: Tx, id: number) => enqueue(tx, shopNewOrderJob, { orderId: id }, { key: String(id) });

import type { Db } from '../../db/client.ts';
import { queueMail } from '../../platform/mail.ts';
import { orderByNumberAndEmail } from '../orders/for-withdrawals.ts';
import { withdrawalLinkMail } from './mails.ts';

/**
 * The footer's page: order number and e-mail. The link goes only to the order's own address, and the answer is
 * the same whether or not such an order exists (nobody learns another's orders by guessing numbers).
 */
export async function sendWithdrawalLink(db: Db, publicUrl: string, orderId: number, email: string) {
  const order = await orderByNumberAndEmail(db, orderId, email);
  if (!order || order.status === 'cancelled') return;
  await db.transaction(async (tx) => queueMail(tx, await withdrawalLinkMail(publicUrl, order)));
}

import type { ErasureAnswer, PersonalData } from '#shared/schemas/privacy.ts';
import type { Tx } from '../../db/client.ts';
import { clearFailures } from '../auth/login-throttle.ts';
import { eraseRestockAlerts, restockAlertsOf } from '../catalog/restock-personal-data.ts';
import { eraseMessagesFrom, messagesFrom } from '../contact/personal-data.ts';
import { eraseSubscription, subscriptionOf } from '../newsletter/personal-data.ts';
import { ANONYMOUS_EMAIL, ANONYMOUS_MARK, anonymiseOrdersOf, erasureBlock, ordersOfPerson, type Person } from '../orders/customer-rights.ts';
import { toOrders } from '../orders/order-view.ts';
import { forgetPaymentPhones, paymentsOfOrders } from '../payments/personal-data.ts';
import { withdrawalDays } from '../overview/settings.ts';
import { accountData, deleteAccount } from '../users/personal-data.ts';
import { anonymiseWithdrawalRequests, withdrawalRequestsOf } from '../withdrawals/personal-data.ts';

/*
 * Everything the shop holds about one person, gathered from the modules that hold it (RGPD art. 15.º and
 * 20.º), and erased where the law lets it go (art. 17.º), kept anonymised where it does not (decision 0041).
 */

export type { Person };

/**
 * Why her data may not be erased yet, or null: an order still open, a refund owed, or a delivered order within
 * the shop's withdrawal period (its setting in Resumo).
 */
export async function erasureRefusal(tx: Tx, person: Person): Promise<string | null> {
  return erasureBlock(tx, person, await withdrawalDays(tx));
}

export async function collectPersonalData(tx: Tx, person: Person): Promise<PersonalData> {
  const own = person.userId === null ? { account: null, addresses: [] } : await accountData(tx, person.userId);
  const rows = await ordersOfPerson(tx, person);
  const orders = await toOrders(tx, rows);
  const ids = rows.map((r) => r.id);
  const invoices = orders.flatMap((o) => [
    ...(o.invoice ? [{ order_id: o.id, kind: 'invoice_receipt' as const, number: o.invoice.number }] : []),
    ...(o.refunds ?? []).flatMap((r) => (r.credit_note ? [{ order_id: o.id, kind: 'credit_note' as const, number: r.credit_note.number }] : [])),
  ]);
  return {
    generated_at: new Date().toISOString(),
    email: person.email,
    ...own,
    orders,
    payments: await paymentsOfOrders(tx, ids),
    invoices,
    newsletter: await subscriptionOf(tx, person.email),
    contact_messages: await messagesFrom(tx, person.email),
    withdrawal_requests: await withdrawalRequestsOf(tx, ids),
    restock_alerts: await restockAlertsOf(tx, person.email),
  };
}

/**
 * Erases her: the account (its addresses, sessions and links cascade), her newsletter subscription, her
 * restock alerts, her contact messages and failed logins; her orders stay for the fiscal record with her name, e-mail, phone and
 * street replaced by the anonymous mark (CIVA art. 52.º), their MB WAY phone numbers removed. The caller
 * checked `erasureRefusal` in the same transaction. Her withdrawal requests stay with their orders, anonymised too.
 */
export async function erasePerson(tx: Tx, person: Person): Promise<Omit<ErasureAnswer, 'message'>> {
  const orderIds = await anonymiseOrdersOf(tx, person);
  await anonymiseWithdrawalRequests(tx, orderIds, ANONYMOUS_MARK, ANONYMOUS_EMAIL);
  await forgetPaymentPhones(tx, orderIds);
  const accountDeleted = person.userId === null ? false : await deleteAccount(tx, person.userId);
  const contactMessagesDeleted = await eraseMessagesFrom(tx, person.email);
  const newsletterDeleted = await eraseSubscription(tx, person.email);
  const restockAlertsDeleted = await eraseRestockAlerts(tx, person.email);
  await clearFailures(tx, person.email);
  return { account_deleted: accountDeleted, orders_anonymised: orderIds.length, contact_messages_deleted: contactMessagesDeleted, newsletter_deleted: newsletterDeleted, restock_alerts_deleted: restockAlertsDeleted };
}

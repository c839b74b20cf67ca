import { and, eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { newsletterDeliveries, newsletterSubscribers } from './tables.ts';

/* What the newsletter holds of one address, for her export and erasure, and its retention (decision 0041). */

const sameAddress = (email: string) => sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()}`;

/** Her subscription and its proof of consent (when, from where, the words agreed to), or null. */
export async function subscriptionOf(tx: Tx, email: string) {
  const [row] = await tx.select().from(newsletterSubscribers).where(sameAddress(email)).limit(1);
  if (!row) return null;
  return {
    status: row.status,
    consent_at: row.consentAt.toISOString(),
    consent_ip: row.consentIp,
    consent_text: row.consentText,
    subscribed_at: row.subscribedAt?.toISOString() ?? null,
    unsubscribed_at: row.unsubscribedAt?.toISOString() ?? null,
  };
}

/** Her subscription erased, with the ledger of the newsletters sent to her. Answers whether there was one. */
export async function eraseSubscription(tx: Tx, email: string): Promise<boolean> {
  const removed = await tx.delete(newsletterSubscribers).where(sameAddress(email)).returning({ id: newsletterSubscribers.id });
  await tx.delete(newsletterDeliveries).where(sql`lower(${newsletterDeliveries.email}) = ${email.toLowerCase()}`);
  return removed.length > 0;
}

/** Sign-ups never confirmed, asked for before `cutoff`: deleted (there is no consent to keep them on). */
export async function purgeUnconfirmed(tx: Tx, cutoff: Date): Promise<number> {
  const removed = await tx
    .delete(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.status, 'pending'), lt(newsletterSubscribers.createdAt, cutoff)))
    .returning({ id: newsletterSubscribers.id });
  return removed.length;
}

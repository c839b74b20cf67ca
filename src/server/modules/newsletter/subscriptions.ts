import { and, desc, eq, sql } from 'drizzle-orm';
import { newsletterConsent, newsletterMessages, type Subscriber } from '#shared/schemas/newsletter.ts';
import type { Db } from '../../db/client.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { queueMail } from '../../platform/mail.ts';
import { hashSecret, newSecret } from '../../platform/passwords.ts';
import { CONFIRM_LINK_DAYS, confirmationMail, confirmUrl } from './mails.ts';
import { newsletterSubscribers } from './tables.ts';
import { recordChange } from '../audit/audit.ts';

/** A pending address is mailed its link again at most this often, however often the form is sent. */
export const RESEND_AFTER_MINUTES = 5;

/**
 * POST /newsletter: records the consent and mails a confirmation link (double opt-in). New, pending,
 * confirmed and unsubscribed addresses all get the same answer from the route, so the form tells no
 * one who subscribes; only the mailbox owner learns anything, from the mail.
 */
export async function subscribe(db: Db, publicUrl: string, email: string, ip: string | undefined) {
  await db.transaction(async (tx) => {
    const token = newSecret();
    const consent = { consentAt: new Date(), consentIp: ip ?? null, consentText: newsletterConsent.text };
    const [created] = await tx
      .insert(newsletterSubscribers)
      .values({
        email,
        status: 'pending',
        confirmTokenHash: hashSecret(token),
        confirmSentAt: new Date(),
        unsubscribeToken: newSecret(),
        ...consent,
      })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscribers.id });
    if (!created) {
      // One conditional update: two requests racing for the same address send at most one link.
      const [renewed] = await tx
        .update(newsletterSubscribers)
        .set({ status: 'pending', confirmTokenHash: hashSecret(token), confirmSentAt: new Date(), unsubscribedAt: null, ...consent })
        .where(
          and(
            sql`lower(${newsletterSubscribers.email}) = ${email}`,
            sql`${newsletterSubscribers.status} <> 'confirmed'`,
            // Someone who unsubscribed and comes back gets a link at once; a pending address waits its turn.
            sql`(${newsletterSubscribers.status} = 'unsubscribed' OR ${newsletterSubscribers.confirmSentAt} IS NULL
              OR ${newsletterSubscribers.confirmSentAt} < now() - make_interval(mins => ${RESEND_AFTER_MINUTES}))`,
          ),
        )
        .returning({ id: newsletterSubscribers.id });
      if (!renewed) return;
    }
    await queueMail(tx, await confirmationMail(email, confirmUrl(publicUrl, token)));
  });
}

/** GET /newsletter/verify: the link from the confirmation mail, good once. */
export async function confirm(db: Db, token: string): Promise<string> {
  const [row] = await db
    .select({ id: newsletterSubscribers.id, confirmSentAt: newsletterSubscribers.confirmSentAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.confirmTokenHash, hashSecret(token)))
    .limit(1);
  if (!row) throw invalid(newsletterMessages.linkInvalid);
  if (!row.confirmSentAt || row.confirmSentAt.getTime() < Date.now() - CONFIRM_LINK_DAYS * 86_400_000) {
    throw invalid(newsletterMessages.linkExpired);
  }
  const [confirmed] = await db
    .update(newsletterSubscribers)
    .set({ status: 'confirmed', subscribedAt: new Date(), confirmTokenHash: null })
    .where(and(eq(newsletterSubscribers.id, row.id), eq(newsletterSubscribers.confirmTokenHash, hashSecret(token))))
    .returning({ id: newsletterSubscribers.id });
  if (!confirmed) throw invalid(newsletterMessages.linkInvalid);
  return newsletterMessages.confirmed;
}

/**
 * GET and POST /newsletter/unsubscribe: the token every newsletter carries. Repeating it is harmless
 * (mail providers may POST more than once), so a used token still answers 200.
 */
export async function unsubscribe(db: Db, token: string): Promise<string> {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ status: 'unsubscribed', unsubscribedAt: new Date(), confirmTokenHash: null })
    .where(and(eq(newsletterSubscribers.unsubscribeToken, token), sql`${newsletterSubscribers.status} <> 'unsubscribed'`))
    .returning({ id: newsletterSubscribers.id });
  if (row) return newsletterMessages.unsubscribed;
  const [known] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeToken, token))
    .limit(1);
  if (!known) throw invalid(newsletterMessages.unsubscribeLinkInvalid);
  return newsletterMessages.alreadyUnsubscribed;
}

export async function listSubscribers(db: Db): Promise<Subscriber[]> {
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    status: row.status,
    subscribed_at: row.subscribedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  }));
}

/** DELETE /newsletter/{email}: the address and its proof of consent are erased; a send in progress skips it. */
export async function deleteSubscriber(db: Db, email: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = ${email}`)
      .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, status: newsletterSubscribers.status });
    if (!row) throw notFound(newsletterMessages.subscriberNotFound);
    await recordChange(tx, { entity: 'newsletter', entityId: row.email, action: 'delete', before: { subscriber: row.email, status: row.status } });
  });
}

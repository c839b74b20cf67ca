import { eq } from 'drizzle-orm';
import { messages } from '#shared/messages.ts';
import type { ProfileBody } from '#shared/schemas/account.ts';
import type { Db, Tx } from '../../db/client.ts';
import { users } from './tables.ts';
import { invalid, conflict, notFound } from '../../platform/errors.ts';
import { queueMail } from '../../platform/mail.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { verifyUrl } from '../auth/accounts.ts';
import { emailChangeMail } from '../auth/mails.ts';
import { closeUserSessions } from '../auth/sessions.ts';
import { issueToken } from '../auth/tokens.ts';
import { findUserByEmail, findUserById, setPassword, toPublicUser } from './users.ts';

export async function getProfile(db: Db, userId: number) {
  const user = await findUserById(db, userId);
  if (!user) throw notFound(messages.userNotFound);
  return toPublicUser(user);
}

/**
 * Username changes at once. A new e-mail only waits as `pendingEmail` until a link sent to it is
 * opened, so no one can take over an address they do not own.
 */
export async function updateProfile(db: Db, publicUrl: string, userId: number, body: ProfileBody) {
  return db.transaction(async (tx) => {
    const user = await findUserById(tx, userId);
    if (!user) throw notFound(messages.userNotFound);
    const emailChanges = body.email !== user.email.toLowerCase();
    if (emailChanges) {
      const owner = await findUserByEmail(tx, body.email);
      if (owner && owner.id !== userId) throw conflict(messages.emailTaken, { email: messages.emailTaken });
      const token = await issueToken(tx, userId, 'email_change', body.email);
      await queueMail(tx, await emailChangeMail(body.email, body.username, verifyUrl(publicUrl, token)));
    }
    const [updated] = await tx
      .update(users)
      .set({
        username: body.username,
        pendingEmail: emailChanges ? body.email : user.pendingEmail,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning();
    return {
      ...toPublicUser(updated ?? user),
      message: emailChanges ? messages.emailChangePending : messages.profileUpdated,
    };
  });
}

/** Changes the password and signs out every other session (a stolen session ends with it). */
export async function changePassword(
  db: Db,
  userId: number,
  keepSessionHash: string,
  body: { currentPassword: string; newPassword: string },
) {
  const user = await findUserById(db, userId);
  if (!user) throw notFound(messages.userNotFound);
  // 400, not 401: a 401 would send the signed-in user to the login page.
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw invalid(messages.wrongCurrentPassword, { currentPassword: messages.wrongCurrentPassword });
  }
  await db.transaction(async (tx) => {
    await setPassword(tx, userId, body.newPassword);
    await closeUserSessions(tx, userId, keepSessionHash);
  });
}

/** The tax number and company a customer's last checkout gave (for the next one), or nulls. */
export async function getBilling(db: Db, userId: number) {
  const user = await findUserById(db, userId);
  if (!user) throw notFound(messages.userNotFound);
  return { nif: user.nif, company: user.company };
}

/** Keeps a checkout's tax number and company on the customer's profile, in the checkout's transaction. */
export async function rememberBilling(tx: Tx, userId: number, billing: { nif: string; company: string | null }) {
  await tx.update(users).set({ nif: billing.nif, company: billing.company }).where(eq(users.id, userId));
}

import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { messages } from '#shared/messages.ts';
import { paths } from '#shared/paths.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../users/tables.ts';
import { forbidden } from '../../platform/errors.ts';
import { defineJob, enqueue, type JobRunner } from '../../platform/jobs.ts';
import { queueMail } from '../../platform/mail.ts';
import { findUserByEmail, toPublicUser } from '../users/users.ts';
import { clearFailures } from './login-throttle.ts';
import { signInLinkMail } from './mails.ts';
import { openSession } from './sessions.ts';
import { consumeToken, issueToken } from './tokens.ts';

// A one-time sign-in link mailed to the account (issue #26): a locked account, the admin's included, can
// always sign in, so a stranger's wrong guesses never keep the owner out. Decision record 0027.

export const signInLinkUrl = (publicUrl: string, token: string) => `${publicUrl}${paths.signInLink(token)}`;

const signInLinkJob = defineJob('auth.sign-in-link', z.object({ email: z.string() }));

/** A link asked for: the same single write whether or not the address has an account (as a reset request). */
export async function requestSignInLink(db: Db, email: string) {
  await enqueue(db, signInLinkJob, { email });
}

export function registerSignInLinkJob(jobs: JobRunner, { db, publicUrl }: { db: Db; publicUrl: string }) {
  jobs.register(signInLinkJob, ({ email }) => sendSignInLink(db, publicUrl, email));
}

/** The job: a link for a real, unbanned account; nothing for anyone else. */
async function sendSignInLink(db: Db, publicUrl: string, email: string) {
  await db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || user.isBanned) return;
    const token = await issueToken(tx, user.id, 'sign_in');
    await queueMail(tx, await signInLinkMail(user.email, user.username, signInLinkUrl(publicUrl, token)));
  });
}

/**
 * Opens a session from a mailed link, once. The link proves the mailbox, as a reset does: the account is
 * verified and its login lock lifted. A banned account stays out.
 */
export async function signInWithLink(db: Db, token: string) {
  return db.transaction(async (tx) => {
    const used = await consumeToken(tx, token, ['sign_in']);
    const [user] = await tx.update(users).set({ isVerified: true }).where(eq(users.id, used.userId)).returning();
    if (!user || user.isBanned) throw forbidden(messages.banned, 'BANNED');
    await clearFailures(tx, user.email);
    return { token: await openSession(tx, user.id), user: toPublicUser(user) };
  });
}

import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { messages } from '#shared/messages.ts';
import { paths } from '#shared/paths.ts';
import type { LoginBody, RegisterBody } from '#shared/schemas/account.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../users/tables.ts';
import { AppError, conflict, forbidden, unauthenticated } from '../../platform/errors.ts';
import { defineJob, enqueue, type JobRunner } from '../../platform/jobs.ts';
import { queueMail } from '../../platform/mail.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { adoptGuestOrders } from '../orders/order-records.ts';
import { findUserByEmail, findUserById, insertUser, setPassword, toPublicUser } from '../users/users.ts';
import { addressesSeen, clearFailures, FREE_FAILURES, reserveAttempt, secondsLocked } from './login-throttle.ts';
import { accountExistsMail, failedLoginsMail, resetMail, verificationMail } from './mails.ts';
import { closeUserSessions, openSession } from './sessions.ts';
import { registerSignInLinkJob } from './sign-in-link.ts';
import { consumeToken, issueToken } from './tokens.ts';

export const verifyUrl = (publicUrl: string, token: string) => `${publicUrl}/auth/verify?token=${token}`;
export const resetUrl = (publicUrl: string, token: string) => `${publicUrl}/recuperar-senha/${token}`;

/**
 * Creates an unverified customer and mails the verification link; role fields are never read. An e-mail
 * that already has an account gets the same answer (the password is hashed either way, so it takes as long),
 * and its owner a note instead: no one learns from the form who is a customer.
 */
export async function register(db: Db, publicUrl: string, body: RegisterBody) {
  await db.transaction(async (tx) => {
    const user = await insertUser(tx, { username: body.username, email: body.email, password: body.password });
    if (!user) {
      const owner = await findUserByEmail(tx, body.email);
      if (owner && !owner.isBanned) await queueMail(tx, await accountExistsMail(owner.email, owner.username, `${publicUrl}/login`, `${publicUrl}/recuperar-senha`));
      return;
    }
    const token = await issueToken(tx, user.id, 'verify');
    await queueMail(tx, await verificationMail(user.email, user.username, verifyUrl(publicUrl, token)));
  });
}

/**
 * Confirms an account, or a changed e-mail address, from a mailed link. The address is then proven hers: the
 * orders she placed with it as a guest join her account.
 */
export async function verifyEmail(db: Db, token: string): Promise<string> {
  return db.transaction(async (tx) => {
    const used = await consumeToken(tx, token, ['verify', 'email_change']);
    if (used.purpose === 'verify') {
      await tx.update(users).set({ isVerified: true, updatedAt: new Date() }).where(eq(users.id, used.userId));
      const user = await findUserById(tx, used.userId);
      if (user) await adoptGuestOrders(tx, user.id, user.email);
      return messages.verified;
    }
    const email = used.email ?? '';
    const owner = await findUserByEmail(tx, email);
    if (owner && owner.id !== used.userId) throw conflict(messages.emailTaken);
    await tx
      .update(users)
      .set({ email, pendingEmail: null, isVerified: true, updatedAt: new Date() })
      .where(eq(users.id, used.userId));
    await adoptGuestOrders(tx, used.userId, email);
    return messages.emailChanged;
  });
}

/** Where a login comes from, and how long the lock may grow (LOGIN_LOCK_MAX_MINUTES). */
export type LoginContext = { publicUrl: string; address: string; maxLockSeconds: number };

/**
 * Signs in. Wrong passwords are counted per account as well as per address (the route's limit): each attempt
 * is counted before its password is checked, so parallel guesses cannot outrun the lock; past a few, the
 * account's next guesses wait, unchecked, and its owner is told once, with the addresses seen. A locked owner
 * signs in through a link mailed to her (`sign-in-link.ts`). Decision record 0027.
 */
export async function login(db: Db, context: LoginContext, body: LoginBody) {
  const attempt = await reserveAttempt(db, body.email, context.address, context.maxLockSeconds);
  if (attempt === undefined) {
    const wait = Math.max(1, await secondsLocked(db, body.email));
    throw new AppError(429, 'ACCOUNT_LOCKED', messages.loginLocked, undefined, { retryAfterSeconds: wait });
  }
  const user = await findUserByEmail(db, body.email);
  const ok = await verifyPassword(user?.passwordHash, body.password);
  if (!user || !ok) {
    // The attempt that set the lock, once it failed: one warning per lock, with where the guesses came from.
    if (user && attempt === FREE_FAILURES) {
      const addresses = await addressesSeen(db, body.email);
      const links = { signIn: `${context.publicUrl}${paths.login}`, reset: `${context.publicUrl}${paths.forgotPassword}` };
      await db.transaction(async (tx) => queueMail(tx, await failedLoginsMail(user.email, user.username, addresses, links)));
    }
    throw unauthenticated(messages.wrongCredentials, 'WRONG_CREDENTIALS');
  }
  await clearFailures(db, body.email);
  if (user.isBanned) throw forbidden(messages.banned, 'BANNED');
  if (!user.isVerified) throw forbidden(messages.unverified, 'UNVERIFIED');
  const token = await openSession(db, user.id);
  return { token, user: toPublicUser(user) };
}

/** Sends a fresh verification link; answers the same whoever asks, so no one learns who is registered. */
export async function resendVerification(db: Db, publicUrl: string, email: string) {
  await db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || user.isVerified || user.isBanned) return;
    const token = await issueToken(tx, user.id, 'verify');
    await queueMail(tx, await verificationMail(user.email, user.username, verifyUrl(publicUrl, token)));
  });
}

/**
 * A reset asked for: the same single write whether or not the address has an account, so the answer takes
 * as long for both; the job does the rest (`sendPasswordReset`).
 */
export async function requestPasswordReset(db: Db, email: string) {
  await enqueue(db, passwordResetJob, { email });
}

const passwordResetJob = defineJob('auth.password-reset', z.object({ email: z.string() }));

export function registerAuthJobs(jobs: JobRunner, { db, publicUrl }: { db: Db; publicUrl: string }) {
  jobs.register(passwordResetJob, ({ email }) => sendPasswordReset(db, publicUrl, email));
  registerSignInLinkJob(jobs, { db, publicUrl });
}

/** The job behind a reset request: a link for a real, unbanned account; nothing for anyone else. */
async function sendPasswordReset(db: Db, publicUrl: string, email: string) {
  await db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || user.isBanned) return;
    const token = await issueToken(tx, user.id, 'reset');
    await queueMail(tx, await resetMail(user.email, user.username, resetUrl(publicUrl, token)));
  });
}

/** A reset proves the mailbox, so it also verifies the account and lifts its login lock; every open session ends. */
export async function resetPassword(db: Db, token: string, newPassword: string) {
  await db.transaction(async (tx) => {
    const used = await consumeToken(tx, token, ['reset']);
    await setPassword(tx, used.userId, newPassword);
    const [user] = await tx.update(users).set({ isVerified: true }).where(eq(users.id, used.userId)).returning({ email: users.email });
    if (user) await clearFailures(tx, user.email);
    await closeUserSessions(tx, used.userId);
  });
}


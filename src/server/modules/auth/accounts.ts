import { eq } from 'drizzle-orm';
import { messages } from '#shared/messages.ts';
import type { LoginBody, RegisterBody } from '#shared/schemas/account.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { conflict, forbidden, unauthenticated } from '../../platform/errors.ts';
import { queueMail } from '../../platform/mail.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { findUserByEmail, insertUser, setPassword, toPublicUser } from '../users/users.ts';
import { resetMail, verificationMail } from './mails.ts';
import { closeUserSessions, openSession } from './sessions.ts';
import { consumeToken, issueToken } from './tokens.ts';

export const verifyUrl = (publicUrl: string, token: string) => `${publicUrl}/auth/verify?token=${token}`;
export const resetUrl = (publicUrl: string, token: string) => `${publicUrl}/recuperar-senha/${token}`;

/** Creates an unverified customer and mails the verification link; role fields are never read. */
export async function register(db: Db, publicUrl: string, body: RegisterBody) {
  return db.transaction(async (tx) => {
    const user = await insertUser(tx, { username: body.username, email: body.email, password: body.password });
    if (!user) throw conflict(messages.emailTaken, { email: messages.emailTaken });
    const token = await issueToken(tx, user.id, 'verify');
    await queueMail(tx, verificationMail(user.email, user.username, verifyUrl(publicUrl, token)));
    return user;
  });
}

/** Confirms an account, or a changed e-mail address, from a mailed link. */
export async function verifyEmail(db: Db, token: string): Promise<string> {
  return db.transaction(async (tx) => {
    const used = await consumeToken(tx, token, ['verify', 'email_change']);
    if (used.purpose === 'verify') {
      await tx.update(users).set({ isVerified: true, updatedAt: new Date() }).where(eq(users.id, used.userId));
      return messages.verified;
    }
    const email = used.email ?? '';
    const owner = await findUserByEmail(tx, email);
    if (owner && owner.id !== used.userId) throw conflict(messages.emailTaken);
    await tx
      .update(users)
      .set({ email, pendingEmail: null, isVerified: true, updatedAt: new Date() })
      .where(eq(users.id, used.userId));
    return messages.emailChanged;
  });
}

export async function login(db: Db, body: LoginBody) {
  const user = await findUserByEmail(db, body.email);
  const ok = await verifyPassword(user?.passwordHash, body.password);
  if (!user || !ok) throw unauthenticated(messages.wrongCredentials, 'WRONG_CREDENTIALS');
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
    await queueMail(tx, verificationMail(user.email, user.username, verifyUrl(publicUrl, token)));
  });
}

export async function forgotPassword(db: Db, publicUrl: string, email: string) {
  await db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || user.isBanned) return;
    const token = await issueToken(tx, user.id, 'reset');
    await queueMail(tx, resetMail(user.email, user.username, resetUrl(publicUrl, token)));
  });
}

/** A reset proves the mailbox, so it also verifies the account; every open session ends. */
export async function resetPassword(db: Db, token: string, newPassword: string) {
  await db.transaction(async (tx) => {
    const used = await consumeToken(tx, token, ['reset']);
    await setPassword(tx, used.userId, newPassword);
    await tx.update(users).set({ isVerified: true }).where(eq(users.id, used.userId));
    await closeUserSessions(tx, used.userId);
  });
}


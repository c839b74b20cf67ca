import { and, eq, gt, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../users/tables.ts';
import { sessions } from './tables.ts';
import type { SessionUser } from '../../platform/guards.ts';
import { hashSecret, newSecret } from '../../platform/passwords.ts';

export const SESSION_COOKIE = 'loja_session';
export const SESSION_DAYS = 30;

/** Opens a session and answers the cookie's token; only its hash is stored. */
export async function openSession(tx: Tx, userId: number): Promise<string> {
  const token = newSecret();
  await tx.insert(sessions).values({
    tokenHash: hashSecret(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
  });
  return token;
}

/** The signed-in user for a cookie token, or null; a banned user has no session. */
export async function sessionUser(tx: Tx, token: string): Promise<SessionUser | null> {
  const tokenHash = hashSecret(token);
  const [row] = await tx
    .select({ id: users.id, username: users.username, email: users.email, isAdmin: users.isAdmin })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date()), eq(users.isBanned, false)))
    .limit(1);
  return row ? { ...row, tokenHash } : null;
}

export async function closeSession(tx: Tx, token: string) {
  await tx.delete(sessions).where(eq(sessions.tokenHash, hashSecret(token)));
}

/** Ends every session of a user, or every one but `keepHash` (the one asking). */
export async function closeUserSessions(tx: Tx, userId: number, keepHash?: string) {
  await tx
    .delete(sessions)
    .where(keepHash ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepHash)) : eq(sessions.userId, userId));
}

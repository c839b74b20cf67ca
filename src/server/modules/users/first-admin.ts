import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from './tables.ts';
import { hashPassword, newSecret } from '../../platform/passwords.ts';
import { findUserByEmail, insertUser } from './users.ts';

export type AdminSetup =
  | { kind: 'exists' }
  | { kind: 'created'; email: string; password: string | undefined };

/**
 * First start: the admin of ADMIN_EMAIL/ADMIN_PASSWORD, or, when the shop has no admin at all, one with a
 * generated password that main.ts prints once.
 */
export async function ensureAdmin(db: Db, admin: { email: string; password: string } | undefined): Promise<AdminSetup> {
  if (admin) {
    if (await findUserByEmail(db, admin.email)) return { kind: 'exists' };
    await insertUser(db, { username: 'Administrador', email: admin.email, password: admin.password, isAdmin: true, isVerified: true });
    return { kind: 'created', email: admin.email, password: undefined };
  }
  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
  if (anyAdmin) return { kind: 'exists' };
  const email = 'admin@loja.local';
  const password = newSecret().slice(0, 16);
  await insertUser(db, { username: 'Administrador', email, password, isAdmin: true, isVerified: true });
  return { kind: 'created', email, password };
}

/** `npm run admin:create` on an existing account: a verified, unbanned admin with this name and password. */
export async function promoteToAdmin(db: Db, id: number, input: { username: string; password: string }) {
  await db
    .update(users)
    .set({ isAdmin: true, isVerified: true, isBanned: false, username: input.username, passwordHash: await hashPassword(input.password), updatedAt: new Date() })
    .where(eq(users.id, id));
}

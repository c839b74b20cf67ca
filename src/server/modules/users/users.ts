import { eq, sql } from 'drizzle-orm';
import type { PublicUser } from '#shared/schemas/account.ts';
import type { Tx } from '../../db/client.ts';
import { users } from './tables.ts';
import { hashPassword } from '../../platform/passwords.ts';

export type UserRow = typeof users.$inferSelect;

export const toPublicUser = (u: UserRow): PublicUser => ({
  id: u.id,
  username: u.username,
  email: u.email,
  isAdmin: u.isAdmin,
  isBanned: u.isBanned,
  isVerified: u.isVerified,
  pendingEmail: u.pendingEmail,
  createdAt: u.createdAt.toISOString(),
});

export const sameEmail = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;

export async function findUserByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(sameEmail(email)).limit(1);
  return row;
}

export async function findUserById(tx: Tx, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export type NewUser = {
  username: string;
  email: string;
  password: string;
  isAdmin?: boolean;
  isBanned?: boolean;
  isVerified?: boolean;
};

/** Inserts a user; answers undefined when the e-mail is taken (the unique index decides, not a prior read). */
export async function insertUser(tx: Tx, user: NewUser): Promise<UserRow | undefined> {
  const passwordHash = await hashPassword(user.password);
  const [row] = await tx
    .insert(users)
    .values({
      username: user.username,
      email: user.email.toLowerCase(),
      passwordHash,
      isAdmin: user.isAdmin ?? false,
      isBanned: user.isBanned ?? false,
      isVerified: user.isVerified ?? false,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function setPassword(tx: Tx, userId: number, password: string) {
  await tx
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(users.id, userId));
}

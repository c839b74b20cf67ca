import { countryCodeOf, countryName } from '#shared/countries.ts';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { addresses, users } from './tables.ts';

/* The account and its address book, for her export and erasure, and the retention of unverified accounts. */

export async function accountData(tx: Tx, userId: number) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return { account: null, addresses: [] };
  const book = await tx.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id));
  return {
    account: {
      username: user.username,
      email: user.email,
      created_at: user.createdAt.toISOString(),
      is_verified: user.isVerified,
      nif: user.nif,
      company: user.company,
    },
    addresses: book.map((a) => ({ name: a.name, address: a.address, city: a.city, postal_code: a.postalCode, country: countryName(countryCodeOf(a.country) ?? a.country), phone: a.phone, is_default: a.isDefault })),
  };
}

/**
 * Deletes the account: its address book, sessions and one-time links go with it (their foreign keys cascade);
 * her orders stay, no longer linked (set null), anonymised by the caller. Answers whether there was one.
 */
export async function deleteAccount(tx: Tx, userId: number): Promise<boolean> {
  return (await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id })).length > 0;
}

/** Accounts whose e-mail was never confirmed, created before `cutoff` (30 days): deleted. Never an admin's. */
export async function purgeUnverifiedAccounts(tx: Tx, cutoff: Date): Promise<number> {
  const removed = await tx
    .delete(users)
    .where(and(eq(users.isVerified, false), eq(users.isAdmin, false), lt(users.createdAt, cutoff)))
    .returning({ id: users.id });
  return removed.length;
}

import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type addressBody, addressMessages, MAX_ADDRESSES, type SavedAddress } from '#shared/schemas/addresses.ts';
import { countryCodeOf, countryName } from '#shared/countries.ts';
import type { Db, Tx } from '../../db/client.ts';
import { addresses } from './tables.ts';
import { conflict, notFound } from '../../platform/errors.ts';

/* A customer's address book: only ever their own rows (another's id is a 404, as if it did not exist). */

type AddressInput = z.output<typeof addressBody>;
type AddressRow = typeof addresses.$inferSelect;

const toSaved = (row: AddressRow): SavedAddress => ({
  id: row.id,
  name: row.name,
  address: row.address,
  city: row.city,
  postal_code: row.postalCode,
  country: countryName(countryCodeOf(row.country) ?? row.country),
  country_code: countryCodeOf(row.country) ?? row.country,
  phone: row.phone,
  is_default: row.isDefault,
});

const columns = (input: Omit<AddressInput, 'is_default'>) => ({
  name: input.name,
  address: input.address,
  city: input.city,
  postalCode: input.postal_code,
  country: input.country,
  phone: input.phone,
});

/** The default first, then the most recently used or added. */
export async function listAddresses(db: Db | Tx, userId: number): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), sql`coalesce(${addresses.lastUsedAt}, ${addresses.createdAt}) DESC`, desc(addresses.id));
  return rows.map(toSaved);
}

/** Serialises one customer's address-book changes, so two at once never leave two defaults or none. */
const lockBook = (tx: Tx, userId: number) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`addresses:${userId}`}))`);

async function makeDefault(tx: Tx, userId: number, id: number) {
  await tx.update(addresses).set({ isDefault: false }).where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
  await tx.update(addresses).set({ isDefault: true, updatedAt: new Date() }).where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
}

async function countOf(tx: Tx, userId: number) {
  const [row] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
  return row?.n ?? 0;
}

/** A new address; the first one, or one asked to be, becomes the default. */
export async function createAddress(db: Db, userId: number, input: AddressInput) {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const existing = await countOf(tx, userId);
    if (existing >= MAX_ADDRESSES) throw conflict(addressMessages.tooMany);
    const [row] = await tx.insert(addresses).values({ userId, ...columns(input) }).returning();
    if (!row) throw new Error('address not stored');
    if (existing === 0 || input.is_default) await makeDefault(tx, userId, row.id);
    return listAddresses(tx, userId);
  });
}

async function ownAddress(tx: Tx, userId: number, id: number) {
  const [row] = await tx.select().from(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId))).limit(1);
  if (!row) throw notFound(addressMessages.notFound);
  return row;
}

/** Changes an address; `is_default: true` makes it the default (the default is never unset: another is chosen instead). */
export async function updateAddress(db: Db, userId: number, id: number, input: AddressInput) {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    await ownAddress(tx, userId, id);
    await tx.update(addresses).set({ ...columns(input), updatedAt: new Date() }).where(eq(addresses.id, id));
    if (input.is_default) await makeDefault(tx, userId, id);
    return listAddresses(tx, userId);
  });
}

/** Removes an address; when it was the default, the most recently used of the others takes its place. */
export async function deleteAddress(db: Db, userId: number, id: number) {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const row = await ownAddress(tx, userId, id);
    await tx.delete(addresses).where(eq(addresses.id, id));
    if (row.isDefault) {
      const [next] = await listAddresses(tx, userId);
      if (next) await makeDefault(tx, userId, next.id);
    }
    return listAddresses(tx, userId);
  });
}

/**
 * A signed-in checkout's address, in the checkout's transaction: the same address already in the book is
 * marked as just used; a new one is added (the default when it is the first), unless the book is full.
 */
export async function rememberAddress(tx: Tx, userId: number, input: Omit<AddressInput, 'is_default'>) {
  await lockBook(tx, userId);
  const values = columns(input);
  const same = and(
    eq(addresses.userId, userId),
    sql`lower(${addresses.name}) = lower(${values.name})`,
    sql`lower(${addresses.address}) = lower(${values.address})`,
    sql`lower(${addresses.city}) = lower(${values.city})`,
    eq(addresses.postalCode, values.postalCode),
  );
  const [known] = await tx.update(addresses).set({ phone: values.phone, lastUsedAt: new Date() }).where(same).returning({ id: addresses.id });
  if (known) return;
  const existing = await countOf(tx, userId);
  if (existing >= MAX_ADDRESSES) return;
  await tx.insert(addresses).values({ userId, ...values, isDefault: existing === 0, lastUsedAt: new Date() });
}

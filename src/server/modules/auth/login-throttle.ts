import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { loginFailures } from './tables.ts';

/** Wrong passwords an account takes before each further guess must wait. */
export const FREE_FAILURES = 5;
const FIRST_DELAY_SECONDS = 30;
/** The client addresses kept per account for the owner's warning. */
const ADDRESSES_KEPT = 10;
/** A day without failures starts the count again. */
const FORGET_AFTER = sql`interval '24 hours'`;

const keyOf = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** Seconds the account of `email` must still wait before a password is checked again; 0 when it may try. */
export async function secondsLocked(tx: Tx, email: string): Promise<number> {
  const [row] = await tx
    .select({ seconds: sql<number>`ceil(extract(epoch from (${loginFailures.lockedUntil} - now())))::int` })
    .from(loginFailures)
    .where(eq(loginFailures.emailHash, keyOf(email)));
  return Math.max(0, row?.seconds ?? 0);
}

/**
 * Counts a login attempt for `email` (whether or not it has an account) as a failure BEFORE its password is
 * checked, in one statement: parallel guesses each get their own number, and the one that reaches the free
 * failures sets the lock for all that follow (30 s, doubling with each further attempt, never more than
 * `maxLockSeconds`). A locked account gets no number (undefined): its password is not checked. A right
 * password clears the count (`clearFailures`). Decision record 0027.
 */
export async function reserveAttempt(tx: Tx, email: string, address: string, maxLockSeconds: number): Promise<number | undefined> {
  const forgotten = sql`${loginFailures.updatedAt} < now() - ${FORGET_AFTER}`;
  const failures = sql`CASE WHEN ${forgotten} THEN 1 ELSE ${loginFailures.failures} + 1 END`;
  const seen = sql`CASE WHEN ${forgotten} THEN ARRAY[${address}]::text[]
    WHEN ${address} = ANY(${loginFailures.addresses}) OR cardinality(${loginFailures.addresses}) >= ${ADDRESSES_KEPT} THEN ${loginFailures.addresses}
    ELSE array_append(${loginFailures.addresses}, ${address}::text) END`;
  const [row] = await tx
    .insert(loginFailures)
    .values({ emailHash: keyOf(email), failures: 1, addresses: [address] })
    .onConflictDoUpdate({
      target: loginFailures.emailHash,
      set: {
        failures,
        addresses: seen,
        lockedUntil: sql`CASE WHEN ${failures} >= ${FREE_FAILURES}
          THEN now() + make_interval(secs => least(${maxLockSeconds}::float8, ${FIRST_DELAY_SECONDS} * power(2::float8, ${failures} - ${FREE_FAILURES})))
          END`,
        updatedAt: sql`now()`,
      },
      // The lock itself: while it lasts, no attempt is counted, so none is checked.
      setWhere: sql`${loginFailures.lockedUntil} IS NULL OR ${loginFailures.lockedUntil} <= now()`,
    })
    .returning({ failures: loginFailures.failures });
  return row?.failures;
}

/** The client addresses the account's recent attempts came from, for the owner's warning. */
export async function addressesSeen(tx: Tx, email: string): Promise<string[]> {
  const [row] = await tx.select({ addresses: loginFailures.addresses }).from(loginFailures).where(eq(loginFailures.emailHash, keyOf(email)));
  return row?.addresses ?? [];
}

/** A right password, a password reset or a sign-in link clears the account's count and its lock. */
export async function clearFailures(tx: Tx, email: string) {
  await tx.delete(loginFailures).where(eq(loginFailures.emailHash, keyOf(email)));
}

import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { loginFailures } from '../../db/schema.ts';

/** Wrong passwords an account takes before each further guess must wait. */
export const FREE_FAILURES = 5;
const FIRST_DELAY_SECONDS = 30;
const MAX_DELAY_SECONDS = 3600;
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
 * Counts a wrong password for `email` (whether or not it has an account) and, past the free ones, locks
 * further guesses for 30 s, doubling each time up to an hour. Answers the count, so the caller can warn
 * the owner once, when the lock starts.
 */
export async function recordFailure(tx: Tx, email: string): Promise<number> {
  const [row] = await tx
    .insert(loginFailures)
    .values({ emailHash: keyOf(email), failures: 1 })
    .onConflictDoUpdate({
      target: loginFailures.emailHash,
      set: {
        failures: sql`CASE WHEN ${loginFailures.updatedAt} < now() - ${FORGET_AFTER} THEN 1 ELSE ${loginFailures.failures} + 1 END`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ failures: loginFailures.failures });
  const failures = row?.failures ?? 1;
  if (failures >= FREE_FAILURES) {
    const delay = Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** (failures - FREE_FAILURES));
    await tx
      .update(loginFailures)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${delay})` })
      .where(eq(loginFailures.emailHash, keyOf(email)));
  }
  return failures;
}

/** A right password clears the account's count. */
export async function clearFailures(tx: Tx, email: string) {
  await tx.delete(loginFailures).where(eq(loginFailures.emailHash, keyOf(email)));
}

import { and, eq, isNull } from 'drizzle-orm';
import { messages } from '#shared/messages.ts';
import type { Tx } from '../../db/client.ts';
import { userTokens } from './tables.ts';
import { invalid } from '../../platform/errors.ts';
import { hashSecret, newSecret } from '../../platform/passwords.ts';

export type TokenPurpose = 'verify' | 'reset' | 'email_change' | 'sign_in' | 'erase_account';

const lifetimeMs: Record<TokenPurpose, number> = {
  verify: 48 * 3_600_000,
  email_change: 24 * 3_600_000,
  reset: 3_600_000,
  // A sign-in link opens a session at once: short-lived.
  sign_in: 15 * 60_000,
  // The e-mailed confirmation of an account's erasure (decision 0041).
  erase_account: 3_600_000,
};

/** Issues a single-use link secret; only its hash is kept. */
export async function issueToken(tx: Tx, userId: number, purpose: TokenPurpose, email?: string): Promise<string> {
  const token = newSecret();
  await tx.insert(userTokens).values({
    tokenHash: hashSecret(token),
    userId,
    purpose,
    email: email ?? null,
    expiresAt: new Date(Date.now() + lifetimeMs[purpose]),
  });
  return token;
}

/**
 * Marks a token used and answers its row. The conditional update makes a token good for one use even
 * when two requests race with it.
 */
export async function consumeToken(tx: Tx, token: string, purposes: TokenPurpose[]) {
  const tokenHash = hashSecret(token);
  const [row] = await tx.select().from(userTokens).where(eq(userTokens.tokenHash, tokenHash)).limit(1);
  if (!row || !purposes.includes(row.purpose) || row.usedAt) throw invalid(messages.tokenInvalid);
  if (row.expiresAt <= new Date()) throw invalid(messages.tokenExpired);
  const [used] = await tx
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.tokenHash, tokenHash), isNull(userTokens.usedAt)))
    .returning();
  if (!used) throw invalid(messages.tokenInvalid);
  return used;
}

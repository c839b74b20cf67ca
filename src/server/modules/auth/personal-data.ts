import { isNotNull, lt, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { sessions, userTokens } from './tables.ts';

/* Sessions and one-time links kept no longer than they work (decision 0041). */

/** Sessions and links past their expiry, and links already used: deleted. Answers how many of each. */
export async function purgeExpired(tx: Tx, now: Date) {
  const sessionsRemoved = await tx.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.tokenHash });
  const tokensRemoved = await tx
    .delete(userTokens)
    .where(or(lt(userTokens.expiresAt, now), isNotNull(userTokens.usedAt)))
    .returning({ id: userTokens.tokenHash });
  return { sessions: sessionsRemoved.length, tokens: tokensRemoved.length };
}

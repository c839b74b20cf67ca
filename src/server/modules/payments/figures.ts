import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { InstantRange } from '#shared/dates.ts';
import type { Overview } from '#shared/schemas/overview.ts';
import type { Db } from '../../db/client.ts';
import { payments } from './tables.ts';

/** MB WAY requests sent in a period and how many the customer accepted (the owner's overview). */
export async function mbwayRequests(db: Db, w: InstantRange): Promise<Overview['mbway']> {
  const [row] = await db
    .select({ sent: sql`count(*)`, accepted: sql`count(*) filter (where ${payments.status} = 'paid')` })
    .from(payments)
    .where(and(eq(payments.method, 'mbway'), gte(payments.createdAt, w.from), lt(payments.createdAt, w.until)));
  return { sent: Number(row?.sent ?? 0), accepted: Number(row?.accepted ?? 0) };
}


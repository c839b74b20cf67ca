import { asc, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contactMessages } from './tables.ts';

/* The contact messages one address sent, for her export and erasure, and their retention (decision 0041). */

const from = (email: string) => sql`lower(${contactMessages.email}) = ${email.toLowerCase()}`;

export async function messagesFrom(tx: Tx, email: string) {
  const rows = await tx.select().from(contactMessages).where(from(email)).orderBy(asc(contactMessages.createdAt));
  return rows.map((r) => ({ name: r.name, subject: r.subject, message: r.message, created_at: r.createdAt.toISOString() }));
}

export async function eraseMessagesFrom(tx: Tx, email: string): Promise<number> {
  return (await tx.delete(contactMessages).where(from(email)).returning({ id: contactMessages.id })).length;
}

/** Messages older than the retention period (2 years): deleted. */
export async function purgeMessagesBefore(tx: Tx, cutoff: Date): Promise<number> {
  return (await tx.delete(contactMessages).where(lt(contactMessages.createdAt, cutoff)).returning({ id: contactMessages.id })).length;
}

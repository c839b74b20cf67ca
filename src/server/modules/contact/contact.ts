import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { contactMessages as texts, type ContactMessage, type ContactMessagePage } from '#shared/schemas/contact.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { queueMail } from '../../platform/mail.ts';
import { recordChange } from '../audit/audit.ts';
import { contactMail } from './mails.ts';
import { contactMessages } from './tables.ts';

type Row = typeof contactMessages.$inferSelect;

/** What the back office reads of a message: all but the sender's IP address (kept against abuse). */
const toMessage = ({ ip: _ip, readAt, createdAt, ...message }: Row): ContactMessage => ({
  ...message,
  readAt: readAt?.toISOString() ?? null,
  createdAt: createdAt.toISOString(),
});

/** Keeps the message and queues its mail to the shop in one transaction: neither exists without the other. */
export async function sendContactMessage(
  db: Db,
  shopInbox: string,
  sent: { name: string; email: string; subject: string; message: string },
  ip: string | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(contactMessages).values({ ...sent, ip: ip ?? null });
    await queueMail(tx, await contactMail(shopInbox, sent));
  });
}

/** Newest first, for the admin's Mensagens tab. */
export async function listContactMessages(db: Db, page: number, pageSize: number): Promise<ContactMessagePage> {
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: count(), unread: sql<number>`count(*) filter (where ${contactMessages.readAt} is null)`.mapWith(Number) })
      .from(contactMessages),
  ]);
  const total = totals?.total ?? 0;
  return {
    messages: rows.map(toMessage),
    pagination: { page, pageSize, total, totalPages: Math.max(1, Math.ceil(total / pageSize)) },
    unread: totals?.unread ?? 0,
  };
}

/** Marks a message read, in the audit log too; reading it again keeps the first time (and records nothing). */
export async function markContactMessageRead(db: Db, id: number): Promise<ContactMessage> {
  return db.transaction(async (tx) => {
    const [first] = await tx
      .update(contactMessages)
      .set({ readAt: sql`now()` })
      .where(and(eq(contactMessages.id, id), isNull(contactMessages.readAt)))
      .returning({ email: contactMessages.email });
    if (first) await recordChange(tx, { entity: 'message', entityId: id, action: 'read', after: { from: first.email } });
    const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id));
    if (!row) throw notFound(texts.notFound);
    return toMessage(row);
  });
}

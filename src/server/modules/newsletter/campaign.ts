import { desc, eq, sql } from 'drizzle-orm';
import {
  newsletterMessages,
  sendStartedMessage,
  testSentMessage,
  type NewsletterContent,
  type NewsletterContentBody,
  type NewsletterSend,
  type SendSwitchAnswer,
} from '#shared/schemas/newsletter.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, invalid } from '../../platform/errors.ts';
import { htmlToText, sanitizeRichText } from '../../platform/html.ts';
import { queueMail } from '../../platform/mail.ts';
import { newsletterTestMail } from './mails.ts';
import { queueSendBatch, rowsOf } from './sending.ts';
import { newsletterDeliveries, newsletterDraft, newsletterSends, newsletterSubscribers } from './tables.ts';
import { recordChange } from '../audit/audit.ts';

const DRAFT_ID = 1;

/** The single draft row; the migration inserts it, this restores it if someone deleted it by hand. */
async function lockedDraft(tx: Tx) {
  await tx.insert(newsletterDraft).values({ id: DRAFT_ID }).onConflictDoNothing();
  const [draft] = await tx.select().from(newsletterDraft).where(eq(newsletterDraft.id, DRAFT_ID)).for('update');
  if (!draft) throw new Error('newsletter draft row missing');
  return draft;
}

async function readDraft(db: Db) {
  const [draft] = await db.select().from(newsletterDraft).where(eq(newsletterDraft.id, DRAFT_ID));
  return draft ?? { title: '', content: '', isToSend: false };
}

export async function getContent(db: Db): Promise<NewsletterContent> {
  const draft = await readDraft(db);
  return { title: draft.title, value: draft.content };
}

/** PUT /newsletter/content: stored sanitised, so what the editor shows back is what subscribers get. */
export async function saveContent(db: Db, body: NewsletterContentBody): Promise<NewsletterContent> {
  const content = sanitizeRichText(body.value);
  if (!htmlToText(content)) throw invalid(newsletterMessages.contentRequired, { value: newsletterMessages.contentRequired });
  return db.transaction(async (tx) => {
    const before = await lockedDraft(tx);
    const [saved] = await tx
      .update(newsletterDraft)
      .set({ title: body.title, content, updatedAt: new Date() })
      .where(eq(newsletterDraft.id, DRAFT_ID))
      .returning();
    await recordChange(tx, { entity: 'newsletter', entityId: 'rascunho', action: 'update', before: { title: before.title, html: before.content }, after: { title: body.title, html: content } });
    return { title: saved?.title ?? body.title, value: saved?.content ?? content };
  });
}

export async function isToSend(db: Db): Promise<boolean> {
  return (await readDraft(db)).isToSend;
}

const complete = (draft: { title: string; content: string }) => draft.title.trim() !== '' && htmlToText(sanitizeRichText(draft.content)) !== '';

/** 'Enviar teste para mim': the saved draft, to the signed-in admin's own address, through the mail queue. */
export async function sendTest(db: Db, to: string): Promise<string> {
  await db.transaction(async (tx) => {
    const draft = await lockedDraft(tx);
    if (!complete(draft)) throw invalid(newsletterMessages.draftIncomplete);
    await queueMail(tx, await newsletterTestMail(to, draft));
    await recordChange(tx, { entity: 'newsletter', entityId: 'teste', action: 'test', after: { title: draft.title, to } });
  });
  return testSentMessage(to);
}

/**
 * PUT /newsletter/isToSend. Turning the switch on freezes the draft into a send, writes one ledger row
 * per confirmed subscriber and queues the first batch, all in one transaction. Turning it off mid-send
 * stops it: the send is marked 'stopped' and its remaining rows stay 'pending' as the record of who
 * did not get it (a message already handed to the mail server in that instant still completes).
 * The draft row's lock serialises the switch, so at most one send is ever 'sending'.
 */
export async function switchSending(db: Db, wanted: boolean | undefined): Promise<SendSwitchAnswer & { started: boolean }> {
  return db.transaction(async (tx) => {
    const draft = await lockedDraft(tx);
    const turnOn = wanted ?? !draft.isToSend;
    if (turnOn === draft.isToSend) {
      return { isToSend: draft.isToSend, message: draft.isToSend ? sendStartedMessage(await sendingRecipients(tx)) : newsletterMessages.switchOff, started: false };
    }
    if (!turnOn) {
      await tx
        .update(newsletterSends)
        .set({ status: 'stopped', finishedAt: new Date() })
        .where(eq(newsletterSends.status, 'sending'));
      await tx.update(newsletterDraft).set({ isToSend: false }).where(eq(newsletterDraft.id, DRAFT_ID));
      await recordChange(tx, { entity: 'newsletter', entityId: 'envio', action: 'update', before: { isToSend: true }, after: { isToSend: false } });
      return { isToSend: false, message: newsletterMessages.sendStopped, started: false };
    }

    if (!complete(draft)) throw invalid(newsletterMessages.draftIncomplete);
    const [send] = await tx
      .insert(newsletterSends)
      .values({ title: draft.title, content: sanitizeRichText(draft.content), status: 'sending' })
      .returning({ id: newsletterSends.id });
    if (!send) throw new Error('newsletter send not stored');
    const inserted = await tx.execute(sql`
      WITH ledger AS (
        INSERT INTO ${newsletterDeliveries} (send_id, subscriber_id, email)
        SELECT ${send.id}, id, email FROM ${newsletterSubscribers} WHERE status = 'confirmed'
        RETURNING 1)
      SELECT count(*)::int AS recipients FROM ledger`);
    const recipients = rowsOf<{ recipients: number }>(inserted)[0]?.recipients ?? 0;
    if (recipients === 0) throw conflict(newsletterMessages.noSubscribers);
    await tx.update(newsletterSends).set({ recipients }).where(eq(newsletterSends.id, send.id));
    await tx.update(newsletterDraft).set({ isToSend: true }).where(eq(newsletterDraft.id, DRAFT_ID));
    await queueSendBatch(tx, { sendId: send.id, batch: 1 });
    await recordChange(tx, { entity: 'newsletter', entityId: send.id, action: 'send', after: { title: draft.title, recipients } });
    return { isToSend: true, message: sendStartedMessage(recipients), started: true };
  });
}


async function sendingRecipients(tx: Tx): Promise<number> {
  const [row] = await tx.select({ recipients: newsletterSends.recipients }).from(newsletterSends).where(eq(newsletterSends.status, 'sending'));
  return row?.recipients ?? 0;
}

/** The history of sends, newest first (backoffice: when, title, recipients, failures). */
export async function sendHistory(db: Db, limit = 50): Promise<NewsletterSend[]> {
  const rows = await db.select().from(newsletterSends).orderBy(desc(newsletterSends.startedAt), desc(newsletterSends.id)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    status: row.status,
    recipients: row.recipients,
    sent: row.sentCount,
    failed: row.failedCount,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }));
}

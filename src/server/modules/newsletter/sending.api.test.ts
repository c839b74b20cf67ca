import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { jobs } from '../../db/schema.ts';
import type { Mailer } from '../../platform/mail.ts';
import { newSecret } from '../../platform/passwords.ts';
import { signedInUser, useTestApp } from '../../../../tests/helpers/app.ts';
import type { ReceivedMail } from '../../../../tests/helpers/mailbox.ts';
import { newsletterSendJob, newsletterSender } from './sending.ts';
import { newsletterDeliveries, newsletterDraft, newsletterSends, newsletterSubscribers } from './tables.ts';

// A high pace so a send of 200 takes a moment; the job runner polls every 50 ms when started.
const ctx = useTestApp({ NEWSLETTER_SEND_PER_MINUTE: '60000', JOB_POLL_MS: '50' });
const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let adminCookie: string;
beforeAll(async () => {
  adminCookie = (await signedInUser(ctx, { isAdmin: true })).cookie;
});

beforeEach(async () => {
  await ctx.database.db.delete(newsletterSubscribers);
  await ctx.database.db.update(newsletterDraft).set({ isToSend: false });
  await ctx.database.db.update(newsletterSends).set({ status: 'stopped' }).where(eq(newsletterSends.status, 'sending'));
  ctx.mailbox.clear();
  ctx.mailbox.refuse(undefined);
});

/** The same handler the app registers, with short retry waits so a test sees retries in milliseconds. */
function useQuickRetries(app: App, options: { mailer?: Mailer; sendPerMinute?: number } = {}) {
  app.jobs.register(
    newsletterSendJob,
    newsletterSender({
      db: ctx.database.db,
      mailer: options.mailer ?? app.mailer,
      publicUrl: ctx.config.publicUrl,
      sendPerMinute: options.sendPerMinute ?? ctx.config.newsletter.sendPerMinute,
      log,
      retryDelaysMs: [50, 100],
      pauseMs: 100,
    }),
  );
}

/** A second app process on the same database (what a restart or a second server is). */
async function anotherProcess(options: { mailer?: Mailer } = {}) {
  const app = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
  await app.ready();
  useQuickRetries(app, options);
  return app;
}

async function addConfirmedSubscribers(count: number, prefix = 'leitor') {
  const rows = Array.from({ length: count }, (_, i) => ({
    email: `${prefix}${String(i).padStart(3, '0')}@example.pt`,
    status: 'confirmed' as const,
    unsubscribeToken: newSecret(),
    consentText: 'Consentimento de teste',
    subscribedAt: new Date(),
  }));
  return ctx.database.db.insert(newsletterSubscribers).values(rows).returning();
}

async function startSend(title: string, body = `<p>Olá! Esta é a edição <strong>${title}</strong>.</p>`) {
  const headers = { cookie: adminCookie };
  const saved = await ctx.app.inject({ method: 'PUT', url: '/api/newsletter/content', headers, payload: { title, value: body } });
  expect(saved.statusCode).toBe(200);
  const on = await ctx.app.inject({ method: 'PUT', url: '/api/newsletter/isToSend', headers, payload: { isToSend: true } });
  expect(on.statusCode, on.body).toBe(200);
  const [send] = await ctx.database.db.select().from(newsletterSends).where(eq(newsletterSends.status, 'sending'));
  return send!;
}

const sendRow = async (id: number) => (await ctx.database.db.select().from(newsletterSends).where(eq(newsletterSends.id, id)))[0]!;

/** Runs the due jobs of `apps` until the send is no longer 'sending'. */
async function untilFinished(sendId: number, apps: App[] = [ctx.app], timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await Promise.all(apps.map((app) => app.jobs.drain()));
    const row = await sendRow(sendId);
    if (row.status !== 'sending') return row;
    if (Date.now() > deadline) throw new Error(`send ${sendId} still sending: ${JSON.stringify(row)}`);
    await sleep(20);
  }
}

const newsletters = (title: string) => ctx.mailbox.received.filter((m) => m.subject === title);
const recipientsOf = (mails: ReceivedMail[]) => mails.flatMap((m) => m.rawTo);
const header = (mail: ReceivedMail, key: string) => mail.headers.find((h) => h.key === key)?.value;

describe('sending the newsletter', () => {
  it('delivers one message to each of 200 confirmed subscribers, each with its own working unsubscribe link and headers', async () => {
    useQuickRetries(ctx.app);
    const subscribers = await addConfirmedSubscribers(200);
    const send = await startSend('Edição de maio');
    expect(send.recipients).toBe(200);

    const done = await untilFinished(send.id);
    expect(done).toMatchObject({ status: 'done', recipients: 200, sentCount: 200, failedCount: 0 });
    expect(done.finishedAt).toBeInstanceOf(Date);
    expect((await ctx.database.db.select().from(newsletterDraft))[0]?.isToSend).toBe(false);

    const mails = newsletters('Edição de maio');
    expect(mails).toHaveLength(200);
    expect(new Set(recipientsOf(mails)).size).toBe(200);

    const byEmail = new Map(subscribers.map((s) => [s.email, s]));
    for (const mail of mails) {
      const subscriber = byEmail.get(mail.rawTo[0] ?? '')!;
      const token = subscriber.unsubscribeToken!;
      expect(header(mail, 'list-unsubscribe')).toBe(`<http://loja.test/api/newsletter/unsubscribe?token=${token}>`);
      expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      // An automatic message (RFC 3834): auto-replies must not answer it.
      expect(header(mail, 'auto-submitted')).toBe('auto-generated');
      expect(mail.text).toContain(`http://loja.test/newsletter/unsubscribe?token=${token}`);
      expect(mail.html).toContain('<strong>Edição de maio</strong>');
    }

    // The one-click call a mail provider makes, for every recipient: each link unsubscribes its own reader.
    for (const mail of mails) {
      const url = new URL(/<(.+)>/.exec(header(mail, 'list-unsubscribe') ?? '')![1]!);
      const res = await ctx.app.inject({
        method: 'POST',
        url: url.pathname + url.search,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(200);
    }
    const left = await ctx.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.status, 'confirmed'));
    expect(left).toHaveLength(0);

    const history = await ctx.app.inject({ method: 'GET', url: '/api/newsletter/sends', headers: { cookie: adminCookie } });
    expect(history.json()[0]).toMatchObject({ id: send.id, title: 'Edição de maio', status: 'done', recipients: 200, sent: 200, failed: 0 });
  });

  it('resumes a send stopped half-way by a shutdown in a new process, still delivering exactly 200', async () => {
    await addConfirmedSubscribers(200);
    const first = await anotherProcess();
    const send = await startSend('Edição de junho');
    first.jobs.start();
    const deadline = Date.now() + 20_000;
    while (newsletters('Edição de junho').length < 60 && Date.now() < deadline) await sleep(10);
    await first.close();
    const before = newsletters('Edição de junho').length;
    expect(before).toBeGreaterThanOrEqual(60);
    expect(before).toBeLessThan(200);
    expect((await sendRow(send.id)).status).toBe('sending');

    const second = await anotherProcess();
    try {
      const done = await untilFinished(send.id, [second]);
      expect(done).toMatchObject({ status: 'done', recipients: 200, sentCount: 200, failedCount: 0 });
    } finally {
      await second.close();
    }
    const mails = newsletters('Edição de junho');
    expect(mails).toHaveLength(200);
    expect(new Set(recipientsOf(mails)).size).toBe(200);
  });

  it('recovers from a process that died in the middle of a message: the others resume and nobody is mailed twice', async () => {
    await addConfirmedSubscribers(200);
    let handed = 0;
    // This process hangs for good on its 71st message, as if it were killed mid-conversation.
    const dying = await anotherProcess({
      mailer: {
        send: (message) => (++handed === 71 ? new Promise<void>(() => {}) : ctx.app.mailer.send(message)),
        close: () => {},
      },
    });
    const send = await startSend('Edição de julho');
    void dying.jobs.drain();
    const deadline = Date.now() + 20_000;
    while (handed < 71 && Date.now() < deadline) await sleep(10);
    expect(newsletters('Edição de julho')).toHaveLength(70);

    // Time passes: the dead process's leases (its job and its one recipient) run out.
    await ctx.database.db.execute(sql`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE type = ${newsletterSendJob.name} AND done_at IS NULL`);
    const leased = await ctx.database.db
      .update(newsletterDeliveries)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(and(eq(newsletterDeliveries.sendId, send.id), eq(newsletterDeliveries.status, 'pending'), sql`locked_until IS NOT NULL`))
      .returning();
    expect(leased).toHaveLength(1);

    // Two live processes share the rest.
    const a = await anotherProcess();
    const b = await anotherProcess();
    try {
      const done = await untilFinished(send.id, [a, b]);
      expect(done).toMatchObject({ status: 'done', sentCount: 200, failedCount: 0 });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    const mails = newsletters('Edição de julho');
    expect(mails).toHaveLength(200);
    expect(new Set(recipientsOf(mails)).size).toBe(200);
  });

  it('retries recipients the mail server refuses for now and counts those it refuses for good', async () => {
    useQuickRetries(ctx.app);
    await addConfirmedSubscribers(20, 'ok');
    await addConfirmedSubscribers(3, 'recusa-definitiva');
    await addConfirmedSubscribers(4, 'recusa-uma-vez');
    await addConfirmedSubscribers(2, 'recusa-sempre');
    const refusals = new Map<string, number>();
    ctx.mailbox.refuse((to) => {
      refusals.set(to, (refusals.get(to) ?? 0) + 1);
      if (to.startsWith('recusa-definitiva')) return 550;
      if (to.startsWith('recusa-sempre')) return 451;
      if (to.startsWith('recusa-uma-vez') && refusals.get(to) === 1) return 451;
      return undefined;
    });
    const send = await startSend('Edição de agosto');
    const done = await untilFinished(send.id);
    expect(done).toMatchObject({ status: 'done', recipients: 29, sentCount: 24, failedCount: 5 });

    const mails = newsletters('Edição de agosto');
    expect(mails).toHaveLength(24);
    expect(new Set(recipientsOf(mails)).size).toBe(24);
    const ledger = await ctx.database.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.sendId, send.id));
    const row = (prefix: string) => ledger.filter((d) => d.email.startsWith(prefix));
    expect(row('recusa-definitiva').map((d) => [d.status, d.attempts])).toEqual(Array(3).fill(['failed', 1]));
    expect(row('recusa-uma-vez').map((d) => [d.status, d.attempts])).toEqual(Array(4).fill(['sent', 2]));
    expect(row('recusa-sempre').map((d) => [d.status, d.attempts])).toEqual(Array(2).fill(['failed', 3]));
    expect(row('recusa-sempre')[0]?.lastError).toContain('Try again later');
    expect(row('recusa-definitiva')[0]?.lastError).toContain('Mailbox unavailable');
    expect(refusals.get('recusa-sempre000@example.pt')).toBe(3);
  });

  it('waits, without failing anyone, while the mail server cannot be reached', async () => {
    await addConfirmedSubscribers(10);
    useQuickRetries(ctx.app, {
      mailer: { send: async () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' })), close: () => {} },
    });
    const send = await startSend('Edição de setembro');
    await ctx.app.jobs.drain();
    expect(await sendRow(send.id)).toMatchObject({ status: 'sending', sentCount: 0, failedCount: 0 });
    const ledger = await ctx.database.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.sendId, send.id));
    expect(ledger.every((d) => d.status === 'pending' && d.attempts === 0)).toBe(true);
    const [next] = await ctx.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, newsletterSendJob.name), sql`done_at IS NULL`, sql`payload->>'sendId' = ${String(send.id)}`));
    expect(next!.runAt.getTime()).toBeGreaterThan(Date.now());

    useQuickRetries(ctx.app);
    const done = await untilFinished(send.id);
    expect(done).toMatchObject({ status: 'done', sentCount: 10, failedCount: 0 });
    expect(newsletters('Edição de setembro')).toHaveLength(10);
  });

  it('keeps to the pace, skips readers who leave mid-send, and stops when the switch is turned off', async () => {
    // 300 a minute: batches of 50, one every 10 s.
    useQuickRetries(ctx.app, { sendPerMinute: 300 });
    const subscribers = await addConfirmedSubscribers(120);
    const send = await startSend('Edição de outubro');
    const started = Date.now();
    await ctx.app.jobs.drain();
    expect(newsletters('Edição de outubro')).toHaveLength(50);
    const [next] = await ctx.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, newsletterSendJob.name), sql`done_at IS NULL`, sql`payload->>'sendId' = ${String(send.id)}`));
    expect(next!.runAt.getTime()).toBeGreaterThanOrEqual(started + 9_000);

    // Two readers not yet served unsubscribe; the next batch leaves them out.
    for (const s of subscribers.slice(-2)) {
      await ctx.app.inject({ method: 'GET', url: `/api/newsletter/unsubscribe?token=${s.unsubscribeToken}` });
    }
    await ctx.database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, next!.id));
    await ctx.app.jobs.drain();
    expect(newsletters('Edição de outubro')).toHaveLength(100);
    expect(await sendRow(send.id)).toMatchObject({ status: 'sending', recipients: 118, sentCount: 100 });

    const off = await ctx.app.inject({ method: 'PUT', url: '/api/newsletter/isToSend', headers: { cookie: adminCookie } });
    expect(off.json().isToSend).toBe(false);
    await ctx.database.db.update(jobs).set({ runAt: new Date() }).where(and(eq(jobs.type, newsletterSendJob.name), sql`done_at IS NULL`));
    await ctx.app.jobs.drain();
    expect(newsletters('Edição de outubro')).toHaveLength(100);
    expect(await sendRow(send.id)).toMatchObject({ status: 'stopped', recipients: 118, sentCount: 100, failedCount: 0 });
    const unsent = await ctx.database.db
      .select()
      .from(newsletterDeliveries)
      .where(and(eq(newsletterDeliveries.sendId, send.id), eq(newsletterDeliveries.status, 'pending')));
    expect(unsent).toHaveLength(18);
  });
});

import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { newsletterConsent, newsletterMessages, sendStartedMessage, testSentMessage } from '#shared/schemas/newsletter.ts';
import { deliverMail, signedInUser, uniqueEmail, useTestApp } from '../../../../tests/helpers/app.ts';
import { linkIn } from '../../../../tests/helpers/mailbox.ts';
import { newsletterDeliveries, newsletterDraft, newsletterSends, newsletterSubscribers } from './tables.ts';

const ctx = useTestApp({ NEWSLETTER_RATE_LIMIT: '4' });

let ipCounter = 0;
/** Each test subscribes from an address of its own, so the rate limit of one does not spill into another. */
const newIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const subscribe = (email: unknown, ip = newIp()) =>
  ctx.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } as object, remoteAddress: ip });
const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const rowsFor = (email: string) =>
  ctx.database.db.select().from(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()}`);

/** The confirmation mails sent to an address so far (after running the mail queue). */
async function confirmations(email: string) {
  await deliverMail(ctx);
  return ctx.mailbox.to(email).filter((m) => m.subject === 'Confirme a subscrição da newsletter');
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

async function confirmedSubscriber(email = uniqueEmail('leitor')) {
  expect((await subscribe(email)).statusCode).toBe(200);
  const [mail] = await confirmations(email);
  const verified = await get(`/api/newsletter/verify?token=${tokenOf(linkIn(mail))}`);
  expect(verified.statusCode).toBe(200);
  const [row] = await rowsFor(email);
  return row!;
}

describe('subscribing from the footer form', () => {
  it('stores a pending subscription with the consent and mails a confirmation link', async () => {
    const email = uniqueEmail('nova');
    const ip = newIp();
    const res = await subscribe(email, ip);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: newsletterMessages.subscribed });

    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', consentIp: ip, consentText: newsletterConsent.text, subscribedAt: null });
    expect(Date.now() - rows[0]!.consentAt.getTime()).toBeLessThan(60_000);
    expect(rows[0]!.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.unsubscribeToken).toBeTruthy();

    const [mail, ...more] = await confirmations(email);
    expect(more).toHaveLength(0);
    const link = new URL(linkIn(mail));
    expect(link.origin + link.pathname).toBe('http://loja.test/newsletter/verify');
    // Only the hash is kept: the token in the mail is not what the database holds.
    expect(rows[0]!.confirmTokenHash).not.toBe(tokenOf(link.href));
  });

  it('answers a pending address the same, keeps one row and mails the link again only after a few minutes', async () => {
    const email = uniqueEmail('pendente');
    expect((await subscribe(email)).json()).toEqual({ message: newsletterMessages.subscribed });
    const again = await subscribe(email.toUpperCase());
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: newsletterMessages.subscribed });
    expect(await rowsFor(email)).toHaveLength(1);
    expect(await confirmations(email)).toHaveLength(1);

    // Minutes later the person asks again: a fresh link, and only the newest one works.
    await ctx.database.db
      .update(newsletterSubscribers)
      .set({ confirmSentAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(newsletterSubscribers.email, email));
    expect((await subscribe(email)).json()).toEqual({ message: newsletterMessages.subscribed });
    const mails = await confirmations(email);
    expect(mails).toHaveLength(2);
    expect(await rowsFor(email)).toHaveLength(1);
    const [first, second] = mails.map((m) => tokenOf(linkIn(m)));
    expect((await get(`/api/newsletter/verify?token=${first}`)).json().error).toBe(newsletterMessages.linkInvalid);
    expect((await get(`/api/newsletter/verify?token=${second}`)).statusCode).toBe(200);
  });

  it('answers a confirmed address the same, sends it nothing and keeps one confirmed row', async () => {
    const row = await confirmedSubscriber();
    expect(row.status).toBe('confirmed');
    const before = (await confirmations(row.email)).length;
    const res = await subscribe(row.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: newsletterMessages.subscribed });
    expect(await confirmations(row.email)).toHaveLength(before);
    const rows = await rowsFor(row.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'confirmed', confirmTokenHash: null });
    expect(rows[0]!.subscribedAt).toEqual(row.subscribedAt);
  });

  it('refuses a bad or missing e-mail with the field message and stores nothing', async () => {
    const bad = await subscribe('isto-não-é-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: messages.emailInvalid, fields: { email: messages.emailInvalid } });
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/newsletter', payload: {}, remoteAddress: newIp() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.email).toBe(messages.emailInvalid);
    expect(await rowsFor('isto-não-é-email')).toHaveLength(0);
  });

  it('limits how often one address can use the form, with the pt-PT 429', async () => {
    const ip = newIp();
    for (let i = 0; i < 4; i++) expect((await subscribe(uniqueEmail('limite'), ip)).statusCode).toBe(200);
    const email = uniqueEmail('limite');
    const limited = await subscribe(email, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', error: messages.tooManyRequests });
    expect(await rowsFor(email)).toHaveLength(0);
    expect((await subscribe(email)).statusCode).toBe(200);
  });
});

describe('confirming and unsubscribing', () => {
  it('confirms once with the mailed link; a used, unknown, expired or missing token is refused', async () => {
    const email = uniqueEmail('confirma');
    await subscribe(email);
    const [mail] = await confirmations(email);
    const token = tokenOf(linkIn(mail));
    const ok = await get(`/api/newsletter/verify?token=${token}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: newsletterMessages.confirmed });
    const [row] = await rowsFor(email);
    expect(row).toMatchObject({ status: 'confirmed', confirmTokenHash: null });
    expect(row!.subscribedAt).toBeInstanceOf(Date);

    const used = await get(`/api/newsletter/verify?token=${token}`);
    expect(used.statusCode).toBe(400);
    expect(used.json().error).toBe(newsletterMessages.linkInvalid);
    const unknown = await get('/api/newsletter/verify?token=nao-existe-este-token');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(newsletterMessages.linkInvalid);
    expect((await get('/api/newsletter/verify')).statusCode).toBe(400);

    const late = uniqueEmail('atrasado');
    await subscribe(late);
    const lateToken = tokenOf(linkIn((await confirmations(late))[0]));
    await ctx.database.db
      .update(newsletterSubscribers)
      .set({ confirmSentAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(newsletterSubscribers.email, late));
    const expired = await get(`/api/newsletter/verify?token=${lateToken}`);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe(newsletterMessages.linkExpired);
    expect((await rowsFor(late))[0]?.status).toBe('pending');
  });

  it('unsubscribes with the token; again says it already was; an unknown token is refused', async () => {
    const row = await confirmedSubscriber();
    const url = `/api/newsletter/unsubscribe?token=${row.unsubscribeToken}`;
    const ok = await get(url);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: newsletterMessages.unsubscribed });
    const [after] = await rowsFor(row.email);
    expect(after?.status).toBe('unsubscribed');
    expect(after?.unsubscribedAt).toBeInstanceOf(Date);

    const again = await get(url);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: newsletterMessages.alreadyUnsubscribed });
    const unknown = await get('/api/newsletter/unsubscribe?token=desconhecido');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(newsletterMessages.unsubscribeLinkInvalid);
  });

  it("takes a mail provider's one-click POST from any origin, but other calls still refuse foreign origins", async () => {
    const row = await confirmedSubscriber();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe?token=${row.unsubscribeToken}`,
      headers: { origin: 'https://mail.provider.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: newsletterMessages.unsubscribed });
    expect((await rowsFor(row.email))[0]?.status).toBe('unsubscribed');

    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { origin: 'https://evil.example' },
      payload: { email: uniqueEmail('csrf') },
      remoteAddress: newIp(),
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('lets someone who unsubscribed subscribe again, with fresh consent and a new confirmation', async () => {
    const row = await confirmedSubscriber();
    await get(`/api/newsletter/unsubscribe?token=${row.unsubscribeToken}`);
    const before = (await confirmations(row.email)).length;
    expect((await subscribe(row.email)).json()).toEqual({ message: newsletterMessages.subscribed });
    const [pending] = await rowsFor(row.email);
    expect(pending).toMatchObject({ status: 'pending', unsubscribedAt: null, unsubscribeToken: row.unsubscribeToken });
    const mails = await confirmations(row.email);
    expect(mails).toHaveLength(before + 1);
    expect((await get(`/api/newsletter/verify?token=${tokenOf(linkIn(mails.at(-1)))}`)).statusCode).toBe(200);
  });
});

describe('the API document', () => {
  it('publishes the newsletter calls', async () => {
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/newsletter',
        '/api/newsletter/verify',
        '/api/newsletter/unsubscribe',
        '/api/newsletter/subscribers',
        '/api/newsletter/{email}',
        '/api/newsletter/content',
        '/api/newsletter/isToSend',
        '/api/newsletter/test',
        '/api/newsletter/sends',
      ]),
    );
  });
});

describe('the back office', () => {
  let adminCookie: string;
  let adminEmail: string;
  let customerCookie: string;
  beforeAll(async () => {
    const admin = await signedInUser(ctx, { isAdmin: true, username: 'Ana Admin' });
    adminCookie = admin.cookie;
    adminEmail = admin.user.email;
    customerCookie = (await signedInUser(ctx)).cookie;
  });

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  it('refuses every admin call to visitors (401) and customers (403), changing nothing', async () => {
    const row = await confirmedSubscriber();
    const adminCalls = [
      ['GET', '/api/newsletter/subscribers'],
      ['DELETE', `/api/newsletter/${encodeURIComponent(row.email)}`],
      ['GET', '/api/newsletter/content'],
      ['PUT', '/api/newsletter/content', { title: 'Intruso', value: '<p>Olá</p>' }],
      ['GET', '/api/newsletter/isToSend'],
      ['PUT', '/api/newsletter/isToSend'],
      ['POST', '/api/newsletter/test'],
      ['GET', '/api/newsletter/sends'],
    ] as const;
    for (const [method, url, payload] of adminCalls) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url} as a visitor`).toBe(401);
      const asCustomer = await call(method, url, customerCookie, payload);
      expect(asCustomer.statusCode, `${method} ${url} as a customer`).toBe(403);
      expect(asCustomer.json().error).toBe(messages.forbidden);
    }
    expect(await rowsFor(row.email)).toHaveLength(1);
    const [draft] = await ctx.database.db.select().from(newsletterDraft);
    expect(draft).toMatchObject({ title: '', isToSend: false });
  });

  it('lists subscribers with their state and deletes one by e-mail', async () => {
    const confirmed = await confirmedSubscriber();
    const pendingEmail = uniqueEmail('lista');
    await subscribe(pendingEmail);
    const list = await call('GET', '/api/newsletter/subscribers', adminCookie);
    expect(list.statusCode).toBe(200);
    const rows = list.json() as { email: string; status: string; subscribed_at: string | null; created_at: string }[];
    expect(rows.find((r) => r.email === confirmed.email)).toMatchObject({
      status: 'confirmed',
      subscribed_at: confirmed.subscribedAt?.toISOString(),
    });
    expect(rows.find((r) => r.email === pendingEmail)).toMatchObject({ status: 'pending', subscribed_at: null });

    const removed = await call('DELETE', `/api/newsletter/${encodeURIComponent(pendingEmail.toUpperCase())}`, adminCookie);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: newsletterMessages.subscriberDeleted });
    expect(await rowsFor(pendingEmail)).toHaveLength(0);
    const again = await call('DELETE', `/api/newsletter/${encodeURIComponent(pendingEmail)}`, adminCookie);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(newsletterMessages.subscriberNotFound);
    const bad = await call('DELETE', '/api/newsletter/nao-e-email', adminCookie);
    expect(bad.statusCode).toBe(400);
  });

  it('saves the title and content sanitised, and refuses them empty', async () => {
    const saved = await call('PUT', '/api/newsletter/content', adminCookie, {
      title: '  Novidades de março ',
      value: '<h2>Olá!</h2><p onclick="x()">Temos <strong>novidades</strong>.<script>alert(1)</script></p><img src="x" onerror="y()">',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ title: 'Novidades de março', value: '<h2>Olá!</h2><p>Temos <strong>novidades</strong>.</p>' });
    expect((await call('GET', '/api/newsletter/content', adminCookie)).json()).toEqual(saved.json());

    const empty = await call('PUT', '/api/newsletter/content', adminCookie, { title: ' ', value: '<p></p>' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ title: newsletterMessages.titleRequired, value: newsletterMessages.contentRequired });
    // Nothing but markup that the sanitiser drops is no content either.
    const onlyScript = await call('PUT', '/api/newsletter/content', adminCookie, { title: 'Título', value: '<script>alert(1)</script>' });
    expect(onlyScript.statusCode).toBe(400);
    expect(onlyScript.json().fields).toEqual({ value: newsletterMessages.contentRequired });
    expect((await call('GET', '/api/newsletter/content', adminCookie)).json().title).toBe('Novidades de março');
  });

  it("mails a test of the saved draft to the admin's own address", async () => {
    await call('PUT', '/api/newsletter/content', adminCookie, { title: 'Teste de envio', value: '<p>Conteúdo de teste</p>' });
    const res = await call('POST', '/api/newsletter/test', adminCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: testSentMessage(adminEmail) });
    await deliverMail(ctx);
    const [mail] = ctx.mailbox.to(adminEmail).filter((m) => m.subject === '[Teste] Teste de envio');
    expect(mail?.html).toContain('<p>Conteúdo de teste</p>');
    expect(mail?.text).toContain('Conteúdo de teste');
    expect(mail?.headers.some((h) => h.key === 'list-unsubscribe')).toBe(false);
  });

  it('turns the send switch on (freezing the draft for every confirmed subscriber) and off (stopping the send)', async () => {
    await call('PUT', '/api/newsletter/content', adminCookie, { title: 'Edição de abril', value: '<p>Abril</p>' });
    const confirmedCount = (await ctx.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.status, 'confirmed')))
      .length;
    expect((await call('GET', '/api/newsletter/isToSend', adminCookie)).json()).toEqual({ isToSend: false });

    const on = await call('PUT', '/api/newsletter/isToSend', adminCookie);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ isToSend: true, message: sendStartedMessage(confirmedCount) });
    expect((await call('GET', '/api/newsletter/isToSend', adminCookie)).json()).toEqual({ isToSend: true });
    const [send] = await ctx.database.db.select().from(newsletterSends).where(eq(newsletterSends.status, 'sending'));
    expect(send).toMatchObject({ title: 'Edição de abril', content: '<p>Abril</p>', recipients: confirmedCount });
    expect(await ctx.database.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.sendId, send!.id))).toHaveLength(
      confirmedCount,
    );

    // Asking for the state it is already in changes nothing (a second click must not start a second send).
    const still = await call('PUT', '/api/newsletter/isToSend', adminCookie, { isToSend: true });
    expect(still.json().isToSend).toBe(true);
    expect(await ctx.database.db.select().from(newsletterSends).where(eq(newsletterSends.status, 'sending'))).toHaveLength(1);

    const off = await call('PUT', '/api/newsletter/isToSend', adminCookie);
    expect(off.json()).toEqual({ isToSend: false, message: newsletterMessages.sendStopped });
    const [stopped] = await ctx.database.db.select().from(newsletterSends).where(eq(newsletterSends.id, send!.id));
    expect(stopped).toMatchObject({ status: 'stopped', sentCount: 0 });
    expect(stopped?.finishedAt).toBeInstanceOf(Date);

    const history = await call('GET', '/api/newsletter/sends', adminCookie);
    expect(history.json()[0]).toMatchObject({ id: send!.id, title: 'Edição de abril', status: 'stopped', recipients: confirmedCount, sent: 0 });
    // The stopped send's queued batch finds it stopped and mails no one.
    await deliverMail(ctx);
    expect(ctx.mailbox.received.filter((m) => m.subject === 'Edição de abril')).toHaveLength(0);
  });

  it('refuses to send an incomplete draft or to nobody', async () => {
    await ctx.database.db.update(newsletterDraft).set({ title: '', content: '' });
    const incomplete = await call('PUT', '/api/newsletter/isToSend', adminCookie);
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().error).toBe(newsletterMessages.draftIncomplete);
    expect((await call('POST', '/api/newsletter/test', adminCookie)).statusCode).toBe(400);

    await call('PUT', '/api/newsletter/content', adminCookie, { title: 'Para ninguém', value: '<p>Vazio</p>' });
    await ctx.database.db.update(newsletterSubscribers).set({ status: 'unsubscribed' });
    const nobody = await call('PUT', '/api/newsletter/isToSend', adminCookie);
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json().error).toBe(newsletterMessages.noSubscribers);
    expect((await call('GET', '/api/newsletter/isToSend', adminCookie)).json()).toEqual({ isToSend: false });
    expect(await ctx.database.db.select().from(newsletterSends).where(eq(newsletterSends.title, 'Para ninguém'))).toHaveLength(0);
  });
});

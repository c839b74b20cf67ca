import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { contactMessages as texts, type ContactMessagePage } from '#shared/schemas/contact.ts';
import { deliverMail, signedInUser, uniqueEmail, useTestApp, type TestContext } from '../../../../tests/helpers/app.ts';
import { contactMessages } from './tables.ts';

const SHOP_INBOX = 'caixa@loja.test';
const ctx = useTestApp({ SHOP_EMAIL: SHOP_INBOX, CONTACT_RATE_LIMIT: '3' });

let ipCounter = 0;
/** Each test writes from its own address: the per-IP limit of one test must not touch the others. */
const newIp = () => `10.0.0.${++ipCounter}`;

const send = (c: TestContext, payload: unknown, remoteAddress: string) =>
  c.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress });

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: 'Maria Silva',
  email: uniqueEmail('maria'),
  subject: 'Sessão de organização',
  message: 'Olá!\n\nGostava de marcar uma sessão para organizar a despensa.\nObrigada.',
  ...overrides,
});

const rowsFrom = (c: TestContext, email: string) => c.database.db.select().from(contactMessages).where(eq(contactMessages.email, email));

describe('contact form', () => {
  it('stores the message and mails it to the shop with Reply-To set to the sender', async () => {
    const body = valid();
    const res = await send(ctx, body, newIp());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: texts.sent });

    const [row] = await rowsFrom(ctx, body.email);
    expect(row).toMatchObject({ name: 'Maria Silva', subject: 'Sessão de organização', readAt: null });
    expect(row?.message).toBe(body.message);

    await deliverMail(ctx);
    const [mail] = ctx.mailbox.to(SHOP_INBOX).filter((m) => m.replyTo?.[0]?.address === body.email);
    expect(mail, 'no mail to the shop with Reply-To = sender').toBeDefined();
    expect(mail?.subject).toBe('Contacto: Sessão de organização');
    expect(mail?.text).toContain('Gostava de marcar uma sessão para organizar a despensa.');
    // The sender's address is named, defanged like all the visitor's text (decision 0026): Reply-To answers her.
    expect(mail?.text).toContain(body.email.replaceAll('.', '[.]'));
    expect(mail?.html).toContain('Maria Silva');
  });

  it('escapes what the visitor wrote in the HTML mail and keeps the subject on one line', async () => {
    const body = valid({ name: '<b>Eva</b>', subject: 'Olá\r\nBcc: alvo@example.pt', message: '<script>alert(1)</script>' });
    expect((await send(ctx, body, newIp())).statusCode).toBe(200);
    await deliverMail(ctx);
    const mail = ctx.mailbox.to(SHOP_INBOX).find((m) => m.replyTo?.[0]?.address === body.email);
    expect(mail?.subject).toBe('Contacto: Olá Bcc: alvo@example[.]pt');
    expect(mail?.rawTo).toEqual([SHOP_INBOX]);
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.html).toContain('&lt;script&gt;');
    expect(mail?.html).not.toContain('<b>Eva</b>');
  });

  it('answers 400 with a pt-PT message per field and stores nothing', async () => {
    // What each field says when it is left empty (or, for the e-mail, holds no address).
    const missing = { name: texts.nameRequired, email: messages.emailInvalid, subject: texts.subjectRequired, message: texts.messageRequired };
    const ip = newIp();
    const empty = await send(ctx, {}, ip);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual(missing);

    const email = uniqueEmail('invalido');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '   ' }, 'name', missing.name],
      [{ email: 'não-é-email' }, 'email', missing.email],
      [{ subject: '\n' }, 'subject', missing.subject],
      [{ message: '  ' }, 'message', missing.message],
      [{ name: 'a'.repeat(121) }, 'name', messages.tooLong],
      [{ subject: 'a'.repeat(201) }, 'subject', messages.tooLong],
      [{ message: 'a'.repeat(5001) }, 'message', messages.tooLong],
      [{ email: `${'a'.repeat(250)}@x.pt` }, 'email', messages.emailInvalid],
    ];
    // Three tries per address and window: spread the cases over addresses of their own.
    for (const [override, field, message] of cases) {
      const res = await send(ctx, valid({ email, ...override }), newIp());
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields?.[field], field).toBe(message);
    }
    expect(await rowsFrom(ctx, email)).toHaveLength(0);
    // The longest allowed values pass.
    const longest = valid({ name: 'a'.repeat(120), subject: 'b'.repeat(200), message: 'c'.repeat(5000) });
    expect((await send(ctx, longest, newIp())).statusCode).toBe(200);
  });

  it('answers 429 with the pt-PT message after the limit per address, and other addresses go on', async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i++) expect((await send(ctx, valid(), ip)).statusCode).toBe(200);
    const email = uniqueEmail('limitado');
    const limited = await send(ctx, valid({ email }), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', error: messages.tooManyRequests });
    expect(await rowsFrom(ctx, email)).toHaveLength(0);
    expect((await send(ctx, valid(), newIp())).statusCode).toBe(200);
  });
});

describe('admin messages', () => {
  it('lists messages newest first, paged, for admins only, and marks one read', async () => {
    const first = valid({ subject: 'Primeira' });
    const second = valid({ subject: 'Segunda' });
    await send(ctx, first, newIp());
    await send(ctx, second, newIp());

    expect((await ctx.app.inject({ method: 'GET', url: '/api/contact/messages' })).statusCode).toBe(401);
    const { cookie: customer } = await signedInUser(ctx);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/contact/messages', headers: { cookie: customer } })).statusCode).toBe(403);

    const { cookie } = await signedInUser(ctx, { isAdmin: true });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/contact/messages?pageSize=2', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    const page: ContactMessagePage = list.json();
    expect(page.messages.map((m) => m.subject)).toEqual(['Segunda', 'Primeira']);
    expect(page.messages[0]).toMatchObject({ name: 'Maria Silva', email: second.email, message: second.message, readAt: null });
    expect(page.pagination.pageSize).toBe(2);
    expect(page.pagination.totalPages).toBe(Math.ceil(page.pagination.total / 2));
    expect(page.unread).toBe(page.pagination.total);
    const pageTwo: ContactMessagePage = (
      await ctx.app.inject({ method: 'GET', url: '/api/contact/messages?pageSize=2&page=2', headers: { cookie } })
    ).json();
    expect(pageTwo.messages.map((m) => m.id)).not.toContain(page.messages[0]?.id);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/contact/messages?page=0', headers: { cookie } })).statusCode).toBe(400);

    const id = page.messages[0]?.id;
    const url = `/api/contact/messages/${id}/read`;
    expect((await ctx.app.inject({ method: 'PUT', url })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PUT', url, headers: { cookie: customer } })).statusCode).toBe(403);
    const read = await ctx.app.inject({ method: 'PUT', url, headers: { cookie } });
    expect(read.statusCode).toBe(200);
    const readAt = read.json().readAt as string;
    expect(Date.parse(readAt)).not.toBeNaN();
    // Reading it again keeps the first time.
    expect((await ctx.app.inject({ method: 'PUT', url, headers: { cookie } })).json().readAt).toBe(readAt);
    const after: ContactMessagePage = (await ctx.app.inject({ method: 'GET', url: '/api/contact/messages', headers: { cookie } })).json();
    expect(after.unread).toBe(page.unread - 1);

    const missing = await ctx.app.inject({ method: 'PUT', url: '/api/contact/messages/999999/read', headers: { cookie } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(texts.notFound);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/contact/messages/abc/read', headers: { cookie } })).statusCode).toBe(400);
  });

  it('answers the shop public details from the configuration', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/shop' });
    expect(res.statusCode).toBe(200);
    const { legalName, nif, address, phone, email, social } = ctx.config.shop;
    // And how long an order waits for its payment, for the terms page (#26), and the owner's withdrawal period (#28).
    expect(res.json()).toEqual({ legalName, nif, address, phone, email, social, paymentDeadlines: { multibancoMinutes: 24 * 60, mbwayMinutes: 120 }, withdrawalDays: 30 });
  });

  it('tells only an admin which shop details still hold their example values (issue #12)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/shop/setup' })).statusCode).toBe(401);
    const { cookie } = await signedInUser(ctx, { isAdmin: true });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/shop/setup', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().examples.map((x: { setting: string }) => x.setting)).toEqual(['SHOP_LEGAL_NAME', 'SHOP_NIF', 'SHOP_ADDRESS', 'SHOP_PHONE']);
  });
});

describe('contact form without a SHOP_EMAIL', () => {
  const plain = useTestApp({ SHOP_PUBLIC_EMAIL: 'publico@loja.test' });

  it('mails the shop public address', async () => {
    const body = valid();
    expect((await send(plain, body, '10.1.0.1')).statusCode).toBe(200);
    await deliverMail(plain);
    expect(plain.mailbox.to('publico@loja.test').some((m) => m.replyTo?.[0]?.address === body.email)).toBe(true);
  });
});

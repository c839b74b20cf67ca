import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { createUser, deliverMail, login, signedInUser, uniqueEmail, useTestApp } from '../../../../tests/helpers/app.ts';
import { linkIn } from '../../../../tests/helpers/mailbox.ts';
import { sessions, users, userTokens } from '../../db/schema.ts';

const ctx = useTestApp();

const post = (url: string, payload: unknown, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });

async function userRow(email: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('registration and verification', () => {
  it('creates an unverified customer, ignores role fields and mails a working verification link', async () => {
    const email = uniqueEmail('ana');
    const res = await post('/api/auth/register', {
      username: 'Ana Sousa',
      email,
      password: 'segredo1',
      isAdmin: true,
      isVerified: true,
      isBanned: false,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: messages.registered });

    const row = await userRow(email);
    expect(row).toMatchObject({ username: 'Ana Sousa', isAdmin: false, isVerified: false, isBanned: false });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);

    const blocked = await post('/api/auth/login', { email, password: 'segredo1' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'UNVERIFIED', error: messages.unverified });

    await deliverMail(ctx);
    const [mail] = ctx.mailbox.to(email);
    expect(mail?.subject).toBe('Confirme o seu email');
    expect(mail?.html).toContain('Confirmar email');
    const link = new URL(linkIn(mail));
    expect(link.origin + link.pathname).toBe('http://loja.test/auth/verify');

    const verified = await ctx.app.inject({ method: 'GET', url: `/api/auth/verify${link.search}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: messages.verified });
    expect((await userRow(email))?.isVerified).toBe(true);

    const again = await ctx.app.inject({ method: 'GET', url: `/api/auth/verify${link.search}` });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(messages.tokenInvalid);

    const ok = await post('/api/auth/login', { email, password: 'segredo1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ message: 'Login successful', user: { email, isAdmin: false } });
  });

  it('answers a taken e-mail (whatever its case) exactly like a new one, makes no second row, and tells the owner', async () => {
    const email = uniqueEmail('dup');
    const first = await post('/api/auth/register', { username: 'A', email, password: 'segredo1' });
    expect(first.statusCode).toBe(201);
    await deliverMail(ctx);
    ctx.mailbox.clear();
    const again = await post('/api/auth/register', { username: 'B', email: email.toUpperCase(), password: 'segredo1' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await ctx.database.db.select().from(users).where(eq(users.username, 'B'))).toHaveLength(0);
    await deliverMail(ctx);
    const note = ctx.mailbox.to(email);
    expect(note).toHaveLength(1);
    expect(note[0]?.subject).toBe('Já tem conta na Loja');
  });

  it('refuses a short password and a bad e-mail with field messages, storing nothing', async () => {
    const email = uniqueEmail('weak');
    const res = await post('/api/auth/register', { username: 'Fraca', email, password: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: messages.passwordMin6, fields: { password: messages.passwordMin6 } });
    const bad = await post('/api/auth/register', { username: 'Fraca', email: 'não-é-email', password: 'segredo1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.email).toBe(messages.emailInvalid);
    expect(await userRow(email)).toBeUndefined();
  });

  it('refuses an unknown or expired verification token', async () => {
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/auth/verify?token=nao-existe' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(messages.tokenInvalid);

    const email = uniqueEmail('late');
    await post('/api/auth/register', { username: 'Tarde', email, password: 'segredo1' });
    await deliverMail(ctx);
    const link = new URL(linkIn(ctx.mailbox.to(email)[0]));
    const user = await userRow(email);
    await ctx.database.db.update(userTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(userTokens.userId, user!.id));
    const expired = await ctx.app.inject({ method: 'GET', url: `/api/auth/verify${link.search}` });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe(messages.tokenExpired);
    expect((await userRow(email))?.isVerified).toBe(false);
  });

  it('resends the verification link to an unverified account and answers the same for anyone', async () => {
    const email = uniqueEmail('resend');
    await post('/api/auth/register', { username: 'Reenvio', email, password: 'segredo1' });
    await deliverMail(ctx);
    const known = await post('/api/auth/resend-verification', { email });
    const unknown = await post('/api/auth/resend-verification', { email: uniqueEmail('ninguem') });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    await deliverMail(ctx);
    expect(ctx.mailbox.to(email)).toHaveLength(2);
  });
});

describe('login and logout', () => {
  it('signs in with an HttpOnly SameSite=Lax cookie whose token is stored only hashed', async () => {
    const user = await createUser(ctx);
    const res = await post('/api/auth/login', { email: user.email.toUpperCase(), password: user.password });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'loja_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const stored = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toBe(cookie?.value);

    const profile = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie: `loja_session=${cookie?.value}` } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ id: user.id, email: user.email });
    expect(profile.json()).not.toHaveProperty('passwordHash');
  });

  it('leaves a readable signed-in hint beside the session, gives it back to a session without it and takes it from one that ended', async () => {
    const user = await createUser(ctx);
    const res = await post('/api/auth/login', { email: user.email, password: user.password });
    const session = res.cookies.find((c) => c.name === 'loja_session')?.value;
    expect(res.cookies.find((c) => c.name === 'loja_conta')).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(res.cookies.find((c) => c.name === 'loja_conta')?.httpOnly).toBeFalsy();

    // A session from before the hint existed gets it on its next call.
    const unhinted = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie: `loja_session=${session}` } });
    expect(unhinted.cookies.find((c) => c.name === 'loja_conta')?.value).toBe('1');
    const hinted = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie: `loja_session=${session}; loja_conta=1` } });
    expect(hinted.cookies.find((c) => c.name === 'loja_conta')).toBeUndefined();

    const out = await post('/api/auth/logout', {}, `loja_session=${session}; loja_conta=1`);
    expect(out.cookies.find((c) => c.name === 'loja_conta')?.value).toBe('');
    // The session is closed: a browser still holding both is told to drop the hint with the 401.
    const ended = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie: `loja_session=${session}; loja_conta=1` } });
    expect(ended.statusCode).toBe(401);
    expect(ended.cookies.find((c) => c.name === 'loja_conta')?.value).toBe('');
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const user = await createUser(ctx);
    const wrong = await post('/api/auth/login', { email: user.email, password: 'errada123' });
    const unknown = await post('/api/auth/login', { email: uniqueEmail('x'), password: 'errada123' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toBe(messages.wrongCredentials);
  });

  it('keeps a banned user out', async () => {
    const user = await createUser(ctx, { isBanned: true });
    const res = await post('/api/auth/login', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'BANNED', error: messages.banned });
  });

  it('ends the session on logout', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const res = await post('/api/auth/logout', {}, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'loja_session')?.value).toBe('');
    const stored = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(0);
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie } });
    expect(profile.statusCode).toBe(401);
  });
});

describe('forgot and reset password', () => {
  it('answers the same whether or not the e-mail exists, and mails only a real account', async () => {
    const user = await createUser(ctx);
    const known = await post('/api/auth/forgot-password', { email: user.email });
    const unknownEmail = uniqueEmail('desconhecido');
    const unknown = await post('/api/auth/forgot-password', { email: unknownEmail });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    await deliverMail(ctx);
    expect(ctx.mailbox.to(user.email)).toHaveLength(1);
    expect(ctx.mailbox.to(unknownEmail)).toHaveLength(0);
  });

  it('resets once with the mailed link, ends every session, and refuses reuse and short passwords', async () => {
    const { user, cookie } = await signedInUser(ctx);
    await post('/api/auth/forgot-password', { email: user.email });
    await deliverMail(ctx);
    const mail = ctx.mailbox.to(user.email).at(-1);
    expect(mail?.subject).toBe('Redefinir a palavra-passe');
    const link = new URL(linkIn(mail));
    expect(link.pathname).toMatch(/^\/recuperar-senha\/[\w-]{40,}$/);
    const token = link.pathname.split('/').at(-1);

    const short = await post('/api/auth/reset-password', { token, newPassword: '1234567' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.newPassword).toBe(messages.passwordMin8);

    const ok = await post('/api/auth/reset-password', { token, newPassword: 'nova-senha-1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: messages.passwordReset });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie } })).statusCode).toBe(401);

    const reused = await post('/api/auth/reset-password', { token, newPassword: 'outra-senha-2' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe(messages.tokenInvalid);

    expect((await post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(401);
    await login(ctx, user.email, 'nova-senha-1');
  });

  it('refuses an expired reset token (valid one hour)', async () => {
    const user = await createUser(ctx);
    await post('/api/auth/forgot-password', { email: user.email });
    await deliverMail(ctx);
    const token = new URL(linkIn(ctx.mailbox.to(user.email).at(-1))).pathname.split('/').at(-1);
    const [row] = await ctx.database.db.select().from(userTokens).where(eq(userTokens.userId, user.id));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(3_600_000 + 1000);
    await ctx.database.db.update(userTokens).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(userTokens.userId, user.id));
    const res = await post('/api/auth/reset-password', { token, newPassword: 'nova-senha-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(messages.tokenExpired);
  });
});

describe('platform', () => {
  it('answers unknown API paths with a JSON 404 and malformed JSON with a 400', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/nada-aqui' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', error: messages.notFound });
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe(messages.invalidInput);
  });

  it('refuses an unsafe request from a foreign origin', async () => {
    const user = await createUser(ctx);
    const loginFrom = (origin: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { origin }, payload: { email: user.email, password: user.password } });
    const res = await loginFrom('https://atacante.example');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FOREIGN_ORIGIN', error: messages.foreignOrigin });
    const own = await loginFrom('http://loja.test');
    expect(own.statusCode).toBe(200);
  });

  it('reports health and readiness, sends security headers and publishes the OpenAPI document', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['content-security-policy']).toContain("default-src 'self'");
    expect(ready.headers['x-content-type-options']).toBe('nosniff');
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/user/{id}']));
  });
});

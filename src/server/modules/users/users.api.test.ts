import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { createUser, deliverMail, login, signedInUser, uniqueEmail, useTestApp } from '../../../../tests/helpers/app.ts';
import { linkIn } from '../../../../tests/helpers/mailbox.ts';
import { sessions, users } from '../../db/schema.ts';

const ctx = useTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

const row = async (id: number) => (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0];
const sessionCount = async (userId: number) =>
  (await ctx.database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe('profile', () => {
  it('needs a session', async () => {
    const res = await call('GET', '/api/user/profile');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(messages.unauthenticated);
  });

  it('changes the username at once', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const res = await call('PUT', '/api/user/profile', cookie, { username: 'Nome Novo', email: user.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'Nome Novo', message: messages.profileUpdated });
    expect((await row(user.id))?.username).toBe('Nome Novo');
  });

  it('changes the e-mail only after the new address confirms it', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const newEmail = uniqueEmail('novo');
    const res = await call('PUT', '/api/user/profile', cookie, { username: user.username, email: newEmail });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: user.email, pendingEmail: newEmail, message: messages.emailChangePending });
    expect((await row(user.id))?.email).toBe(user.email);

    await deliverMail(ctx);
    const mail = ctx.mailbox.to(newEmail)[0];
    expect(mail?.subject).toBe('Confirme o seu novo email');
    const link = new URL(linkIn(mail));
    const confirmed = await call('GET', `/api/auth/verify${link.search}`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: messages.emailChanged });
    expect(await row(user.id)).toMatchObject({ email: newEmail, pendingEmail: null });
  });

  it("refuses another account's e-mail", async () => {
    const other = await createUser(ctx);
    const { user, cookie } = await signedInUser(ctx);
    const res = await call('PUT', '/api/user/profile', cookie, { username: user.username, email: other.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields.email).toBe(messages.emailTaken);
    expect(await row(user.id)).toMatchObject({ email: user.email, pendingEmail: null });
  });

  it('refuses a blank username', async () => {
    const { user, cookie } = await signedInUser(ctx);
    const res = await call('PUT', '/api/user/profile', cookie, { username: '   ', email: user.email });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.username).toBe(messages.usernameRequired);
  });
});

describe('change password', () => {
  it('checks the current password and keeps only the asking session', async () => {
    const user = await createUser(ctx);
    const other = await login(ctx, user.email, user.password);
    const cookie = await login(ctx, user.email, user.password);
    expect(await sessionCount(user.id)).toBe(2);

    const wrong = await call('POST', '/api/user/change-password', cookie, { currentPassword: 'errada', newPassword: 'nova-123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.currentPassword).toBe(messages.wrongCurrentPassword);

    const short = await call('POST', '/api/user/change-password', cookie, { currentPassword: user.password, newPassword: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.newPassword).toBe(messages.passwordMin6);

    const ok = await call('POST', '/api/user/change-password', cookie, { currentPassword: user.password, newPassword: 'nova-123' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: messages.passwordChanged });
    expect((await call('GET', '/api/user/profile', cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/user/profile', other)).statusCode).toBe(401);
    await login(ctx, user.email, 'nova-123');
  });
});

describe('admin users', () => {
  const adminCalls: [Method, string, object?][] = [
    ['GET', '/api/user'],
    ['GET', '/api/user/1'],
    ['POST', '/api/user', { username: 'X', email: 'x@example.pt', password: 'segredo1' }],
    ['PUT', '/api/user/1', { username: 'X', email: 'x@example.pt' }],
    ['DELETE', '/api/user/1'],
  ];

  it('answers 401 to visitors and 403 to customers on every admin call', async () => {
    const { cookie } = await signedInUser(ctx);
    for (const [method, url, payload] of adminCalls) {
      const visitor = await call(method, url, undefined, payload);
      expect(visitor.statusCode, `${method} ${url} visitor`).toBe(401);
      const customer = await call(method, url, cookie, payload);
      expect(customer.statusCode, `${method} ${url} customer`).toBe(403);
      expect(customer.json().error).toBe(messages.forbidden);
    }
  });

  it('lists, creates, edits and deletes users', async () => {
    const { user: admin, cookie } = await signedInUser(ctx, { isAdmin: true });
    const email = uniqueEmail('criado');
    const created = await call('POST', '/api/user', cookie, {
      username: 'Criado',
      email,
      password: 'segredo1',
      isVerified: true,
      isAdmin: false,
      isBanned: false,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(await row(id)).toMatchObject({ username: 'Criado', email, isVerified: true, isAdmin: false });

    const list = await call('GET', '/api/user', cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((u: { id: number }) => u.id)).toEqual(expect.arrayContaining([admin.id, id]));

    const duplicate = await call('POST', '/api/user', cookie, { username: 'Outro', email, password: 'segredo1' });
    expect(duplicate.statusCode).toBe(409);

    const noPassword = await call('POST', '/api/user', cookie, { username: 'Sem', email: uniqueEmail('sem') });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().fields.password).toBe(messages.passwordMin6);

    const hashBefore = (await row(id))?.passwordHash;
    const edited = await call('PUT', `/api/user/${id}`, cookie, {
      username: 'Editado',
      email,
      password: '',
      isAdmin: true,
      isBanned: false,
      isVerified: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ username: 'Editado', isAdmin: true, passwordHash: hashBefore });
    await login(ctx, email, 'segredo1');

    const repassword = await call('PUT', `/api/user/${id}`, cookie, {
      username: 'Editado',
      email,
      password: 'outra-senha',
      isAdmin: true,
      isBanned: false,
      isVerified: true,
    });
    expect(repassword.statusCode).toBe(200);
    await login(ctx, email, 'outra-senha');

    expect((await call('GET', `/api/user/${id}`, cookie)).json()).toMatchObject({ id, username: 'Editado' });
    const deleted = await call('DELETE', `/api/user/${id}`, cookie);
    expect(deleted.statusCode).toBe(200);
    expect(await row(id)).toBeUndefined();
    expect((await call('GET', `/api/user/${id}`, cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/user/${id}`, cookie)).statusCode).toBe(404);
  });

  it('bans a user: open sessions end and login is refused', async () => {
    const { cookie } = await signedInUser(ctx, { isAdmin: true });
    const { user, cookie: userCookie } = await signedInUser(ctx);
    const res = await call('PUT', `/api/user/${user.id}`, cookie, {
      username: user.username,
      email: user.email,
      isBanned: true,
      isVerified: true,
      isAdmin: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().isBanned).toBe(true);
    expect(await sessionCount(user.id)).toBe(0);
    expect((await call('GET', '/api/user/profile', userCookie)).statusCode).toBe(401);
    const again = await call('POST', '/api/auth/login', undefined, { email: user.email, password: user.password });
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toBe(messages.banned);
  });

  it('does not let an admin delete, ban or un-admin themselves', async () => {
    const { user: admin, cookie } = await signedInUser(ctx, { isAdmin: true });
    const del = await call('DELETE', `/api/user/${admin.id}`, cookie);
    expect(del.statusCode).toBe(400);
    expect(del.json().error).toBe(messages.cannotDeleteSelf);
    const demote = await call('PUT', `/api/user/${admin.id}`, cookie, {
      username: admin.username,
      email: admin.email,
      isAdmin: false,
      isVerified: true,
    });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().error).toBe(messages.cannotDemoteSelf);
    const ban = await call('PUT', `/api/user/${admin.id}`, cookie, {
      username: admin.username,
      email: admin.email,
      isAdmin: true,
      isBanned: true,
      isVerified: true,
    });
    expect(ban.statusCode).toBe(400);
    expect(await row(admin.id)).toMatchObject({ isAdmin: true, isBanned: false });
  });

  it('answers 400 for a malformed id and 409 for an e-mail taken by someone else', async () => {
    const { cookie } = await signedInUser(ctx, { isAdmin: true });
    expect((await call('GET', '/api/user/abc', cookie)).statusCode).toBe(400);
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    const res = await call('PUT', `/api/user/${b.id}`, cookie, { username: b.username, email: a.email, isVerified: true });
    expect(res.statusCode).toBe(409);
    expect((await row(b.id))?.email).toBe(b.email);
  });
});

import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { createUser, deliverMail, PUBLIC_URL, uniqueEmail, useTestApp } from '../../../../tests/helpers/app.ts';
import { linkIn } from '../../../../tests/helpers/mailbox.ts';
import { useTwoApps } from '../../../../tests/helpers/two-apps.ts';
import type { App } from '../../app.ts';
import { loginFailures, userTokens } from '../../db/schema.ts';
import { issueToken } from './tokens.ts';

// Issue #26, "the owner locked out of her own back office": the per-account lock counts each attempt before
// its password is checked, a reset or a mailed sign-in link lifts it, it grows to 15 minutes at most, and
// the owner hears of it once, with the addresses seen. Decision record 0027.

const ctx = useTestApp();
const WARNING = 'Tentativas de início de sessão falhadas';

const attempt = (app: App, remoteAddress: string, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
const hundredGuesses = (email: string, apps: App[]) =>
  Promise.all(Array.from({ length: 100 }, (_, i) => attempt(apps[i % apps.length] as App, `10.26.${i >> 8}.${i & 255}`, email, `errada-${i}`)));
const failuresOf = (email: string) => eq(loginFailures.emailHash, createHash('sha256').update(email.toLowerCase()).digest('hex'));

async function lockedOut(email: string) {
  for (let i = 0; i < 5; i++) await attempt(ctx.app, `10.27.0.${i + 1}`, email, 'errada');
  expect((await attempt(ctx.app, '10.27.1.1', email, 'errada')).json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });
}

describe('the per-account login lock', () => {
  it('checks at most 5 of 100 parallel wrong guesses, and warns the owner once with the addresses seen', async () => {
    const owner = await createUser(ctx, { isAdmin: true });
    const answers = await hundredGuesses(owner.email, [ctx.app]);
    // A 401 is a password checked by argon2; a 429 was refused before any check.
    expect(answers.filter((res) => res.statusCode === 401)).toHaveLength(5);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(95);
    const locked = answers.find((res) => res.statusCode === 429);
    expect(locked?.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', message: messages.loginLocked, retryAfterSeconds: expect.any(Number) });

    // Guesses after the lock ends are a further failure each, not a further warning.
    await ctx.database.db.update(loginFailures).set({ lockedUntil: sql`now() - interval '1 second'` }).where(failuresOf(owner.email));
    expect((await attempt(ctx.app, '10.26.9.9', owner.email, 'errada')).statusCode).toBe(401);
    await deliverMail(ctx);
    const warnings = ctx.mailbox.to(owner.email).filter((mail) => mail.subject === WARNING);
    expect(warnings).toHaveLength(1);
    const seen = warnings[0]?.text?.match(/10\.26\.0\.\d+/g) ?? [];
    expect(new Set(seen).size).toBe(5);
    expect(warnings[0]?.text).toContain('peça uma ligação para entrar');
  }, 60_000);

  it('grows the wait to 15 minutes at most (LOGIN_LOCK_MAX_MINUTES)', async () => {
    const user = await createUser(ctx);
    await lockedOut(user.email);
    const waitOf = async () => {
      const [row] = await ctx.database.db.select({ s: sql<number>`extract(epoch from (${loginFailures.lockedUntil} - now()))` }).from(loginFailures).where(failuresOf(user.email));
      return Number(row?.s);
    };
    for (let i = 0; i < 12; i++) {
      await ctx.database.db.update(loginFailures).set({ lockedUntil: sql`now() - interval '1 second'` }).where(failuresOf(user.email));
      expect((await attempt(ctx.app, '10.28.0.1', user.email, 'errada')).statusCode).toBe(401);
    }
    // 30 s doubling 12 times would be 34 hours; it stops at 900 s.
    expect(await waitOf()).toBeGreaterThan(890);
    expect(await waitOf()).toBeLessThanOrEqual(900);
  }, 60_000);

  it('is lifted by a password reset: the new password signs in at once', async () => {
    const user = await createUser(ctx);
    await lockedOut(user.email);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    await deliverMail(ctx);
    const token = new URL(linkIn(ctx.mailbox.to(user.email).find((mail) => mail.subject === 'Redefinir a palavra-passe'))).pathname.split('/').at(-1);
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'Nova-senha-2026' } });
    expect(reset.statusCode).toBe(200);
    expect((await attempt(ctx.app, '10.29.0.1', user.email, 'Nova-senha-2026')).statusCode).toBe(200);
  });
});

describe('the sign-in link', () => {
  const ask = (email: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in-link', payload: { email } });
  const use = (token: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in-link/use', payload: { token } });
  const linkFor = async (email: string) => {
    await deliverMail(ctx);
    const mail = ctx.mailbox.to(email).findLast((m) => m.subject === 'A sua ligação para entrar');
    const link = new URL(linkIn(mail));
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toMatch(/^\/entrar\/[\w-]{43}$/);
    return link.pathname.split('/').at(-1) as string;
  };

  it('signs a locked admin in once, lifts her lock, and keeps only its hash', async () => {
    const admin = await createUser(ctx, { isAdmin: true });
    await lockedOut(admin.email);
    const asked = await ask(admin.email);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: messages.signInLinkSent });
    const token = await linkFor(admin.email);
    const [stored] = await ctx.database.db.select().from(userTokens).where(eq(userTokens.purpose, 'sign_in')).orderBy(sql`${userTokens.createdAt} desc`).limit(1);
    expect(stored?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect((stored?.expiresAt.getTime() ?? 0) - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    const signedIn = await use(token);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ message: messages.loginSuccessful, user: { email: admin.email, isAdmin: true } });
    const cookie = `loja_session=${signedIn.cookies.find((c) => c.name === 'loja_session')?.value}`;
    expect((await ctx.app.inject({ method: 'GET', url: '/api/overview', headers: { cookie } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie } })).json()).toMatchObject({ email: admin.email });

    const again = await use(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: messages.tokenInvalid });
    expect((await attempt(ctx.app, '10.30.0.1', admin.email, admin.password)).statusCode).toBe(200);
  });

  it('answers the same for an address without an account and mails nothing; an expired link is refused', async () => {
    const nobody = uniqueEmail('ninguem');
    expect((await ask(nobody)).json()).toEqual({ message: messages.signInLinkSent });
    await deliverMail(ctx);
    expect(ctx.mailbox.to(nobody)).toHaveLength(0);

    const user = await createUser(ctx);
    await ask(user.email);
    const token = await linkFor(user.email);
    await ctx.database.db.update(userTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(userTokens.userId, user.id));
    const late = await use(token);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ message: messages.tokenExpired });
    expect(late.cookies.find((c) => c.name === 'loja_session')).toBeUndefined();
  });

  it('keeps a banned account out: no link is mailed, and one issued before the ban opens nothing', async () => {
    const user = await createUser(ctx, { isBanned: true });
    await ask(user.email);
    await deliverMail(ctx);
    expect(ctx.mailbox.to(user.email)).toHaveLength(0);
    const token = await ctx.database.db.transaction((tx) => issueToken(tx, user.id, 'sign_in'));
    const refused = await use(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: messages.banned });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the lock with two app processes on one PostgreSQL', () => {
  const two = useTwoApps({ AUTH_RATE_LIMIT: '1000' });
  const shared = two.ctx;
  let a: App;
  let b: App;
  beforeAll(() => {
    ({ a, b } = two);
  });

  it('checks at most 5 of 100 guesses split between the two', async () => {
    const owner = await createUser(shared, { isAdmin: true });
    const answers = await hundredGuesses(owner.email, [a, b]);
    expect(answers.filter((res) => res.statusCode === 401)).toHaveLength(5);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(95);
  }, 60_000);
});

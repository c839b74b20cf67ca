import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { createUser, deliverMail, uniqueEmail, useTestApp } from '../../../../tests/helpers/app.ts';
import { jobs, loginFailures, userTokens } from '../../db/schema.ts';

// The per-address limit is set high: these guesses come from many addresses, as a botnet's would.
const ctx = useTestApp({ AUTH_RATE_LIMIT: '1000' });

const loginFrom = (remoteAddress: string, email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

describe('failed logins counted per account', () => {
  it('lets 5 of 30 guesses from 30 addresses reach the password check, and tells the owner once', async () => {
    const user = await createUser(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await loginFrom(`10.0.1.${i + 1}`, user.email, `errada-${i}`)).statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);

    const locked = await loginFrom('10.0.2.1', user.email, user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ message: messages.loginLocked, code: 'ACCOUNT_LOCKED' });

    await deliverMail(ctx);
    const warnings = ctx.mailbox.to(user.email).filter((m) => m.subject === 'Tentativas de início de sessão falhadas');
    expect(warnings).toHaveLength(1);
  });

  it('waits longer after each further failure, and a right password once the wait is over clears the count', async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < 5; i++) await loginFrom('10.0.3.1', user.email, 'errada');
    const mine = eq(loginFailures.emailHash, createHash('sha256').update(user.email.toLowerCase()).digest('hex'));
    const waitOf = async () => {
      const [row] = await ctx.database.db
        .select({ seconds: sql<number>`extract(epoch from (${loginFailures.lockedUntil} - now()))` })
        .from(loginFailures)
        .where(mine);
      return Number(row?.seconds);
    };
    const expire = () => ctx.database.db.update(loginFailures).set({ lockedUntil: sql`now() - interval '1 second'` }).where(mine);

    expect(await waitOf()).toBeGreaterThan(25);
    await expire();
    expect((await loginFrom('10.0.3.2', user.email, 'errada')).statusCode).toBe(401);
    expect(await waitOf()).toBeGreaterThan(55);

    await expire();
    expect((await loginFrom('10.0.3.3', user.email, user.password)).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(loginFailures).where(mine)).toHaveLength(0);
  });

  it('treats an e-mail without an account the same way', async () => {
    const email = uniqueEmail('ninguem');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await loginFrom(`10.0.4.${i + 1}`, email, 'errada')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });
});

describe('forgot-password for known and unknown addresses', () => {
  it('does the same work during the request for both: one queued job, no link yet', async () => {
    const user = await createUser(ctx);
    const queued = async () => Number((await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(jobs))[0]?.n);
    const before = await queued();
    for (const email of [user.email, uniqueEmail('desconhecido')]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: messages.forgotSent });
    }
    expect(await queued()).toBe(before + 2);
    expect(await ctx.database.db.select().from(userTokens).where(eq(userTokens.userId, user.id))).toHaveLength(0);

    await deliverMail(ctx);
    expect(await ctx.database.db.select().from(userTokens).where(eq(userTokens.userId, user.id))).toHaveLength(1);
    expect(ctx.mailbox.to(user.email).map((m) => m.subject)).toContain('Redefinir a palavra-passe');
  });
});

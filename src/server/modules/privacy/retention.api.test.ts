import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PURGED_BY_JOB, RETENTION } from '#shared/retention.ts';
import { restockAlerts } from '../catalog/tables.ts';
import { createUser, login, uniqueEmail, useTestApp } from '../../../../tests/helpers/app.ts';
import { insertProduct, placeOrder } from '../../../../tests/helpers/shop.ts';
import { sessions } from '../auth/tables.ts';
import { contactMessages } from '../contact/tables.ts';
import { newsletterSubscribers } from '../newsletter/tables.ts';
import { orders } from '../orders/tables.ts';
import { users } from '../users/tables.ts';
import { PURGES, purgePastRetention, scheduleRetentionPurge } from './retention-purge.ts';

/* issue #28: nothing kept longer than the terms promise; the clock is moved forward rather than waited for. */

const ctx = useTestApp();
const DAY_MS = 86_400_000;
const later = (days: number) => new Date(Date.now() + days * DAY_MS);

describe('the retention table', () => {
  it('names a purge for exactly the rules the job keeps, and a period in every rule that has days', () => {
    expect(Object.keys(PURGES).sort()).toEqual(PURGED_BY_JOB.map((r) => r.key).sort());
    for (const rule of RETENTION) expect(typeof rule.period !== 'object' || rule.note.includes('{period}'), rule.key).toBe(true);
  });
});

describe('the daily purge', () => {
  it('deletes or anonymises each kind of data once its period is over, and nothing before', async () => {
    const db = ctx.database.db;
    const unverified = await createUser(ctx, { isVerified: false, email: uniqueEmail('porconfirmar') });
    const verified = await createUser(ctx, { email: uniqueEmail('confirmada') });
    const cookie = await login(ctx, verified.email, verified.password);
    const box = await insertProduct(ctx, { priceCents: 1000 });
    const order = await placeOrder(ctx, [{ product_id: box.id, quantity: 1 }], { cookie, details: { email: verified.email, postal_code: '4000-123' } });
    await db.insert(contactMessages).values({ name: 'Ana', email: 'ana@example.pt', subject: 'Olá', message: 'Mensagem' });
    await db.insert(newsletterSubscribers).values([
      { email: 'pendente@example.pt', status: 'pending', consentText: 'Aceito' },
      { email: 'confirmada@example.pt', status: 'confirmed', consentText: 'Aceito', subscribedAt: new Date() },
    ]);
    const gone = await insertProduct(ctx, { name: 'Cesto esgotado', priceCents: 900, stock: 0 });
    await db.insert(restockAlerts).values([
      { productId: gone.id, email: 'avise-pendente@example.pt', status: 'pending', stopToken: 'stop-pendente' },
      { productId: gone.id, email: 'avise-confirmado@example.pt', status: 'waiting', stopToken: 'stop-confirmado', confirmedAt: new Date() },
    ]);
    const count = async (table: typeof users | typeof contactMessages | typeof newsletterSubscribers | typeof sessions) =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;

    // Today: nothing is past its period.
    expect(await purgePastRetention(db)).toEqual({
      'unverified-accounts': 0,
      'sessions-and-tokens': 0,
      'order-personal-data': 0,
      'contact-messages': 0,
      'newsletter-unconfirmed': 0,
      'restock-unconfirmed': 0,
    });

    // 31 days on: the unconfirmed account and sign-up go, and the session (30 days) has expired.
    const month = await purgePastRetention(db, later(31));
    expect(month).toMatchObject({ 'unverified-accounts': 1, 'newsletter-unconfirmed': 1, 'restock-unconfirmed': 1, 'contact-messages': 0, 'order-personal-data': 0 });
    expect((await db.select().from(restockAlerts)).map((a) => a.email)).toEqual(['avise-confirmado@example.pt']);
    expect(month['sessions-and-tokens']).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(users).where(eq(users.id, unverified.id))).toHaveLength(0);
    expect(await db.select().from(users).where(eq(users.id, verified.id))).toHaveLength(1);
    expect(await count(newsletterSubscribers)).toBe(1);
    expect(await count(contactMessages)).toBe(1);
    expect(await count(sessions)).toBe(0);

    // Two years and a day: the contact message goes.
    expect(await purgePastRetention(db, later(2 * 365 + 1))).toMatchObject({ 'contact-messages': 1, 'order-personal-data': 0 });
    expect(await count(contactMessages)).toBe(0);

    // After the fiscal period (10 years): the order stays, without her name, e-mail, phone or street.
    expect(await purgePastRetention(db, later(10 * 365 + 1))).toMatchObject({ 'order-personal-data': 1 });
    const [kept] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ email: 'anonimizado@anonimizado.invalid', shippingAddress: 'Anonimizado (RGPD), 4000', totalWithTaxCents: Math.round(order.total_price_with_tax * 100) });
  });

  it('runs as a job queued once a day (its key is the day) that queues the next day’s run', async () => {
    await scheduleRetentionPurge(ctx.database.db);
    await scheduleRetentionPurge(ctx.database.db);
    const queued = async () =>
      (await ctx.database.db.execute(sql`SELECT key, done_at FROM jobs WHERE type = 'privacy.retention-purge' ORDER BY run_at`)) as unknown as {
        rows: { key: string; done_at: Date | null }[];
      };
    expect((await queued()).rows).toHaveLength(1);
    await ctx.app.jobs.drain();
    const rows = (await queued()).rows;
    expect(rows.map((r) => r.key)).toEqual([new Date().toISOString().slice(0, 10), later(1).toISOString().slice(0, 10)]);
    expect(rows[0]?.done_at).not.toBeNull();
    expect(rows[1]?.done_at).toBeNull();
  });
});

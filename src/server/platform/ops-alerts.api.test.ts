import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { opsAlertText } from '#shared/schemas/ops.ts';
import { createUser, deliverMail, login, signedInUser, uniqueEmail, useTestApp } from '../../../tests/helpers/app.ts';
import { insertProduct, placeOrder } from '../../../tests/helpers/shop.ts';
import { OpsWatch } from './ops-alerts.ts';

const OWNER = 'dona@loja.example.pt';
const OPS = 'ops@alojamento.example.pt';
const ctx = useTestApp({ SHOP_EMAIL: OWNER, OPS_EMAIL: OPS });

const MIN = 60_000;
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);
const alertsAbout = (title: string) => ctx.mailbox.to(OWNER).filter((m) => m.subject === `Alerta da loja: ${title}`);

async function banner(cookie: string) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/ops/alerts', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ alerts: { kind: string; title: string; text: string }[] }>().alerts;
}

async function clearQueue() {
  await ctx.database.db.execute(sql`UPDATE jobs SET done_at = now() WHERE done_at IS NULL`);
}

describe('operations alerts (issue #31)', () => {
  it('mails the owner and OPS_EMAIL once the oldest job waits 10 minutes, at most once an hour, and shows it on the dashboard', async () => {
    const product = await insertProduct(ctx, { stock: 5 });
    await placeOrder(ctx, [{ product_id: product.id, quantity: 1 }]);
    const t0 = new Date();
    const title = opsAlertText.queue_stuck.title;

    await ctx.app.opsWatch.check(later(t0, 5 * MIN));
    expect(alertsAbout(title)).toHaveLength(0);
    await ctx.app.opsWatch.check(later(t0, 11 * MIN));
    expect(alertsAbout(title)).toHaveLength(1);
    const [mail] = alertsAbout(title);
    expect(mail?.rawTo.sort()).toEqual([OPS, OWNER].sort());
    expect(mail?.text).toContain('A tarefa mais antiga espera há 11 minutos');
    // Another look, from this process or another (the claim is in the database), within the hour: no second mail.
    await ctx.app.opsWatch.check(later(t0, 40 * MIN));
    await ctx.app.opsWatch.check(later(t0, 70 * MIN));
    expect(alertsAbout(title)).toHaveLength(1);
    await ctx.app.opsWatch.check(later(t0, 72 * MIN));
    expect(alertsAbout(title)).toHaveLength(2);

    // The dashboard's banner, for admins only: the queue's jobs made 11 minutes old.
    const customer = await signedInUser(ctx);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/ops/alerts', headers: { cookie: customer.cookie } })).statusCode).toBe(403);
    const admin = await createUser(ctx, { email: uniqueEmail('admin'), isAdmin: true });
    const cookie = await login(ctx, admin.email, admin.password);
    expect(await banner(cookie)).toEqual([]);
    await ctx.database.db.execute(sql`UPDATE jobs SET run_at = now() - interval '11 minutes' WHERE done_at IS NULL AND run_at <= now()`);
    expect((await banner(cookie)).map((a) => a.kind)).toEqual(['queue_stuck']);
    await clearQueue();
    expect(await banner(cookie)).toEqual([]);
  });

  it('mails when every e-mail has failed for 15 minutes, and stops when one goes', async () => {
    const customer = uniqueEmail('recusado');
    ctx.mailbox.refuse((to) => (to === customer ? 451 : undefined));
    const product = await insertProduct(ctx, { stock: 5 });
    await placeOrder(ctx, [{ product_id: product.id, quantity: 1 }], { details: { email: customer } });
    const t0 = new Date();
    await deliverMail(ctx);
    const title = opsAlertText.mail_failing.title;
    await clearQueue();

    await ctx.app.opsWatch.check(later(t0, 10 * MIN));
    expect(alertsAbout(title)).toHaveLength(0);
    await ctx.app.opsWatch.check(later(t0, 16 * MIN));
    expect(alertsAbout(title)).toHaveLength(1);
    expect(alertsAbout(title)[0]?.text).toContain('SMTP_URL');

    // A message that goes ends the condition: no mail at the next hour.
    ctx.mailbox.refuse(undefined);
    await placeOrder(ctx, [{ product_id: product.id, quantity: 1 }]);
    await deliverMail(ctx);
    await ctx.app.opsWatch.check(later(t0, 90 * MIN));
    expect(alertsAbout(title)).toHaveLength(1);
  });

  it('mails when no payment callback arrived for 24 hours after a reference was issued', async () => {
    const { cookie } = await signedInUser(ctx);
    const product = await insertProduct(ctx, { priceCents: 1500, stock: 5, minPriceCents: 1500 });
    const order = await placeOrder(ctx, [{ product_id: product.id, quantity: 1 }], { cookie });
    const start = await ctx.app.inject({ method: 'POST', url: '/api/payment/multibanco', headers: { cookie }, payload: { order_id: order.id } });
    expect(start.statusCode, start.body).toBe(200);
    const t0 = new Date();
    await clearQueue();
    const title = opsAlertText.payments_silent.title;

    await ctx.app.opsWatch.check(later(t0, 23 * 60 * MIN));
    expect(alertsAbout(title)).toHaveLength(0);
    await ctx.app.opsWatch.check(later(t0, 24 * 60 * MIN + MIN));
    expect(alertsAbout(title)).toHaveLength(1);

    // The callback comes: the condition ends.
    const { entity, reference } = start.json();
    expect((await ctx.app.inject({ method: 'POST', url: '/api/payment/sandbox/multibanco', payload: { entity, reference, amount: 21 } })).statusCode).toBe(200);
    await clearQueue();
    await ctx.app.opsWatch.check(later(t0, 26 * 60 * MIN));
    expect(alertsAbout(title)).toHaveLength(1);
  });

  it('mails once the database is back after 2 minutes or more away, with the outage length', async () => {
    let up = true;
    const watch = new OpsWatch({
      db: ctx.database.db,
      mailer: ctx.app.mailer,
      recipients: [OWNER],
      publicUrl: ctx.config.publicUrl,
      log: ctx.app.log,
      sources: { paymentsUnansweredSince: async () => null },
      probe: async () => up,
    });
    const title = opsAlertText.database_down.title;
    const t0 = new Date();
    // A minute away: no mail.
    up = false;
    await watch.check(t0);
    up = true;
    await watch.check(later(t0, MIN));
    expect(alertsAbout(title)).toHaveLength(0);
    // Seven minutes away: nothing while it is down (nothing could be read or claimed), one mail once back.
    up = false;
    await watch.check(later(t0, 2 * MIN));
    await watch.check(later(t0, 6 * MIN));
    expect(alertsAbout(title)).toHaveLength(0);
    up = true;
    await watch.check(later(t0, 9 * MIN));
    expect(alertsAbout(title)).toHaveLength(1);
    expect(alertsAbout(title)[0]?.text).toContain('durante 7 minutos');
  });

  it('shows a failed backup on the banner and mails it, and a good one clears it', async () => {
    const admin = await createUser(ctx, { email: uniqueEmail('admin'), isAdmin: true });
    const cookie = await login(ctx, admin.email, admin.password);
    const title = opsAlertText.backup_failed.title;
    await ctx.app.opsWatch.backupOutcome('pg_dump saiu com o código 1: disco cheio');
    expect(alertsAbout(title)).toHaveLength(1);
    expect((await banner(cookie)).find((a) => a.kind === 'backup_failed')?.text).toContain('disco cheio');
    await ctx.app.opsWatch.backupOutcome(undefined);
    expect((await banner(cookie)).find((a) => a.kind === 'backup_failed')).toBeUndefined();
  });
});

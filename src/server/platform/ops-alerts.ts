import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { type OpsAlert, type OpsAlertKind, opsAlertList, opsAlertText } from '#shared/schemas/ops.ts';
import { databaseAnswers, type Db } from '../db/client.ts';
import { adminOnly } from './guards.ts';
import { composeMail, type Mailer, queueMail } from './mail.ts';

/**
 * Alerts without any other service (issue #31, decision 0039): each process looks every half minute; what it
 * finds in the shared database (mails failing, the queue stuck, payments unanswered) or saw itself (the
 * database gone, a backup failed) is mailed to the owner, at most once an hour per kind across processes.
 */
const MINUTE = 60_000;
export const OPS_THRESHOLDS_MS = { mail_failing: 15 * MINUTE, queue_stuck: 10 * MINUTE, payments_silent: 24 * 60 * MINUTE, database_down: 2 * MINUTE };
/** A database outage stays on the banner this long after it ended. */
const OUTAGE_SHOWN_MS = 24 * 60 * MINUTE;
const CHECK_EVERY_MS = 30_000;

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<T>).rows;
const at = (value: unknown) => (value == null ? null : new Date(value as string | Date));
const iso = (d: Date) => d.toISOString();

/** Jobs due and how long the oldest of each kind has waited (the metrics' queue figures). */
export async function jobFigures(db: Db) {
  const rows = await rowsOf<{ kind: string; queued: number; age: number }>(
    db,
    sql`SELECT type AS kind, count(*)::int AS queued, extract(epoch FROM now() - min(run_at))::float8 AS age
        FROM jobs WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now() GROUP BY type`,
  );
  return rows.map((r) => ({ kind: r.kind, queued: Number(r.queued), oldestAgeSeconds: Math.max(0, Number(r.age)) }));
}

/** Paid orders and refunds whose fiscal document is not issued yet: their invoicing jobs not done. */
export async function invoicesWaiting(db: Db) {
  const [row] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM jobs WHERE type LIKE 'invoicing.%' AND done_at IS NULL`);
  return Number(row?.n ?? 0);
}

async function queueStuckSince(db: Db, now: Date) {
  const [row] = await rowsOf<{ since: string | null }>(
    db,
    sql`SELECT min(run_at) AS since FROM jobs WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= ${iso(now)}::timestamptz`,
  );
  return at(row?.since);
}

/** The conditions read from the shared data; `paymentsUnansweredSince` is the payments module's. */
export type OpsSources = { paymentsUnansweredSince(db: Db, now: Date): Promise<Date | null> };

/** What is wrong now, in the owner's words: the banner's list, and what the watch mails. */
export async function activeAlerts(db: Db, sources: OpsSources, now = new Date()): Promise<OpsAlert[]> {
  const alerts: OpsAlert[] = [];
  const stored = await rowsOf<{ kind: OpsAlertKind; since: string; detail: string | null; updated_at: string }>(
    db,
    sql`SELECT kind, since, detail, updated_at FROM ops_alerts WHERE since IS NOT NULL AND kind IN ('mail_failing', 'database_down', 'backup_failed')`,
  );
  const mailSince = at(stored.find((r) => r.kind === 'mail_failing')?.since);
  const measured: [Exclude<OpsAlertKind, 'database_down' | 'backup_failed'>, Date | null][] = [
    ['mail_failing', mailSince],
    ['queue_stuck', await queueStuckSince(db, now)],
    ['payments_silent', await sources.paymentsUnansweredSince(db, now)],
  ];
  for (const [kind, since] of measured) {
    const lasted = since ? now.getTime() - since.getTime() : 0;
    if (since && lasted >= OPS_THRESHOLDS_MS[kind]) alerts.push({ kind, title: opsAlertText[kind].title, text: opsAlertText[kind].text(lasted), since: iso(since) });
  }
  for (const row of stored) {
    if (row.kind === 'mail_failing') continue;
    const since = at(row.since) as Date;
    if (row.kind === 'backup_failed') {
      alerts.push({ kind: row.kind, title: opsAlertText.backup_failed.title, text: opsAlertText.backup_failed.text(row.detail ?? ''), since: iso(since) });
    } else if (now.getTime() - (at(row.updated_at) as Date).getTime() < OUTAGE_SHOWN_MS) {
      alerts.push({ kind: row.kind, title: opsAlertText.database_down.title, text: opsAlertText.database_down.text(Number(row.detail)), since: iso(since) });
    }
  }
  return alerts;
}

/** Writes what only one process saw (an outage that ended, a backup's outcome) where every process reads it. */
async function remember(db: Db, kind: OpsAlertKind, since: Date | null, detail: string | null, now: Date) {
  await db.execute(sql`
    INSERT INTO ops_alerts (kind, since, detail, updated_at) VALUES (${kind}, ${since ? iso(since) : null}::timestamptz, ${detail}, ${iso(now)}::timestamptz)
    ON CONFLICT (kind) DO UPDATE SET since = excluded.since, detail = excluded.detail, updated_at = excluded.updated_at`);
}

export class OpsWatch {
  private downSince: Date | undefined;
  /** What this process's last e-mail did; only a change is written, so sending costs no extra statement. */
  private mailOk: boolean | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly options: {
    db: Db;
    mailer: Mailer;
    recipients: string[];
    publicUrl: string;
    log: FastifyBaseLogger;
    sources: OpsSources;
    probe?: () => Promise<boolean>;
  };

  constructor(options: OpsWatch['options']) {
    this.options = options;
  }

  start() {
    this.timer = setInterval(() => {
      this.check().catch((err: unknown) => this.options.log.error({ err }, 'operations check failed'));
    }, CHECK_EVERY_MS);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
  }

  /** One look: the database first (nothing else can be read without it), then the conditions in the data. */
  async check(now = new Date()) {
    const { db, sources } = this.options;
    const up = await (this.options.probe ?? (() => databaseAnswers(db)))();
    if (!up) {
      this.downSince ??= now;
      return;
    }
    if (this.downSince) {
      const since = this.downSince;
      const lasted = now.getTime() - since.getTime();
      this.downSince = undefined;
      if (lasted >= OPS_THRESHOLDS_MS.database_down) {
        await remember(db, 'database_down', since, String(lasted), now);
        await this.alert({ kind: 'database_down', title: opsAlertText.database_down.title, text: opsAlertText.database_down.text(lasted), since: iso(since) }, now);
      }
    }
    for (const alert of await activeAlerts(db, sources, now)) {
      if (alert.kind !== 'database_down' && alert.kind !== 'backup_failed') await this.alert(alert, now);
    }
  }

  /**
   * Every message handed to the transport reports here: the first failure after a success starts the shared
   * "failing since" (kept if another process started it), a success ends it.
   */
  async mailOutcome(ok: boolean, now = new Date()) {
    if (this.mailOk === ok) return;
    this.mailOk = ok;
    const { db } = this.options;
    await db.execute(sql`
      INSERT INTO ops_alerts (kind, since, updated_at) VALUES ('mail_failing', ${ok ? null : iso(now)}::timestamptz, ${iso(now)}::timestamptz)
      ON CONFLICT (kind) DO UPDATE SET since = ${ok ? sql`NULL` : sql`coalesce(ops_alerts.since, excluded.since)`}, updated_at = excluded.updated_at`);
  }

  /** A scheduled backup's outcome: a failure is shown and mailed, a success clears it. */
  async backupOutcome(error: string | undefined, now = new Date()) {
    const { db } = this.options;
    await remember(db, 'backup_failed', error ? now : null, error ?? null, now);
    if (error) await this.alert({ kind: 'backup_failed', title: opsAlertText.backup_failed.title, text: opsAlertText.backup_failed.text(error), since: iso(now) }, now);
  }

  /** Mails the owner unless this kind went out less than an hour ago (RESEND: '1 hour' below) (from any process): the row is the claim. */
  private async alert(alert: OpsAlert, now: Date) {
    const { db, mailer, recipients, publicUrl, log } = this.options;
    log.error({ alert: alert.kind }, alert.text);
    const claimed = await rowsOf(
      db,
      sql`INSERT INTO ops_alerts (kind, last_sent_at) VALUES (${alert.kind}, ${iso(now)}::timestamptz)
          ON CONFLICT (kind) DO UPDATE SET last_sent_at = excluded.last_sent_at
          WHERE ops_alerts.last_sent_at IS NULL OR ops_alerts.last_sent_at <= excluded.last_sent_at - interval '1 hour'
          RETURNING kind`,
    );
    if (!claimed.length || !recipients.length) return;
    const message = await composeMail({
      to: recipients.join(', '),
      subject: `Alerta da loja: ${alert.title}`,
      greeting: 'Olá,',
      paragraphs: [alert.text, `Desde ${new Date(alert.since).toLocaleString('pt-PT', { timeZone: 'Europe/Lisbon' })}. O mesmo aviso está no painel de administração; não é repetido antes de uma hora.`],
      action: { label: 'Abrir o painel de administração', url: `${publicUrl}/admin-dashboard` },
    });
    // Straight to the transport: the queue may be what is stuck. If the transport fails too, the queue retries it.
    await mailer.send(message).catch(async (err: unknown) => {
      log.warn({ err, alert: alert.kind }, 'alert mail not sent now; queued');
      await queueMail(db, message);
    });
  }
}

/** GET /api/ops/alerts: the dashboard's banner, the same conditions the watch mails. */
export const opsRoutes =
  (db: Db, sources: OpsSources): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/ops/alerts', { config: adminOnly, schema: { tags: ['platform'], response: { 200: opsAlertList } } }, async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { alerts: await activeAlerts(db, sources) };
    });
  };

import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * What a public (https) shop needs to open, and running it for a long time (issue #31): mail transport,
 * metrics, alerts and scheduled backups.
 */
/** An unset or blank variable is undefined; a set one must pass `rule`. */
const optional = <T extends z.ZodType<unknown, string>>(rule: T) =>
  z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(rule.optional())
    .optional();

const opsSchema = z.object({
  MAIL_TRANSPORT: optional(z.enum(['smtp', 'files'], { error: 'MAIL_TRANSPORT must be smtp or files' })),
  METRICS_TOKEN: optional(z.string().min(16, { error: 'METRICS_TOKEN must have at least 16 characters' })),
  OPS_EMAIL: optional(z.email({ error: 'OPS_EMAIL must be an e-mail address' })),
  BACKUP_DIR: optional(z.string()),
  BACKUP_KEEP_DAYS: z.coerce
    .number({ error: 'BACKUP_KEEP_DAYS must be a number of days' })
    .int()
    .min(1, { error: 'BACKUP_KEEP_DAYS must be at least 1' })
    .max(3650)
    .default(14),
});

export type OpsConfig = {
  /** Where e-mails go: the SMTP server, or .eml files under the data folder (a demonstration shop). */
  mailTransport: 'smtp' | 'files';
  /** Who may read GET /metrics from elsewhere than loopback (`Authorization: Bearer <token>`); nobody when unset. */
  metricsToken: string | undefined;
  /** Who gets the alerts besides the shop's own address (SHOP_EMAIL). */
  opsEmail: string | undefined;
  /** Scheduled backups: their folder (none when unset) and how many days of them are kept. */
  backup: { dir: string; keepDays: number } | undefined;
};

/** Reads the operations settings; answers the problems in the same words as the rest of the configuration. */
export function loadOpsConfig(
  env: NodeJS.ProcessEnv,
  shop: { publicUrl: string; smtpUrl: string | undefined },
): { ops: OpsConfig; problems: string[] } | { ops?: undefined; problems: string[] } {
  const parsed = opsSchema.safeParse(env);
  if (!parsed.success) return { problems: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  const e = parsed.data;
  const problems: string[] = [];
  const open = shop.publicUrl.startsWith('https:');
  // A public shop takes no fake payments unless its owner says so (decision 0008).
  if (open && !env.PAYMENT_GATEWAY) {
    problems.push(
      'PUBLIC_URL is https but PAYMENT_GATEWAY is not set: set PAYMENT_GATEWAY=ifthenpay to take real payments, or PAYMENT_GATEWAY=sandbox for a demonstration shop where payments are fictitious',
    );
  }
  const transport = e.MAIL_TRANSPORT ?? (shop.smtpUrl ? 'smtp' : 'files');
  if (transport === 'smtp' && !shop.smtpUrl) problems.push('MAIL_TRANSPORT=smtp needs SMTP_URL');
  // A public shop that writes its mails to files sends nobody their Multibanco reference: it does not open
  // unless its owner says, with MAIL_TRANSPORT=files, that this is what she wants (a demonstration shop).
  if (open && !shop.smtpUrl && e.MAIL_TRANSPORT !== 'files') {
    problems.push(
      'PUBLIC_URL is https but SMTP_URL is not set: set SMTP_URL (smtp://user:password@host:587) so customers get their e-mails, or MAIL_TRANSPORT=files for a demonstration shop whose e-mails are written to files',
    );
  }
  if (problems.length) return { problems };
  return {
    problems,
    ops: {
      mailTransport: transport,
      metricsToken: e.METRICS_TOKEN,
      opsEmail: e.OPS_EMAIL,
      backup: e.BACKUP_DIR ? { dir: resolve(e.BACKUP_DIR), keepDays: e.BACKUP_KEEP_DAYS } : undefined,
    },
  };
}

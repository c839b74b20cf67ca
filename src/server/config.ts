import { resolve } from 'node:path';
import { z } from 'zod';

const url = (name: string) =>
  z.url({ error: `${name} must be an absolute URL such as http://localhost:3000` });

const optionalText = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'PORT must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: optionalText.pipe(
    z.string().regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL must start with postgres://' }).optional(),
  ),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: optionalText.pipe(url('PUBLIC_URL').optional()),
  TRUSTED_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(url('TRUSTED_ORIGINS (comma-separated)'))),
  SMTP_URL: optionalText.pipe(
    z.string().regex(/^smtps?:\/\//, { error: 'SMTP_URL must start with smtp:// or smtps://' }).optional(),
  ),
  MAIL_FROM: z.string().default('Loja <loja@localhost>'),
  SHOP_EMAIL: optionalText.pipe(z.email({ error: 'SHOP_EMAIL must be an e-mail address' }).optional()),
  ADMIN_EMAIL: optionalText.pipe(z.email({ error: 'ADMIN_EMAIL must be an e-mail address' }).optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, { error: 'ADMIN_PASSWORD must have at least 8 characters' }).optional()),
  REDIS_URL: optionalText.pipe(z.string().regex(/^rediss?:\/\//, { error: 'REDIS_URL must start with redis://' }).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT: z.coerce.number({ error: 'AUTH_RATE_LIMIT must be a number' }).int().min(1).default(10),
  DEMO_CATALOGUE: z.enum(['auto', 'true', 'false'], { error: 'DEMO_CATALOGUE must be auto, true or false' }).default('auto'),
  JOB_POLL_MS: z.coerce.number({ error: 'JOB_POLL_MS must be a number' }).int().min(50).default(1000),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  trustedOrigins: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  shopEmail: string | undefined;
  admin: { email: string; password: string } | undefined;
  redisUrl: string | undefined;
  logLevel: string;
  authRateLimit: { max: number; windowMs: number };
  jobPollMs: number;
  /** Seed the demo catalogue into an empty shop: 'auto' does it on the embedded database only. */
  demoCatalogue: 'auto' | 'true' | 'false';
  /** Where the built web app lives; absent in API-only tests. */
  webDist: string | undefined;
};

export class ConfigError extends Error {}

/** Reads the environment once at start; a bad variable stops the process with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR),
    publicUrl,
    trustedOrigins: e.TRUSTED_ORIGINS.map((o) => new URL(o).origin),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    shopEmail: e.SHOP_EMAIL,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    authRateLimit: { max: e.AUTH_RATE_LIMIT, windowMs: 15 * 60_000 },
    jobPollMs: e.JOB_POLL_MS,
    demoCatalogue: e.DEMO_CATALOGUE,
    webDist: resolve('dist/web'),
  };
}

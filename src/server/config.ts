import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { z } from 'zod';
import { loadOpsConfig, type OpsConfig } from './config-ops.ts';
import type { RateLimit } from './platform/security.ts';

const url = (name: string) =>
  z.url({ error: `${name} must be an absolute URL such as http://localhost:3000` });

/**
 * The shop's details as shipped: example values, good for a demonstration, wrong on a real shop's terms page.
 * The start-up log and the back office name each one still in use (issue #12).
 */
const SHOP_EXAMPLES = {
  SHOP_LEGAL_NAME: 'Loja — Organização Pessoal, Unipessoal Lda.',
  SHOP_NIF: '500000000',
  SHOP_ADDRESS: 'Rua da Organização, 10, 1000-100 Lisboa, Portugal',
  SHOP_PHONE: '+351 912 345 678',
} as const;
const exampleLabels: Record<keyof typeof SHOP_EXAMPLES, string> = {
  SHOP_LEGAL_NAME: 'nome legal',
  SHOP_NIF: 'NIF',
  SHOP_ADDRESS: 'morada',
  SHOP_PHONE: 'telefone',
};

/** A social link is the shop's own page, never a network's home page (which would only look like one). */
const ownPage = (url: string | undefined) => (url && new URL(url).pathname.replace(/\/+$/, '') !== '' ? url : undefined);

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
  LOGIN_LOCK_MAX_MINUTES: z.coerce.number({ error: 'LOGIN_LOCK_MAX_MINUTES must be a number' }).int().min(1).max(1440).default(15),
  DEMO_CATALOGUE: z.enum(['auto', 'true', 'false'], { error: 'DEMO_CATALOGUE must be auto, true or false' }).default('auto'),
  MIGRATE_ON_START: z.enum(['true', 'false'], { error: 'MIGRATE_ON_START must be true or false' }).default('true'),
  JOB_POLL_MS: z.coerce.number({ error: 'JOB_POLL_MS must be a number' }).int().min(50).default(1000),
  SHUTDOWN_DRAIN_MS: z.coerce.number({ error: 'SHUTDOWN_DRAIN_MS must be a number' }).int().min(0).max(20_000).default(1000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number({ error: 'DB_STATEMENT_TIMEOUT_MS must be a number' }).int().min(100).max(600_000).default(3000),
  PAGE_RENDER_TIMEOUT_MS: z.coerce.number({ error: 'PAGE_RENDER_TIMEOUT_MS must be a number' }).int().min(100).max(60_000).default(3000),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || v === 'true' || /^\d{1,2}$/.test(v) || /^[\d.:a-fA-F/]+(,[\d.:a-fA-F/]+)*$/.test(v.replace(/\s/g, '')), {
      error: 'TRUST_PROXY must be true, a number of proxies, or comma-separated proxy addresses',
    }),
  SHOP_LEGAL_NAME: z.string().trim().min(1).default(SHOP_EXAMPLES.SHOP_LEGAL_NAME),
  SHOP_NIF: z.string().trim().min(1).default(SHOP_EXAMPLES.SHOP_NIF),
  SHOP_ADDRESS: z.string().trim().min(1).default(SHOP_EXAMPLES.SHOP_ADDRESS),
  SHOP_PHONE: z.string().trim().min(1).default(SHOP_EXAMPLES.SHOP_PHONE),
  SHOP_INSTAGRAM_URL: optionalText.pipe(z.url({ error: 'SHOP_INSTAGRAM_URL must be an address' }).optional()),
  SHOP_FACEBOOK_URL: optionalText.pipe(z.url({ error: 'SHOP_FACEBOOK_URL must be an address' }).optional()),
  SHOP_WHATSAPP_URL: optionalText.pipe(z.url({ error: 'SHOP_WHATSAPP_URL must be an address' }).optional()),
  SHOP_PUBLIC_EMAIL: optionalText.pipe(z.email({ error: 'SHOP_PUBLIC_EMAIL must be an e-mail address' }).optional()),
  CONTACT_RATE_LIMIT: z.coerce.number({ error: 'CONTACT_RATE_LIMIT must be a number' }).int().min(1).default(5),
  PAYMENT_CALLBACK_RATE_LIMIT: z.coerce.number({ error: 'PAYMENT_CALLBACK_RATE_LIMIT must be a number' }).int().min(1).default(120),
  NEWSLETTER_RATE_LIMIT: z.coerce.number({ error: 'NEWSLETTER_RATE_LIMIT must be a number' }).int().min(1).default(5),
  CHECKOUT_RATE_LIMIT: z.coerce.number({ error: 'CHECKOUT_RATE_LIMIT must be a number' }).int().min(1).default(20),
  CHECKOUT_EMAIL_RATE_LIMIT: z.coerce.number({ error: 'CHECKOUT_EMAIL_RATE_LIMIT must be a number' }).int().min(1).default(5),
  NEWSLETTER_SEND_PER_MINUTE: z.coerce.number({ error: 'NEWSLETTER_SEND_PER_MINUTE must be a number' }).int().min(1).default(120),
  PAYMENT_GATEWAY: z.enum(['sandbox', 'ifthenpay'], { error: 'PAYMENT_GATEWAY must be sandbox or ifthenpay' }).default('sandbox'),
  IFTHENPAY_BASE_URL: url('IFTHENPAY_BASE_URL').default('https://api.ifthenpay.com'),
  IFTHENPAY_MB_KEY: optionalText,
  IFTHENPAY_MBWAY_KEY: optionalText,
  // Card payments (ifthenpay's card page) and Payshop references: each offered only when its key is set (issue #27).
  IFTHENPAY_CCARD_KEY: optionalText,
  IFTHENPAY_PAYSHOP_KEY: optionalText,
  // The Payshop reference call lives on another host than the others (ifthenpay's SDK, Config.php 'payshop_init').
  IFTHENPAY_PAYSHOP_URL: url('IFTHENPAY_PAYSHOP_URL').default('https://ifthenpay.com/api/payshop/reference/'),
  PAYMENT_CALLBACK_KEY: optionalText.pipe(
    z.string().min(16, { error: 'PAYMENT_CALLBACK_KEY must have at least 16 characters' }).optional(),
  ),
  // ifthenpay's refund API (MB WAY refunds): its own address and the back-office key it asks for.
  IFTHENPAY_REFUND_URL: url('IFTHENPAY_REFUND_URL').default('https://ifthenpay.com/api/endpoint/payments/refund'),
  IFTHENPAY_BACKOFFICE_KEY: optionalText,
  // How long an unpaid order holds its stock (#26): shorter than a Multibanco reference's 48 hours.
  STOCK_HOLD_MULTIBANCO_HOURS: z.coerce
    .number({ error: 'STOCK_HOLD_MULTIBANCO_HOURS must be a number of hours' })
    .int()
    .min(1, { error: 'STOCK_HOLD_MULTIBANCO_HOURS must be at least 1' })
    .max(47, { error: 'STOCK_HOLD_MULTIBANCO_HOURS must be under the 48 hours a Multibanco reference lasts' })
    .default(24),
  STOCK_HOLD_MBWAY_MINUTES: z.coerce
    .number({ error: 'STOCK_HOLD_MBWAY_MINUTES must be a number of minutes' })
    .int()
    .min(5, { error: 'STOCK_HOLD_MBWAY_MINUTES must be at least 5 (an MB WAY request lasts 4)' })
    .max(47 * 60, { error: 'STOCK_HOLD_MBWAY_MINUTES must be under 48 hours' })
    .default(120),
  // How many units one e-mail, and one client address, may hold in unpaid orders at once (#26).
  UNPAID_UNITS_PER_EMAIL: z.coerce.number({ error: 'UNPAID_UNITS_PER_EMAIL must be a number' }).int().min(1).default(20),
  UNPAID_UNITS_PER_ADDRESS: z.coerce.number({ error: 'UNPAID_UNITS_PER_ADDRESS must be a number' }).int().min(1).default(40),
  INVOICING: z.enum(['none', 'invoicexpress'], { error: 'INVOICING must be none or invoicexpress' }).default('none'),
  INVOICEXPRESS_ACCOUNT: optionalText.pipe(
    z.string().regex(/^[a-z0-9-]+$/i, { error: 'INVOICEXPRESS_ACCOUNT must be the account name (the first part of its address)' }).optional(),
  ),
  INVOICEXPRESS_API_KEY: optionalText,
  INVOICEXPRESS_BASE_URL: optionalText.pipe(url('INVOICEXPRESS_BASE_URL').optional()),
  // The name of the account's 23 % VAT in InvoiceXpress (its "Impostos"): an unknown name would become its default tax.
  INVOICEXPRESS_TAX_NAME: optionalText.pipe(
    z.string().max(30, { error: 'INVOICEXPRESS_TAX_NAME must be the name of a tax of the InvoiceXpress account' }).optional(),
  ),
  // The account's tax for each other rate, "13=IVA13,6=IVA6,0=Isento" (decision 0053); a rate not named is "IVA<rate>".
  INVOICEXPRESS_TAX_NAMES: optionalText.pipe(
    z
      .string()
      .max(400)
      .regex(/^\s*\d{1,2}\s*=\s*[^,=]{1,30}(\s*,\s*\d{1,2}\s*=\s*[^,=]{1,30})*\s*$/, { error: 'INVOICEXPRESS_TAX_NAMES must read like 13=IVA13,6=IVA6,0=Isento' })
      .optional(),
  ),
});

/** The account's tax name per VAT rate: IVA<rate> unless named; the 23 % one also by INVOICEXPRESS_TAX_NAME. */
function taxNamesOf(names: string | undefined, normal: string | undefined): Record<number, string> {
  const named = Object.fromEntries(
    (names ?? '')
      .split(',')
      .filter((pair) => pair.includes('='))
      .map((pair) => {
        const [rate = '', name = ''] = pair.split('=');
        return [Number(rate.trim()), name.trim()];
      }),
  ) as Record<number, string>;
  return { ...named, 23: normal ?? named[23] ?? 'IVA23' };
}

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
  authRateLimit: RateLimit;
  /** The longest an account's login lock grows after repeated wrong passwords (decision record 0027). */
  loginLockMaxSeconds: number;
  jobPollMs: number;
  /** On SIGTERM, how long the process keeps serving (and says it is not ready) before it stops taking requests. */
  shutdownDrainMs: number;
  /** The longest one statement on PostgreSQL may run (lock waits included) before it is cancelled and the request gets a 503. */
  statementTimeoutMs: number;
  /** The longest a storefront page may take to render on the server before it is answered 503 with the plain app shell. */
  pageRenderTimeoutMs: number;
  /** Seed the demo catalogue into an empty shop: 'auto' does it on the embedded database only. */
  demoCatalogue: 'auto' | 'true' | 'false';
  /** false when the app connects as a role that cannot change the schema (decision 0028): the owner migrates first. */
  migrateOnStart: boolean;
  /** The shop's public and legal details (contact page, terms, e-mails). */
  shop: {
    legalName: string;
    nif: string;
    address: string;
    phone: string;
    email: string;
    /** Only the networks the owner set, each her own page. */
    social: { name: 'Instagram' | 'Facebook' | 'WhatsApp'; url: string }[];
    /** The details still holding the example values they ship with. */
    examples: { setting: string; label: string }[];
  };
  contactRateLimit: RateLimit;
  /** Payment callbacks per source address a minute (ifthenpay calls from a few addresses, once per payment plus retries). */
  paymentCallbackRateLimit: RateLimit;
  newsletter: { rateLimit: RateLimit; sendPerMinute: number };
  /** Orders placed (POST /order) per client address, and per e-mail address and per signed-in account. */
  checkoutRateLimit: { perAddress: RateLimit; perBuyer: RateLimit };
  payments: {
    gateway: 'sandbox' | 'ifthenpay';
    ifthenpay:
      | {
          baseUrl: string;
          mbKey: string;
          mbWayKey: string;
          /** ifthenpay's card key (IFTHENPAY_CCARD_KEY): cards are offered only with it. */
          ccardKey?: string | undefined;
          /** Payshop's key and its call's address: Payshop is offered only with the key. */
          payshop?: { url: string; key: string } | undefined;
        }
      | undefined;
    /** The anti-phishing key every payment callback must carry. */
    callbackKey: string;
    /** ifthenpay's refund API; without a back-office key, MB WAY money goes back by transfer. */
    refunds: { url: string; backofficeKey: string } | undefined;
  };
  /**
   * Unpaid orders (#26): how long each payment method's order holds its stock before it is cancelled, and
   * how many units one e-mail or one client address may hold unpaid at once.
   */
  unpaidOrders: { holdMs: { multibanco: number; mbway: number }; maxUnits: { email: number; address: number } };
  /** Who issues the fiscal documents (invoice-receipts, credit notes): nobody, or InvoiceXpress. */
  invoicing: { provider: 'none' } | { provider: 'invoicexpress'; baseUrl: string; apiKey: string; taxName: string; taxNames: Record<number, string> };
  /** Which reverse proxies' X-Forwarded-For to believe (the client's address for rate limits and consent). */
  trustProxy: boolean | number | string[];
  /** Where the built web app lives; absent in API-only tests. */
  webDist: string | undefined;
  /** Mail transport, metrics, alerts and scheduled backups (config-ops.ts). */
  ops: OpsConfig;
};

export class ConfigError extends Error {}

function trustProxyOf(value: string): boolean | number | string[] {
  if (value === '') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((a) => a.trim());
}

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
  // An https address is a shop open to the public: the rules it must meet to open are in config-ops.ts.
  const { ops, problems } = loadOpsConfig(env, { publicUrl, smtpUrl: e.SMTP_URL });
  if (!ops) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  if (e.PAYMENT_GATEWAY === 'ifthenpay' && !(e.IFTHENPAY_MB_KEY && e.IFTHENPAY_MBWAY_KEY && e.PAYMENT_CALLBACK_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENT_GATEWAY=ifthenpay needs IFTHENPAY_MB_KEY, IFTHENPAY_MBWAY_KEY and PAYMENT_CALLBACK_KEY',
    );
  }
  if (e.INVOICING === 'invoicexpress' && !(e.INVOICEXPRESS_ACCOUNT && e.INVOICEXPRESS_API_KEY)) {
    throw new ConfigError('Invalid configuration:\n  INVOICING=invoicexpress needs INVOICEXPRESS_ACCOUNT and INVOICEXPRESS_API_KEY');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR),
    publicUrl,
    trustedOrigins: e.TRUSTED_ORIGINS.map((o) => new URL(o).origin),
    smtpUrl: ops.mailTransport === 'smtp' ? e.SMTP_URL : undefined,
    mailFrom: e.MAIL_FROM,
    shopEmail: e.SHOP_EMAIL,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    authRateLimit: { max: e.AUTH_RATE_LIMIT, windowMs: 15 * 60_000 },
    loginLockMaxSeconds: e.LOGIN_LOCK_MAX_MINUTES * 60,
    jobPollMs: e.JOB_POLL_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    pageRenderTimeoutMs: e.PAGE_RENDER_TIMEOUT_MS,
    demoCatalogue: e.DEMO_CATALOGUE,
    migrateOnStart: e.MIGRATE_ON_START === 'true',
    shop: {
      legalName: e.SHOP_LEGAL_NAME,
      nif: e.SHOP_NIF,
      address: e.SHOP_ADDRESS,
      phone: e.SHOP_PHONE,
      email: e.SHOP_PUBLIC_EMAIL ?? e.SHOP_EMAIL ?? 'geral@loja.pt',
      social: (
        [
          ['Instagram', ownPage(e.SHOP_INSTAGRAM_URL)],
          ['Facebook', ownPage(e.SHOP_FACEBOOK_URL)],
          ['WhatsApp', ownPage(e.SHOP_WHATSAPP_URL)],
        ] as const
      ).flatMap(([name, url]) => (url ? [{ name, url }] : [])),
      examples: (Object.keys(SHOP_EXAMPLES) as (keyof typeof SHOP_EXAMPLES)[])
        .filter((key) => e[key] === SHOP_EXAMPLES[key])
        .map((key) => ({ setting: key, label: exampleLabels[key] })),
    },
    contactRateLimit: { max: e.CONTACT_RATE_LIMIT, windowMs: 60 * 60_000 },
    paymentCallbackRateLimit: { max: e.PAYMENT_CALLBACK_RATE_LIMIT, windowMs: 60_000 },
    newsletter: { rateLimit: { max: e.NEWSLETTER_RATE_LIMIT, windowMs: 60 * 60_000 }, sendPerMinute: e.NEWSLETTER_SEND_PER_MINUTE },
    checkoutRateLimit: {
      perAddress: { max: e.CHECKOUT_RATE_LIMIT, windowMs: 60 * 60_000 },
      perBuyer: { max: e.CHECKOUT_EMAIL_RATE_LIMIT, windowMs: 60 * 60_000 },
    },
    payments: {
      gateway: e.PAYMENT_GATEWAY,
      ifthenpay:
        e.IFTHENPAY_MB_KEY && e.IFTHENPAY_MBWAY_KEY
          ? {
              baseUrl: e.IFTHENPAY_BASE_URL.replace(/\/$/, ''),
              mbKey: e.IFTHENPAY_MB_KEY,
              mbWayKey: e.IFTHENPAY_MBWAY_KEY,
              ccardKey: e.IFTHENPAY_CCARD_KEY,
              payshop: e.IFTHENPAY_PAYSHOP_KEY ? { url: e.IFTHENPAY_PAYSHOP_URL, key: e.IFTHENPAY_PAYSHOP_KEY } : undefined,
            }
          : undefined,
      // The sandbox pays from inside the process, so its key is made at start: no key anyone can read in the code.
      callbackKey: e.PAYMENT_CALLBACK_KEY ?? randomBytes(24).toString('base64url'),
      refunds: e.IFTHENPAY_BACKOFFICE_KEY ? { url: e.IFTHENPAY_REFUND_URL, backofficeKey: e.IFTHENPAY_BACKOFFICE_KEY } : undefined,
    },
    unpaidOrders: {
      holdMs: { multibanco: e.STOCK_HOLD_MULTIBANCO_HOURS * 3600_000, mbway: e.STOCK_HOLD_MBWAY_MINUTES * 60_000 },
      maxUnits: { email: e.UNPAID_UNITS_PER_EMAIL, address: e.UNPAID_UNITS_PER_ADDRESS },
    },
    invoicing:
      e.INVOICING === 'invoicexpress' && e.INVOICEXPRESS_ACCOUNT && e.INVOICEXPRESS_API_KEY
        ? {
            provider: 'invoicexpress',
            baseUrl: (e.INVOICEXPRESS_BASE_URL ?? `https://${e.INVOICEXPRESS_ACCOUNT}.app.invoicexpress.com`).replace(/\/$/, ''),
            apiKey: e.INVOICEXPRESS_API_KEY,
            taxName: e.INVOICEXPRESS_TAX_NAME ?? 'IVA23',
            taxNames: taxNamesOf(e.INVOICEXPRESS_TAX_NAMES, e.INVOICEXPRESS_TAX_NAME),
          }
        : { provider: 'none' },
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    webDist: resolve('dist/web'),
    ops,
  };
}

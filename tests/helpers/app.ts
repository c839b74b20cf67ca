import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/client.ts';
import { insertUser, type NewUser } from '../../src/server/modules/users/users.ts';
import { testDatabase } from './database.ts';
import { startMailbox, type Mailbox } from './mailbox.ts';

export const PUBLIC_URL = 'http://loja.test';

export type TestContext = {
  app: App;
  database: Database;
  mailbox: Mailbox;
  config: Config;
};

/**
 * Builds the real app on a fresh database with an SMTP server on loopback, once per test file.
 * Returns a live object: read its fields inside tests, after beforeAll ran.
 */
export function useTestApp(env: Record<string, string> | (() => Record<string, string>) = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    ctx.database = await testDatabase();
    ctx.mailbox = await startMailbox();
    ctx.config = {
      // A function is read here, after the hooks registered before this one (a fake gateway's port) ran.
      // Test files place many orders from one address and one e-mail: the checkout limits are raised like the
      // login's, and the cap on units held unpaid lifted (checkout-limits and unpaid-holds tests set their own).
      ...loadConfig({
        NODE_ENV: 'test',
        PUBLIC_URL,
        SMTP_URL: ctx.mailbox.url,
        AUTH_RATE_LIMIT: '1000',
        CHECKOUT_RATE_LIMIT: '1000',
        CHECKOUT_EMAIL_RATE_LIMIT: '1000',
        UNPAID_UNITS_PER_EMAIL: '1000000',
        UNPAID_UNITS_PER_ADDRESS: '1000000',
        ...(typeof env === 'function' ? env() : env),
      }),
      webDist: undefined,
    };
    ctx.app = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.mailbox?.close();
    await ctx.database?.close();
  });
  return ctx;
}

let counter = 0;
export const uniqueEmail = (prefix = 'cliente') => `${prefix}.${Date.now().toString(36)}${++counter}@example.pt`;

/** A user straight in the database (verified customer unless overridden). */
export async function createUser(ctx: TestContext, overrides: Partial<NewUser> = {}) {
  const password = overrides.password ?? 'segredo123';
  const user = await insertUser(ctx.database.db, {
    username: 'Cliente Teste',
    email: uniqueEmail(),
    isVerified: true,
    ...overrides,
    password,
  });
  if (!user) throw new Error('user not created');
  return { ...user, password };
}

/** Logs in through the API and answers the Cookie header to send with later requests. */
export async function login(ctx: TestContext, email: string, password: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'loja_session');
  if (!cookie) throw new Error('no session cookie');
  return `loja_session=${cookie.value}`;
}

export async function signedInUser(ctx: TestContext, overrides: Partial<NewUser> = {}) {
  const user = await createUser(ctx, overrides);
  return { user, cookie: await login(ctx, user.email, user.password) };
}

/** Runs the queued jobs (e-mails) now instead of waiting for the poller. */
export const deliverMail = (ctx: TestContext) => ctx.app.jobs.drain();

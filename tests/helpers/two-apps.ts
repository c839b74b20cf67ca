import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { PUBLIC_URL, type TestContext } from './app.ts';
import { testDatabase } from './database.ts';
import { startMailbox } from './mailbox.ts';

/**
 * Two app processes on one PostgreSQL database (what several machines behind a proxy are): each app has its own
 * pool, caches, rate-limit store and job runner; one mailbox hears both. `ctx` is the first app as the test helpers
 * know it (users made through it are in the shared database). Set up before the describe's tests, closed after.
 */
export function useTwoApps(env: Record<string, string>) {
  const apps = { a: undefined as unknown as App, b: undefined as unknown as App, ctx: {} as TestContext };
  let database: Database | undefined;
  let second: Database | undefined;
  beforeAll(async () => {
    database = await testDatabase();
    second = openDatabase({ url: (database.client as { options: { connectionString: string } }).options.connectionString });
    const mailbox = await startMailbox();
    const config = { ...loadConfig({ NODE_ENV: 'test', PUBLIC_URL, SMTP_URL: mailbox.url, ...env }), webDist: undefined };
    apps.a = await buildApp({ config, database, logger: false });
    apps.b = await buildApp({ config, database: second, logger: false });
    await Promise.all([apps.a.ready(), apps.b.ready()]);
    Object.assign(apps.ctx, { app: apps.a, database, mailbox, config });
  });
  afterAll(async () => {
    await apps.a?.close();
    await apps.b?.close();
    await second?.close();
    await apps.ctx.mailbox?.close();
    await database?.close();
  });
  return apps;
}

/**
 * Starts the shop for the browser journeys (playwright.config.ts `webServer`), run by Node 24 as is:
 * `node e2e/serve.ts`.
 *
 * Every run gets a fresh, empty shop: a new temporary DATA_DIR (PGlite database and the mail folder,
 * where the app writes each message as a .eml file because SMTP_URL is unset; the server also runs
 * from there, on a copy of dist/web) and, when DATABASE_URL points at a PostgreSQL server, a new
 * database on that server, dropped again on exit. The directory is removed on exit unless
 * E2E_KEEP_DATA is set. The chosen directory, the admin's credentials and the database's URL go to
 * test-results/e2e-env.json (e2e-env-<port>.json when E2E_PORT is set) for the tests.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { fakeInvoiceXpress, invoiceXpressEnv } from '../tests/helpers/fake-invoicexpress.ts';

const root = resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3100);
const publicUrl = `http://127.0.0.1:${port}`;
const admin = { email: 'admin@loja.test', password: 'admin-e2e-123' };
const envFile = join(root, 'test-results', process.env.E2E_PORT ? `e2e-env-${port}.json` : 'e2e-env.json');
const keep = Boolean(process.env.E2E_KEEP_DATA);

if (!existsSync(join(root, 'dist', 'web', 'index.html'))) {
  console.error('e2e: dist/web/index.html is missing: build the web app first with `npx vite build`.');
  process.exit(1);
}

const dataDir = await mkdtemp(join(tmpdir(), 'loja-e2e-'));

// The server serves `dist/web` under its working directory. It runs from a copy taken now, so a
// `vite build` started elsewhere during the run (it empties dist/web first) cannot pull pages away.
const appDir = join(dataDir, 'app');
await cp(join(root, 'dist', 'web'), join(appDir, 'dist', 'web'), { recursive: true });
// The storefront's server render, when it was built (npm run build).
if (existsSync(join(root, 'dist', 'ssr'))) await cp(join(root, 'dist', 'ssr'), join(appDir, 'dist', 'ssr'), { recursive: true });

/** A new database next to the one DATABASE_URL names; the app gets a URL pointing at it. */
async function createDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `loja_e2e_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

// The shop issues its invoices through a stand-in for InvoiceXpress on loopback, as a real one would.
const invoicing = fakeInvoiceXpress();
await invoicing.listen();

const baseDatabaseUrl = process.env.DATABASE_URL?.trim();
const database = baseDatabaseUrl ? await createDatabase(baseDatabaseUrl) : undefined;

await mkdir(dirname(envFile), { recursive: true });
await writeFile(
  envFile,
  `${JSON.stringify(
    // The database's URL too, on PostgreSQL: a journey runs the shop's own commands against it (npm run payments:remind).
    { dataDir, adminEmail: admin.email, adminPassword: admin.password, baseURL: publicUrl, database: database ? 'postgres' : 'pglite', databaseUrl: database?.url },
    null,
    2,
  )}\n`,
);

const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: publicUrl,
  DATA_DIR: dataDir,
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  AUTH_RATE_LIMIT: '1000',
  // The journeys place many orders from one address (and many with the helpers' e-mail).
  CHECKOUT_RATE_LIMIT: '1000',
  CHECKOUT_EMAIL_RATE_LIMIT: '1000',
  // Every journey checks out from 127.0.0.1, often as the same customer: the cap on units held unpaid is lifted.
  UNPAID_UNITS_PER_EMAIL: '1000000',
  UNPAID_UNITS_PER_ADDRESS: '1000000',
  JOB_POLL_MS: '200',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  NODE_ENV: 'production',
  TRUSTED_ORIGINS: '',
  // The catalogue journeys browse the demo shop, on either engine.
  DEMO_CATALOGUE: 'true',
  // E2E_INVOICING=none: a shop without an invoicing provider (the "Marcar como emitida" journey starts one).
  ...(process.env.E2E_INVOICING === 'none' ? {} : invoiceXpressEnv(invoicing.state)),
};
delete env.SMTP_URL;
delete env.REDIS_URL;
if (database) env.DATABASE_URL = database.url;
else delete env.DATABASE_URL;

console.log(`e2e: data in ${dataDir} (${database ? 'PostgreSQL' : 'PGlite'}), shop on ${publicUrl}`);

const child = spawn(process.execPath, [join(root, 'src', 'server', 'main.ts')], { cwd: appDir, env, stdio: 'inherit' });

let cleaned = false;
async function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  await invoicing.close().catch(() => undefined);
  if (database) await database.drop().catch((err: unknown) => console.error('e2e: could not drop the test database', err));
  if (!keep) await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on('error', (err) => {
  console.error('e2e: could not start the server', err);
  void cleanUp().then(() => process.exit(1));
});

child.on('exit', (code, signal) => {
  void cleanUp().then(() => process.exit(code ?? (signal ? 0 : 1)));
});

// `npm test`: unit and API tests (Vitest), then the browser journeys (Playwright on Debian's Chromium).
// Runs on PGlite, or on the PostgreSQL server named by DATABASE_URL.
// `--unit-only` stops after Vitest; `--e2e-only` runs only the browser journeys; `--db-only` runs only the
// Vitest files that reach a database (the 'db' project of vitest.config.ts: what CI runs again on PostgreSQL).
// The journeys run on E2E_WORKERS workers (2 by default), each with a shop of its own (playwright.config.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildWeb } from './build-web.mjs';

const args = new Set(process.argv.slice(2));
const CHROMIUM = '/usr/bin/chromium';

function run(label, command, commandArgs) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, commandArgs, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error('Chromium is missing: install it with `sudo apt-get update && sudo apt-get install -y chromium`, then run npm test again.');
    process.exit(1);
  }
  run('Installing Debian chromium', 'sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium']);
}

const engine = process.env.DATABASE_URL ? `PostgreSQL (${process.env.DATABASE_URL})` : 'PGlite';
console.log(`Database engine for the tests: ${engine}`);

if (!args.has('--e2e-only')) {
  const dbOnly = args.has('--db-only');
  run(dbOnly ? 'Database tests (vitest project db)' : 'Unit and API tests', process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...(dbOnly ? ['--project', 'db'] : [])]);
}
if (!args.has('--unit-only')) {
  ensureChromium();
  console.log('\n▶ Building the web app and its server render');
  buildWeb(['--logLevel', 'warn']);
  run('Browser journeys', process.execPath, ['node_modules/@playwright/test/cli.js', 'test']);
}

// `npm run check:openapi`: the OpenAPI document the shop serves at /api/docs/json, linted by Redocly's
// recommended rules (redocly.yaml). The app is built in process on a migrated database, as the tests build it;
// the document goes to test-results/openapi.json (the path .redocly.lint-ignore.yaml names) and `redocly lint`
// reads it from there. Fails on any error.
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { testDatabase } from '../tests/helpers/database.ts';

const root = resolve(import.meta.dirname, '..');
// A migrated database as the tests get it (PGlite from a snapshot shared with them, or DATABASE_URL's server).
const database = await testDatabase();
const config = { ...loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://loja.test' }), webDist: undefined };
const app = await buildApp({ config, database, logger: false });
await app.ready();
const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
await app.close();
await database.close();
if (res.statusCode !== 200) {
  console.error(`check:openapi: /api/docs/json answered ${res.statusCode}`);
  process.exit(1);
}

const file = join(root, 'test-results', 'openapi.json');
await mkdir(join(root, 'test-results'), { recursive: true });
// Indented, so redocly's line numbers point somewhere readable.
await writeFile(file, `${JSON.stringify(JSON.parse(res.body), null, 2)}\n`);
const lint = spawnSync(join(root, 'node_modules', '.bin', 'redocly'), ['lint', 'test-results/openapi.json', '--config', 'redocly.yaml'], {
  cwd: root,
  stdio: 'inherit',
  // Redocly's notice about telemetry and its update check are noise in CI.
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});
process.exit(lint.status ?? 1);

// `npm run bench`: starts the app on a fresh PGlite (or DATABASE_URL) and measures the hot calls with
// autocannon. Prints requests/s and latency percentiles; not part of `npm test`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { insertUser } from '../src/server/modules/users/users.ts';

const config = { ...loadConfig({ ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'loja-bench-')), LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '1000000' }), webDist: undefined };
const database = openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : join(config.dataDir, 'db') });
await database.migrate();
const app = await buildApp({ config, database, logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

await insertUser(database.db, { username: 'Bench', email: 'bench@example.pt', password: 'segredo123', isVerified: true });
const login = await fetch(`${address}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'bench@example.pt', password: 'segredo123' }),
});
const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';

async function measure(title: string, options: autocannon.Options) {
  const result = await autocannon({ connections: 20, duration: 5, ...options });
  console.log(
    `${title.padEnd(36)} ${String(Math.round(result.requests.average)).padStart(7)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   errors ${result.errors + result.non2xx}`,
  );
}

console.log(`Loja bench on ${database.engine}, 20 connections, 5 s each`);
await measure('GET /api/health', { url: `${address}/api/health` });
await measure('GET /api/user/profile (signed in)', { url: `${address}/api/user/profile`, headers: { cookie } });
await measure('GET /api/ready (database round trip)', { url: `${address}/api/ready` });

await app.close();
await database.close();

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { testDatabase } from '../../../tests/helpers/database.ts';
import { buildApp, type App } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { insertUser } from '../modules/users/users.ts';

let database: Database;
let app: App;
const dataDir = mkdtempSync(join(tmpdir(), 'loja-platform-'));
const webDist = join(dataDir, 'web');

beforeAll(async () => {
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Loja</title><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  database = await testDatabase();
  // No SMTP_URL: mail goes to DATA_DIR/mail as .eml files.
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'https://loja.example.pt', PAYMENT_GATEWAY: 'sandbox', MAIL_TRANSPORT: 'files' }), webDist };
  app = await buildApp({ config, database, logger: false });
  app.get('/api/test/explode', async () => {
    throw new Error('relation "segredo" does not exist at /srv/app.ts:42');
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

let signIns = 0;
/** Signs a new customer in and answers the session cookie the app set. */
async function sessionCookie(on: App) {
  const email = `https.${++signIns}@example.pt`;
  await insertUser(database.db, { username: 'Cliente Teste', email, isVerified: true, password: 'segredo123' });
  const res = await on.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'segredo123' } });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'loja_session');
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

describe('serving the web app', () => {
  it('answers any other GET with the app, and API paths with JSON', async () => {
    const page = await app.inject({ method: 'GET', url: '/perfil' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');

    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');

    const api = await app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error).toBe(messages.notFound);

    const staleAsset = await app.inject({ method: 'GET', url: '/assets/app-old999.js' });
    expect(staleAsset.statusCode).toBe(404);
    expect(staleAsset.headers['content-type']).toContain('application/json');

    // A file written after start (a rebuild) is served too.
    writeFileSync(join(webDist, 'assets', 'app-new456.js'), 'console.log(2)');
    expect((await app.inject({ method: 'GET', url: '/assets/app-new456.js' })).statusCode).toBe(200);

    const post = await app.inject({ method: 'POST', url: '/perfil', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('sends HSTS and Secure cookies only when the public address is https', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect((await sessionCookie(app)).secure).toBe(true);

    // The same shop on plain http (a laptop, a LAN): neither, or the browser would pin or drop them.
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://loja.local:3000' });
    const plainApp = await buildApp({ config: { ...config, webDist }, database, logger: false });
    try {
      const plain = await plainApp.inject({ method: 'GET', url: '/api/health' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      expect((await sessionCookie(plainApp)).secure).toBeUndefined();
    } finally {
      await plainApp.close();
    }
  });
});

describe('errors', () => {
  it('never leaks a stack or SQL in a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: messages.internal, error: messages.internal, code: 'INTERNAL' });
    expect(res.body).not.toContain('segredo');
  });
});

describe('mail without SMTP', () => {
  it('writes each message to DATA_DIR/mail as an .eml file with HTML and plain text', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'Sem SMTP', email: 'sem.smtp@example.pt', password: 'segredo1' },
    });
    expect(res.statusCode).toBe(201);
    await app.jobs.drain();
    const files = readdirSync(join(dataDir, 'mail')).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(dataDir, 'mail', files[0]!), 'utf8');
    expect(eml).toContain('To: sem.smtp@example.pt');
    expect(eml).toContain('Content-Type: text/plain');
    expect(eml).toContain('Content-Type: text/html');
    expect(eml).toContain('https://loja.example.pt/auth/verify?token=');
  });
});

describe('configuration', () => {
  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'loja' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ TRUSTED_ORIGINS: 'https://ok.pt, nope' })).toThrow(/TRUSTED_ORIGINS/);
    expect(() => loadConfig({ SMTP_URL: 'http://x' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.pt' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    expect(() => loadConfig({ TRUST_PROXY: 'the proxy' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'ifthenpay', IFTHENPAY_MB_KEY: 'ABC-1' })).toThrow(/IFTHENPAY_MBWAY_KEY/);
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'paypal' })).toThrow(/PAYMENT_GATEWAY/);
  });

  it('reads which proxies to trust', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' }).trustProxy).toEqual(['10.0.0.1', '10.0.1.0/24']);
  });

  it('believes a client address forwarded by a trusted proxy only', async () => {
    for (const [trust, expected] of [['', '127.0.0.1'], ['true', '203.0.113.7'], ['1', '203.0.113.7'], ['10.9.9.9', '127.0.0.1']] as const) {
      const proxied = await buildApp({ config: { ...loadConfig({ NODE_ENV: 'test', TRUST_PROXY: trust }), webDist: undefined }, database, logger: false });
      proxied.get('/whoami', async (request) => ({ ip: request.ip }));
      const res = await proxied.inject({ method: 'GET', url: '/whoami', headers: { 'x-forwarded-for': '203.0.113.7' }, remoteAddress: '127.0.0.1' });
      expect(res.json().ip).toBe(expected);
      await proxied.close();
    }
  });

  it('defaults to PGlite on port 3000 with the public address derived from the port', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, publicUrl: 'http://localhost:3000', trustedOrigins: [] });
    expect(loadConfig({ DATABASE_URL: '', PORT: '8080' })).toMatchObject({ databaseUrl: undefined, publicUrl: 'http://localhost:8080' });
  });
});

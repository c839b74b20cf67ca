import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { insertUser } from '../modules/users/users.ts';
import { onServer, serverDatabase } from '../../../tests/helpers/database.ts';
import { openDatabase, type Database } from './client.ts';

// The production guide's database roles (decision 0028): the shop connects as a role made by
// deploy/postgres-init/10-app-role.sh, which has DML rights only, so the audit log's trigger cannot be switched
// off through the shop's connection; the shop still works. PostgreSQL only (PGlite has one user).
const serverUrl = process.env.DATABASE_URL;

/** The role script's SQL with psql's variables filled in, for a role of this test's own (roles are cluster-wide). */
function roleSql(role: string, password: string, owner: string, db: string) {
  const script = readFileSync(join(import.meta.dirname, '../../../deploy/postgres-init/10-app-role.sh'), 'utf8');
  const body = /<<'SQL'\n([\s\S]*?)\nSQL/.exec(script)?.[1];
  if (!body) throw new Error('no SQL in the role script');
  return body
    .replaceAll('loja_app', role)
    .replaceAll(":'app_password'", `'${password}'`)
    .replaceAll(':"owner"', `"${owner}"`)
    .replaceAll(':"db"', `"${db}"`);
}

describe.skipIf(!serverUrl)('the app role of the production guide', () => {
  const role = `loja_app_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  let server: Awaited<ReturnType<typeof serverDatabase>>;
  let owner: Database;
  let asApp: Database;
  let app: App;
  const superuser = (statement: string, url = serverUrl!) => onServer(url, statement);

  beforeAll(async () => {
    server = await serverDatabase(serverUrl!);
    owner = openDatabase({ url: server.url });
    await owner.migrate();
    const url = new URL(server.url);
    await superuser(roleSql(role, password, decodeURIComponent(url.username) || 'postgres', url.pathname.slice(1)), server.url);
    url.username = role;
    url.password = password;
    asApp = openDatabase({ url: url.toString() });
    const config = { ...loadConfig({ NODE_ENV: 'test', DATABASE_URL: url.toString(), PUBLIC_URL: 'http://loja.test', MIGRATE_ON_START: 'false' }), webDist: undefined };
    app = await buildApp({ config, database: asApp, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await asApp?.close();
    await owner?.close();
    await superuser(`DROP OWNED BY ${role}`, server.url).catch(() => {});
    await server?.drop();
    await superuser(`DROP ROLE IF EXISTS ${role}`);
  });

  it('cannot disable, drop or bypass the audit log trigger, nor change the schema', async () => {
    const refusal = (statement: string) =>
      (asApp.client as pg.Pool).query(statement).then(
        () => 'accepted',
        (err: Error) => err.message,
      );
    expect(await refusal('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only')).toBe('must be owner of table audit_log');
    expect(await refusal('DROP TRIGGER audit_log_append_only ON audit_log')).toBe('must be owner of relation audit_log');
    expect(await refusal('TRUNCATE audit_log')).toBe('permission denied for table audit_log');
    expect(await refusal("SET session_replication_role = 'replica'")).toMatch(/permission denied/);
    expect(await refusal('CREATE TABLE stray (id int)')).toBe('permission denied for schema public');
    // Its rights are DML, so the entries are guarded by the trigger it cannot touch (a row must exist for it to fire).
    expect(await refusal("INSERT INTO audit_log (actor_email, entity, entity_id, action) VALUES ('dona@example.pt', 'settings', 'x', 'update')")).toBe('accepted');
    expect(await refusal('DELETE FROM audit_log')).toBe('audit_log is append-only');
    expect(await refusal("UPDATE audit_log SET actor_email = 'outra@example.pt'")).toBe('audit_log is append-only');
  });

  it('still runs the shop: sign-in, an admin change and its audit entry, a refused call', async () => {
    const user = await insertUser(asApp.db, { username: 'Dona', email: 'dona@example.pt', password: 'segredo123', isVerified: true, isAdmin: true });
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user!.email, password: 'segredo123' } });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const cookie = `loja_session=${signIn.cookies.find((c) => c.name === 'loja_session')!.value}`;
    const change = await app.inject({ method: 'PUT', url: '/api/overview/settings', headers: { cookie }, payload: { lowStockThreshold: 9 } });
    expect(change.statusCode, change.body).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
    const log = await app.inject({ method: 'GET', url: '/api/audit', headers: { cookie } });
    expect(log.json().rows.map((r: { entity: string; action: string }) => `${r.entity} ${r.action}`).slice(0, 3)).toEqual(['access refused', 'settings update', 'session sign-in']);
  });
});

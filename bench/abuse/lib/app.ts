// The shop in this process for an abuse scenario: a fresh database as the tests make it (in-memory PGlite
// from the migrated snapshot, or a new database on the server of DATABASE_URL), and the real app answering
// `inject` (loopback only, no port).
import { buildApp, type App } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';
import type { Database } from '../../../src/server/db/client.ts';
import { insertUser } from '../../../src/server/modules/users/users.ts';
import { testDatabase } from '../../../tests/helpers/database.ts';

/** A scenario that is not about them checks out many times from one address: the checkout limits lifted. */
export const LIFTED_LIMITS = {
  CHECKOUT_RATE_LIMIT: '100000',
  CHECKOUT_EMAIL_RATE_LIMIT: '100000',
  UNPAID_UNITS_PER_EMAIL: '1000000',
  UNPAID_UNITS_PER_ADDRESS: '1000000',
};

export type BenchShop = { app: App; database: Database; close: () => Promise<void> };

export async function startShop(env: Record<string, string> = {}): Promise<BenchShop> {
  const database = await testDatabase();
  const config = { ...loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://loja.test', AUTH_RATE_LIMIT: '100000', ...env }), webDist: undefined };
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A verified account straight in the database, and its session cookie. */
export async function signedIn(shop: BenchShop, email: string, password: string, isAdmin = false) {
  const user = await insertUser(shop.database.db, { username: 'Dona da loja', email, password, isVerified: true, isAdmin });
  if (!user) throw new Error('user not created');
  const res = await shop.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: '127.0.0.2' });
  const cookie = res.cookies.find((c) => c.name === 'loja_session');
  if (!cookie) throw new Error(`login failed: ${res.statusCode}`);
  return { user, cookie: `loja_session=${cookie.value}` };
}

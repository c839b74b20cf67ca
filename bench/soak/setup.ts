// The shop the soak runs on: migrated and seeded by the project's own commands (as an owner would), an admin
// made by `admin:create`, verified customers, and the figures the end of the run is checked against.
import { hashPassword } from '../../src/server/platform/passwords.ts';
import { ADMIN, dataDir, run, type ShopDatabase } from './layout.ts';

export const CUSTOMER_PASSWORD = 'Cliente-soak-2026!';

export type Catalogue = {
  /** Every product on sale (the pages browsed). */
  products: number[];
  /** Physical products without variants that the checkouts buy (plenty of stock, so none runs out). */
  sold: { id: number; name: string }[];
  /** Products only the admin edits (never bought, so her saves cannot undo a sale's stock). */
  edited: number[];
  services: number[];
  customers: string[];
};

/** `db:migrate` and `db:seed` as the schema's owner, then `admin:create`; answers what the traffic uses. */
export async function prepareShop(database: ShopDatabase, customers: number): Promise<Catalogue> {
  const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, NODE_ENV: 'production' };
  await run(process.execPath, ['src/server/cli/migrate.ts'], env);
  await run(process.execPath, ['src/server/cli/seed.ts'], env);
  await run(process.execPath, ['src/server/cli/admin-create.ts', '--email', ADMIN.email, '--username', ADMIN.username, '--password', ADMIN.password], env);

  const physical = await database.query<{ id: number; name: string }>(
    'SELECT id, name FROM products WHERE NOT has_variants AND NOT is_digital ORDER BY id',
  );
  if (physical.length < 3) throw new Error(`the demo catalogue has ${physical.length} physical products without variants: 3 are needed`);
  const edited = physical.slice(-2).map((p) => p.id);
  const sold = physical.slice(0, -2);
  // Enough for any run: a product that sells out would turn checkouts into refusals.
  await database.query('UPDATE products SET stock = 1000000 WHERE id = ANY($1::int[])', [sold.map((p) => p.id)]);
  const products = (await database.query<{ id: number }>('SELECT id FROM products ORDER BY id')).map((p) => p.id);
  const services = (await database.query<{ id: number }>('SELECT id FROM services ORDER BY id')).map((s) => s.id);

  // Verified customers with one password (hashed once: the traffic's logins verify it as any sign-in does).
  const hash = await hashPassword(CUSTOMER_PASSWORD);
  const emails = Array.from({ length: customers }, (_, i) => `cliente${i + 1}@loja-soak.test`);
  await database.query(
    `INSERT INTO users (username, email, password_hash, is_verified)
     SELECT 'cliente' || n, 'cliente' || n || '@loja-soak.test', $1, true FROM generate_series(1, $2::int) AS n`,
    [hash, customers],
  );
  return { products, sold, edited, services, customers: emails };
}

/** Units on the shelves: products without variants and every variant. */
export async function totalStock(database: ShopDatabase): Promise<number> {
  const [row] = await database.query<{ stock: string }>(
    `SELECT (SELECT coalesce(sum(stock), 0) FROM products WHERE NOT has_variants AND NOT is_digital)
          + (SELECT coalesce(sum(v.stock), 0) FROM product_variants v) AS stock`,
  );
  return Number(row?.stock ?? 0);
}

/** Units in orders that were not cancelled (cancelled ones gave theirs back). */
export async function unitsSold(database: ShopDatabase): Promise<number> {
  const [row] = await database.query<{ units: string }>(
    `SELECT coalesce(sum(i.quantity), 0) AS units FROM order_items i JOIN orders o ON o.id = i.order_id
     JOIN products p ON p.id = i.product_id WHERE o.status <> 'cancelled' AND NOT p.is_digital`,
  );
  return Number(row?.units ?? 0);
}

export async function paidOrders(database: ShopDatabase): Promise<number[]> {
  return (await database.query<{ id: number }>('SELECT id FROM orders WHERE paid_at IS NOT NULL ORDER BY id')).map((o) => o.id);
}

/** Mail jobs not done yet (due or waiting to retry). */
export async function mailsWaiting(database: ShopDatabase): Promise<number> {
  const [row] = await database.query<{ n: string }>("SELECT count(*) AS n FROM jobs WHERE type = 'mail.send' AND done_at IS NULL AND failed_at IS NULL");
  return Number(row?.n ?? 0);
}

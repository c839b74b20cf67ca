import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { seedDemoCatalogue } from '../modules/catalog/demo/seed.ts';
import { backupOpenDatabase } from './backup.ts';
import { backupFileName } from './backup-files.ts';
import { openDatabase } from './client.ts';

const buyer = { name: 'Maria Silva', email: 'maria@example.pt', phone: '912345678', address: 'Rua das Flores 10', city: 'Lisboa', postal_code: '1100-200' };

/**
 * For CI's run of `db:restore-check -- --sample`: a small shop (the demo catalogue and two orders placed
 * through the API, which take stock) in a database of its own, backed up into `dir`; the source is dropped.
 */
export async function sampleShopBackup(serverUrl: string | undefined, dir: string): Promise<string> {
  const name = `loja_sample_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  let url: string | undefined;
  if (serverUrl) {
    await admin(`CREATE DATABASE ${name}`);
    const at = new URL(serverUrl);
    at.pathname = `/${name}`;
    url = at.toString();
  }
  const database = openDatabase({ url, dataDir: url ? undefined : join(dir, 'source') });
  try {
    await database.migrate();
    await seedDemoCatalogue(database.db);
    const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: join(dir, 'data'), CHECKOUT_RATE_LIMIT: '100' }), webDist: undefined };
    const app = await buildApp({ config, database, logger: false });
    const products = (await app.inject({ method: 'GET', url: '/api/product?pageSize=2' })).json<{ rows: { id: number }[] }>().rows;
    for (const [i, product] of products.entries()) {
      const items = [{ product_id: product.id, quantity: i + 1 }];
      const totals = (await app.inject({ method: 'POST', url: '/api/order/calculate-totals', payload: { items } })).json();
      const placed = await app.inject({
        method: 'POST',
        url: '/api/order',
        payload: { items, ...buyer, payment_method: 'multibanco', shipping_cost: totals.shippingCost, total_price_without_tax: totals.totalPriceWithoutTax, total_tax: totals.totalTax, total_price_with_tax: totals.totalWithTax },
      });
      if (placed.statusCode !== 201) throw new Error(`sample order refused: ${placed.statusCode} ${placed.body}`);
    }
    await app.close();
    const file = join(dir, backupFileName(database.engine));
    await backupOpenDatabase(database, file);
    return file;
  } finally {
    await database.close();
    if (serverUrl) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

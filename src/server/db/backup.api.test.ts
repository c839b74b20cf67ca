import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, type TestContext } from '../../../tests/helpers/app.ts';
import { serverDatabase } from '../../../tests/helpers/database.ts';
import { startMailbox } from '../../../tests/helpers/mailbox.ts';
import { insertProduct, placeOrder } from '../../../tests/helpers/shop.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { backupDatabase, restoreDatabase, type BackupSource } from './backup.ts';
import { openDatabase } from './client.ts';

type Figures = { orders: number; items: number; stock: number[] };

async function figures(source: BackupSource): Promise<Figures> {
  const database = openDatabase('url' in source ? { url: source.url } : { dataDir: source.dataDir });
  try {
    const read = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Record<string, number>[] }).rows;
    const [counts] = await read(sql`SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM order_items)::int AS items`);
    const stock = (await read(sql`SELECT stock FROM products ORDER BY id`)).map((row) => Number(row.stock));
    return { orders: Number(counts?.orders), items: Number(counts?.items), stock };
  } finally {
    await database.close();
  }
}

async function change(source: BackupSource, query: ReturnType<typeof sql>) {
  const database = openDatabase('url' in source ? { url: source.url } : { dataDir: source.dataDir });
  await database.db.execute(query);
  await database.close();
}

// Opening an embedded database from its folder takes seconds, and this test does it eight times.
describe('db:backup and db:restore', { timeout: 120_000 }, () => {
  let dir: string;
  let source: BackupSource;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'loja-backup-'));
    const serverUrl = process.env.DATABASE_URL;
    if (serverUrl) {
      const server = await serverDatabase(serverUrl, 'loja_backup');
      source = { url: server.url };
      dropDatabase = server.drop;
    } else {
      source = { dataDir: join(dir, 'db') };
    }

    // A shop with two products and three orders, made through the API as customers would.
    const database = openDatabase('url' in source ? { url: source.url } : { dataDir: source.dataDir });
    await database.migrate();
    const mailbox = await startMailbox();
    const config = { ...loadConfig({ NODE_ENV: 'test', PUBLIC_URL, SMTP_URL: mailbox.url, DATA_DIR: dir }), webDist: undefined };
    const app = await buildApp({ config, database, logger: false });
    const ctx: TestContext = { app, database, mailbox, config };
    const agenda = await insertProduct(ctx, { stock: 10 });
    const caderno = await insertProduct(ctx, { name: 'Caderno', stock: 5 });
    await placeOrder(ctx, [{ product_id: agenda.id, quantity: 2 }]);
    await placeOrder(ctx, [{ product_id: agenda.id, quantity: 1 }, { product_id: caderno.id, quantity: 3 }]);
    await placeOrder(ctx, [{ product_id: caderno.id, quantity: 1 }]);
    await app.close();
    await mailbox.close();
    await database.close();
  });

  afterAll(async () => {
    await dropDatabase?.();
    await rm(dir, { recursive: true, force: true });
  });

  it('restores the same orders, items and stock after the data changed', async () => {
    const before = await figures(source);
    expect(before).toEqual({ orders: 3, items: 4, stock: [7, 1] });

    const file = join(dir, 'backups', 'loja.backup');
    await backupDatabase(source, file);

    await change(source, sql`DELETE FROM order_items`);
    await change(source, sql`UPDATE products SET stock = 99`);
    expect(await figures(source)).toMatchObject({ items: 0, stock: [99, 99] });

    const movedAside = await restoreDatabase(source, file);
    expect(await figures(source)).toEqual(before);
    // The embedded database's replaced folder is kept, so a restore can be undone.
    if ('dataDir' in source) expect(movedAside).toMatch(/db\.before-restore-/);
  });

  it('refuses a backup file that does not exist, and changes nothing', async () => {
    const before = await figures(source);
    await expect(restoreDatabase(source, join(dir, 'nada.backup'))).rejects.toThrow('não existe');
    expect(await figures(source)).toEqual(before);
  });
});

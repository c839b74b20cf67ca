// Stock held hostage (#26): one client (one address, one e-mail) places unpaid guest orders until the shop
// refuses, then the queue says when each order gives its stock back. The shop runs in process (app.inject,
// nothing leaves the machine) on a fresh database of the engine DATABASE_URL picks.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { buildApp, type App } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { jobs } from '../../src/server/db/schema.ts';
import { products } from '../../src/server/modules/catalog/tables.ts';
import { orders } from '../../src/server/modules/orders/tables.ts';
import { payments } from '../../src/server/modules/payments/tables.ts';
import { testDatabase } from '../../tests/helpers/database.ts';
import type { AbuseFigure, AbuseScenario } from './scenario.ts';

const PRODUCTS = 5;
const STOCK = 99;
/** The script's budget of checkouts: enough to take the whole catalogue one order at a time. */
const MAX_ATTEMPTS = 120;
const CLIENT = '203.0.113.7';
const EMAIL = 'script@example.org';

type Method = 'multibanco' | 'mbway';

async function checkout(app: App, productId: number, quantity: number, method: Method) {
  const items = [{ product_id: productId, quantity }];
  const totals = (await app.inject({ method: 'POST', url: '/api/order/calculate-totals', payload: { items }, remoteAddress: CLIENT })).json();
  return app.inject({
    method: 'POST',
    url: '/api/order',
    remoteAddress: CLIENT,
    payload: {
      items,
      name: 'Script',
      email: EMAIL,
      phone: '912345678',
      address: 'Rua do Script 1',
      city: 'Lisboa',
      postal_code: '1100-200',
      payment_method: method,
      shipping_cost: totals.shippingCost,
      total_price_without_tax: totals.totalPriceWithoutTax,
      total_tax: totals.totalTax,
      total_price_with_tax: totals.totalWithTax,
    },
  });
}

async function run(): Promise<AbuseFigure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'loja-abuse-stock-'));
  const database = await testDatabase();
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://loja.bench', LOG_LEVEL: 'silent' }), webDist: undefined };
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.ready();
    const rows = await database.db
      .insert(products)
      .values(Array.from({ length: PRODUCTS }, (_, i) => ({ name: `Caderno ${i + 1}`, description: 'Caderno', priceCents: 500, minPriceCents: 500, stock: STOCK })))
      .returning({ id: products.id });

    // Greedy: the most of each product an order may take, halved after each refusal (a cap, a lack of stock).
    let unitsHeld = 0;
    let attempts = 0;
    let refusal = '';
    const placed: { id: number; method: Method }[] = [];
    for (const product of rows) {
      let left = STOCK;
      let quantity = Math.min(99, left);
      while (quantity >= 1 && left > 0 && attempts < MAX_ATTEMPTS) {
        attempts += 1;
        // Both methods in turn, so each one's hold is measured.
        const method: Method = placed.length % 2 === 0 ? 'multibanco' : 'mbway';
        const res = await checkout(app, product.id, quantity, method);
        if (res.statusCode === 201) {
          unitsHeld += quantity;
          left -= quantity;
          placed.push({ id: res.json<{ id: number }>().id, method });
          quantity = Math.min(quantity, left);
        } else {
          refusal ||= `${res.statusCode} ${res.json<{ error?: string }>().error ?? ''}`;
          quantity = Math.floor(quantity / 2);
        }
      }
    }
    // The Multibanco orders' mails issue their references (and the references' expiry jobs).
    await app.jobs.drain();

    // When each order gives its stock back: its cancelling job, or later when a payment of it is still open then.
    const cancels = await database.db.select().from(jobs).where(and(eq(jobs.type, 'payment.cancel-unpaid'), isNull(jobs.doneAt)));
    const open = await database.db.select().from(payments).where(eq(payments.status, 'pending'));
    const held = await database.db.select().from(orders).where(and(eq(orders.status, 'pending'), isNull(orders.paidAt)));
    const ends = held.map((order) => {
      const cancelAt = Math.min(...cancels.filter((j) => (j.payload as { orderId: number }).orderId === order.id).map((j) => j.runAt.getTime()));
      const paymentEnd = Math.max(0, ...open.filter((p) => p.orderId === order.id).map((p) => p.expiresAt.getTime()));
      return { orderId: order.id, hours: (Math.max(cancelAt, paymentEnd) - order.orderDate.getTime()) / 3600_000 };
    });
    const hours = (method: Method) => {
      const ids = new Set(placed.filter((p) => p.method === method).map((p) => p.id));
      const spans = ends.filter((e) => ids.has(e.orderId)).map((e) => e.hours);
      return spans.length ? Math.max(...spans) : 0;
    };
    const catalogue = PRODUCTS * STOCK;
    const multibancoHours = hours('multibanco');
    const mbwayHours = hours('mbway');
    return [
      { figure: `units held unpaid by one client and one e-mail (catalogue ${catalogue}, ${attempts} checkouts)`, value: unitsHeld, holds: unitsHeld < catalogue / 10 },
      { figure: 'orders placed unpaid', value: placed.length },
      { figure: 'first refusal', value: refusal || 'none' },
      { figure: 'hours a Multibanco order holds its stock', value: multibancoHours.toFixed(2), holds: multibancoHours < 24.01 },
      { figure: 'hours an MB WAY order holds its stock (payment never started)', value: mbwayHours.toFixed(2), holds: mbwayHours < 2.01 },
    ];
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const scenarios: AbuseScenario[] = [
  { key: 'stock-hold', title: 'Stock held hostage: units one script holds unpaid from one client and e-mail, and for how long', run },
];

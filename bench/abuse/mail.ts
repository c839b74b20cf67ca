// The mail cannon of issue #26: one client places guest checkouts as fast as it can, each naming the same
// victim's e-mail and carrying the stranger's links in every field; counts what lands in the victim's inbox
// (loopback SMTP) within a minute, and the stranger's links found in those mails. The shop runs in process
// on a real loopback port with its default limits (DATABASE_URL picks the engine, PGlite otherwise).
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { products } from '../../src/server/modules/catalog/tables.ts';
import { testDatabase } from '../../tests/helpers/database.ts';
import { startMailbox } from '../../tests/helpers/mailbox.ts';
import type { AbuseFigure, AbuseScenario } from './scenario.ts';

const CHECKOUTS = 60;
const VICTIM = 'vitima@example.pt';
const STRANGER_HOST = 'evil.example';

/** Every free-text field of the checkout carries a link of the stranger's, with and without a scheme. */
const hostileFields = {
  name: `Ganhe 1000 EUR em http://${STRANGER_HOST}/premio`,
  address: `Rua https://${STRANGER_HOST}/rua 1, www.${STRANGER_HOST}/andar`,
  city: `${STRANGER_HOST}/cidade`,
  postal_code: '1100-200',
  phone: '912345678',
  nif: '123456789',
  company: `https://${STRANGER_HOST}/empresa Lda`,
};

/** The stranger's addresses a mail client would make clickable: written with a scheme or as a bare host. */
const clickable = new RegExp(`(?:https?://|www\\.)?${STRANGER_HOST.replace('.', '\\.')}`, 'g');

async function mailCannon(): Promise<AbuseFigure[]> {
  const database = await testDatabase();
  const mailbox = await startMailbox();
  const config = { ...loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://loja.test', SMTP_URL: mailbox.url, LOG_LEVEL: 'silent' }), webDist: undefined };
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const [product] = await database.db
      .insert(products)
      .values({ name: 'Agenda 2027', description: 'Agenda semanal', priceCents: 2000, stock: 1000, minPriceCents: 2000 })
      .returning();
    if (!product) throw new Error('product not stored');
    const items = [{ product_id: product.id, quantity: 1 }];
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const totals = (await (await post('/api/order/calculate-totals', { items })).json()) as Record<string, number>;
    const body = {
      items,
      ...hostileFields,
      email: VICTIM,
      payment_method: 'multibanco',
      shipping_cost: totals.shippingCost,
      total_price_without_tax: totals.totalPriceWithoutTax,
      total_tax: totals.totalTax,
      total_price_with_tax: totals.totalWithTax,
    };

    const started = performance.now();
    const statuses = await Promise.all(Array.from({ length: CHECKOUTS }, async () => (await post('/api/order', body)).status));
    const sentMs = performance.now() - started;
    await app.jobs.drain();
    const withinMinute = performance.now() - started <= 60_000;
    const inbox = mailbox.to(VICTIM);

    const anchors = inbox.reduce((n, mail) => n + [...(mail.html ?? '').matchAll(/<a\s[^>]*href="([^"]*)"/g)].filter((m) => m[1]?.includes(STRANGER_HOST)).length, 0);
    const inText = inbox.reduce((n, mail) => n + ((mail.text ?? '').match(clickable)?.length ?? 0), 0);
    const inHtml = inbox.reduce((n, mail) => n + ((mail.html ?? '').replace(/<[^>]*>/g, ' ').match(clickable)?.length ?? 0), 0);
    const count = (status: number) => statuses.filter((s) => s === status).length;
    return [
      { figure: `guest checkouts at one victim from one client (${CHECKOUTS} sent in ${(sentMs / 1000).toFixed(2)} s): 201 / 429`, value: `${count(201)} / ${count(429)}` },
      { figure: `mails in the victim's inbox within a minute${withinMinute ? '' : ' (run took over a minute)'}`, value: inbox.length, holds: inbox.length <= 5 },
      { figure: "<a> to the stranger's host in those mails' HTML", value: anchors, holds: anchors === 0 },
      { figure: "clickable stranger addresses in the text parts / HTML text", value: `${inText} / ${inHtml}`, holds: inText + inHtml === 0 },
    ];
  } finally {
    await app.close();
    await mailbox.close();
    await database.close();
  }
}

export const scenarios: AbuseScenario[] = [
  { key: 'mail', title: 'Mail cannon: guest checkouts at one victim with the stranger\'s links in every field', run: mailCannon },
];

// `npm run payments:remind [-- --now 2026-12-01T09:00:00Z]`
// Runs the reminder of the Multibanco and Payshop references still unpaid near their deadline once (the job the
// shop runs every quarter hour, decision 0049), as of `--now` (default: the present), against the shop's database
// (DATABASE_URL, or the embedded one under DATA_DIR: stop the shop first, one process holds its files). It only
// queues the mails, each reference once however often it runs; the shop's job runner sends them. The browser
// journeys use `--now` to reach a reference's reminder without waiting a day for it.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { invoicingFollower } from '../modules/invoicing/index.ts';
import { followOrders } from '../modules/orders/followers.ts';
import { createGateway, paymentsFollower } from '../modules/payments/index.ts';
import { remindUnpaidReferences } from '../modules/payments/reminders.ts';

const { values } = parseArgs({ options: { now: { type: 'string' } } });
const now = values.now === undefined ? new Date() : new Date(values.now);
if (Number.isNaN(now.getTime())) {
  console.error('Uso: npm run payments:remind [-- --now AAAA-MM-DDTHH:MM:SSZ]');
  process.exit(1);
}

const config = loadConfig();
// As buildApp does: the orders module hears of payments and invoicing through their followers (decision 0034).
followOrders({ payments: paymentsFollower, invoicing: invoicingFollower });
const database = openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db`, statementTimeoutMs: config.statementTimeoutMs });
try {
  const reminded = await remindUnpaidReferences({ db: database.db, config, gateway: createGateway(config) }, now);
  console.log(`Lembretes de referências por pagar: ${reminded} (a ${now.toISOString()}).`);
} finally {
  await database.close();
}

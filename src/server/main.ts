import type { FastifyListenOptions } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoCatalogue } from './modules/catalog/demo/seed.ts';
import { seedDemoContent } from './modules/content/demo.ts';
import { seedDemoServices } from './modules/services/demo.ts';
import { ensureAdmin } from './modules/users/first-admin.ts';
import { scheduleBackups } from './platform/backup-schedule.ts';
import { fullShareOfTheCpu, inheritedSocket } from './platform/inherited-socket.ts';
import { warmUp } from './platform/warm-up.ts';
import { scheduleRetentionPurge } from './modules/privacy/retention-purge.ts';
import { scheduleReferenceReminders } from './modules/payments/reminders.ts';

async function main() {
  const config = loadConfig();
  const database = openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db`, statementTimeoutMs: config.statementTimeoutMs });
  if (config.migrateOnStart) await database.migrate();
  const app = await buildApp({ config, database });

  // A first start on the embedded database opens a shop worth looking at; a PostgreSQL shop is production
  // and gets the demo only when asked (DEMO_CATALOGUE=true or `npm run db:seed`).
  const seedDemo = config.demoCatalogue === 'true' || (config.demoCatalogue === 'auto' && database.engine === 'pglite');
  if (seedDemo) {
    const created = await seedDemoCatalogue(database.db);
    if (created) app.log.info(`Catálogo de demonstração criado: ${created} produtos.`);
    // The home page's welcome text comes with a fresh demo shop only, like its pictures.
    if (created) await seedDemoContent(database.db);
    // Only with a fresh catalogue: a shop whose owner deleted every service must not get them back at a restart.
    const services = created ? await seedDemoServices(database.db) : 0;
    if (services) app.log.info(`Serviços de demonstração criados: ${services}.`);
  }

  const admin = await ensureAdmin(database.db, config.admin);
  if (admin.kind === 'created') {
    const secret = admin.password ? `palavra-passe: ${admin.password}` : 'palavra-passe: a de ADMIN_PASSWORD';
    app.log.info(`Conta de administrador criada. Entre em ${config.publicUrl}/login com o email ${admin.email} e a ${secret}`);
  }

  let closing = false;
  // While stopping, every answer tells its client to close the connection: a keep-alive connection left open
  // (Fastify keeps them 72 s) would hold the close past the grace period, and the process would be killed.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests and the running job');
    const timer = setTimeout(() => process.exit(1), 25_000);
    let sweep: NodeJS.Timeout | undefined;
    try {
      // First drain: every answer closes its connection, so the proxy's connections here end, and /api/ready
      // says no (but on a socket systemd holds, decision 0058), so a proxy stops sending here, while requests
      // already on their way (sent on an open connection a moment ago) are still answered instead of reset.
      app.draining = true;
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      // Then stop: connections that fall idle once their answer is sent close at once, not after their keep-alive.
      sweep = setInterval(() => app.server.closeIdleConnections(), 100);
      sweep.unref();
      // The app's close waits for requests in flight and the job in hand; only then may the pool go
      // (an onClose hook added here would run first, closing the pool under a running mail job).
      await app.close();
      clearInterval(sweep);
      await database.close();
      clearTimeout(timer);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Socket activation (decision 0051): the socket systemd holds, else PORT. Fastify takes the host only to
  // name the address; 'localhost' would make it bind more addresses, so a handed-over socket is named by IP.
  const fd = inheritedSocket();
  app.socketHandedOver = fd !== undefined;
  // Fastify passes its options on to net.Server#listen, which takes `fd` (Fastify's types do not name it).
  const handedOver = { fd, host: config.host === 'localhost' ? '127.0.0.1' : config.host } as FastifyListenOptions;
  // Warm before taking any request (decision 0058): on a socket systemd holds, the process it joins or replaces
  // carries the traffic meanwhile; a start niced by its unit leaves it the CPU, and takes its full share once it listens.
  const warm = await warmUp(app);
  app.log.info(warm, `warmed up: ${warm.pages.length} pages × ${warm.rounds} rounds in ${Math.round(warm.ms)} ms`);
  await app.listen(fd === undefined ? { port: config.port, host: config.host } : handedOver);
  fullShareOfTheCpu(app.log);
  app.jobs.start();
  app.opsWatch.start();
  if (config.ops.backup) await scheduleBackups(database, config.ops.backup);
  await scheduleRetentionPurge(database.db);
  // Unpaid Multibanco references near their deadline are reminded every quarter hour (decision 0049).
  await scheduleReferenceReminders(database.db);
  app.log.info(`Loja a funcionar em ${config.publicUrl} (base de dados: ${database.engine})`);
  if (config.shop.examples.length) {
    app.log.warn(
      `Os dados da loja ainda têm valores de exemplo (${config.shop.examples.map((x) => x.setting).join(', ')}): defina-os no ambiente antes de abrir a loja ao público.`,
    );
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});

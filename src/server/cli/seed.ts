// `npm run db:seed`: fills an empty shop with the demo catalogue (24 products with pictures and the
// home page's 'Sobre' picture) and a shop without services with the 4 demo services. A shop that has
// products (or services) keeps them as they are.
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { seedDemoCatalogue } from '../modules/catalog/demo/seed.ts';
import { seedDemoContent } from '../modules/content/demo.ts';
import { seedDemoServices } from '../modules/services/demo.ts';

const config = loadConfig();
const database = openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db`, statementTimeoutMs: config.statementTimeoutMs });
try {
  await database.migrate();
  const created = await seedDemoCatalogue(database.db);
  console.log(
    created
      ? `Catálogo de demonstração criado: ${created} produtos (${database.engine}).`
      : `A loja já tem produtos: o catálogo de demonstração não foi criado (${database.engine}).`,
  );
  // Blocks the owner already wrote are kept; only missing ones get the demo text.
  const blocks = await seedDemoContent(database.db);
  if (blocks) console.log(`Textos de demonstração da página inicial criados: ${blocks}.`);
  const services = await seedDemoServices(database.db);
  console.log(services ? `Serviços de demonstração criados: ${services}.` : 'A loja já tem serviços: os serviços de demonstração não foram criados.');
} finally {
  await database.close();
}

// `npm run db:seed`: fills an empty shop with the demo catalogue (24 products with pictures and the
// home page's 'Sobre' picture). A shop that has products is left as it is.
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { seedDemoCatalogue } from '../modules/catalog/demo/seed.ts';

const config = loadConfig();
const database = openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db` });
try {
  await database.migrate();
  const created = await seedDemoCatalogue(database.db);
  console.log(
    created
      ? `Catálogo de demonstração criado: ${created} produtos (${database.engine}).`
      : `A loja já tem produtos: o catálogo de demonstração não foi criado (${database.engine}).`,
  );
} finally {
  await database.close();
}

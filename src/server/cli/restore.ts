// `npm run db:restore -- file`: puts a backup back (stop the shop first).
import { join } from 'node:path';
import { loadConfig } from '../config.ts';
import { restoreDatabase } from '../db/backup.ts';

const file = process.argv[2];
if (!file) {
  console.error('Indique o ficheiro da cópia: npm run db:restore -- backups/loja-....dump');
  process.exit(1);
}
const config = loadConfig();
const movedAside = await restoreDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: join(config.dataDir, 'db') }, file);
console.log(`Cópia de segurança reposta a partir de ${file}.`);
if (movedAside) console.log(`A base de dados anterior ficou em ${movedAside}.`);

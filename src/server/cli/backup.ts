// `npm run db:backup [-- file]`: a whole copy of the shop's data (stop the shop first on the embedded database).
import { join } from 'node:path';
import { loadConfig } from '../config.ts';
import { backupDatabase } from '../db/backup.ts';

const config = loadConfig();
const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
const file = process.argv[2] ?? join('backups', `loja-${stamp}.${config.databaseUrl ? 'dump' : 'tar.gz'}`);
await backupDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: join(config.dataDir, 'db') }, file);
console.log(`Cópia de segurança criada: ${file}`);

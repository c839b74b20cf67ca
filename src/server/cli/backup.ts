// `npm run db:backup [-- file]`: a whole copy of the shop's data (stop the shop first on the embedded database),
// in BACKUP_DIR when it is set (else backups/), with its figures beside it for `npm run db:restore-check`.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../config.ts';
import { backupOpenDatabase } from '../db/backup.ts';
import { backupFileName } from '../db/backup-files.ts';
import { openDatabase } from '../db/client.ts';

const config = loadConfig();
if (!config.databaseUrl && !existsSync(join(config.dataDir, 'db'))) {
  console.error(`Não existe uma base de dados em ${join(config.dataDir, 'db')}.`);
  process.exit(1);
}
const database = openDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, 'db') });
try {
  const file = process.argv[2] ?? join(config.ops.backup?.dir ?? 'backups', backupFileName(database.engine));
  const figures = await backupOpenDatabase(database, file);
  console.log(`Cópia de segurança criada: ${file} (${figures.orders} encomendas, ${figures.items} linhas, stock total ${figures.stock}).`);
} finally {
  await database.close();
}

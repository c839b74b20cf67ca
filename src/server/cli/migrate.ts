// `npm run db:migrate`: applies the SQL migrations (the app also does this at start).
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';

const config = loadConfig();
const database = openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db`, statementTimeoutMs: config.statementTimeoutMs });
await database.migrate();
await database.close();
console.log(`Migrações aplicadas (${database.engine}).`);

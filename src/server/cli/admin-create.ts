// `npm run admin:create -- --email ana@loja.pt --username Ana --password 'uma-senha-longa'`
// Creates a verified admin, or makes the existing account with that e-mail a verified admin with this password.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { email, username } from '#shared/schemas/common.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { promoteToAdmin } from '../modules/users/first-admin.ts';
import { findUserByEmail, insertUser } from '../modules/users/users.ts';

const { values } = parseArgs({
  options: { email: { type: 'string' }, username: { type: 'string' }, password: { type: 'string' } },
});
const parsed = z
  .object({ email, username: username.default('Administrador'), password: z.string().min(8, { error: 'a palavra-passe precisa de 8 caracteres ou mais' }).max(200) })
  .safeParse(values);
if (!parsed.success) {
  console.error('Uso: npm run admin:create -- --email EMAIL --username NOME --password PALAVRA-PASSE');
  for (const issue of parsed.error.issues) console.error(`  --${issue.path.join('.')}: ${issue.message}`);
  process.exit(1);
}
const input = parsed.data;

const config = loadConfig();
const database = openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db`, statementTimeoutMs: config.statementTimeoutMs });
try {
  await database.migrate();
  const existing = await findUserByEmail(database.db, input.email);
  if (existing) {
    await promoteToAdmin(database.db, existing.id, input);
    console.log(`A conta ${input.email} passou a administradora (verificada, com a nova palavra-passe).`);
  } else {
    await insertUser(database.db, { ...input, isAdmin: true, isVerified: true });
    console.log(`Administrador ${input.email} criado. Entre em ${config.publicUrl}/login.`);
  }
} finally {
  await database.close();
}

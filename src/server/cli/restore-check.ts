// `npm run db:restore-check [-- file]`: restores the newest backup of BACKUP_DIR (or backups/, or the file
// given) into a scratch database and compares its orders, items and stock with the figures taken when it was
// made; exits 1 when they differ. `-- --sample` first makes a small shop and its backup (for CI).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config.ts';
import { listBackups } from '../db/backup-files.ts';
import { restoreCheck } from '../db/restore-check.ts';
import { sampleShopBackup } from '../db/restore-check-sample.ts';

const config = loadConfig();
const sample = process.argv.includes('--sample');
const given = process.argv.slice(2).find((a) => !a.startsWith('--'));
const sampleDir = sample ? await mkdtemp(join(tmpdir(), 'loja-sample-backup-')) : undefined;
try {
  const file = sampleDir ? await sampleShopBackup(config.databaseUrl, sampleDir) : (given ?? listBackups(config.ops.backup?.dir ?? 'backups')[0]?.file);
  if (!file) {
    console.error(`Não há cópias de segurança em ${config.ops.backup?.dir ?? 'backups'}.`);
    process.exit(1);
  }
  const { expected, restored, same } = await restoreCheck(file, config.databaseUrl);
  const line = (f: typeof expected) => `${f.orders} encomendas, ${f.items} linhas, stock total ${f.stock}`;
  console.log(`Cópia: ${file}\n  quando foi feita: ${line(expected)}\n  reposta à parte:  ${line(restored)}`);
  if (!same) {
    console.error('A cópia reposta não tem os mesmos números.');
    process.exitCode = 1;
  } else {
    console.log('A cópia repõe-se inteira.');
  }
} finally {
  if (sampleDir) await rm(sampleDir, { recursive: true, force: true });
}

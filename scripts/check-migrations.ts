// Run by `npm run lint`: the migrations added since the previous release may not drop or rename a column (or a
// table) that the previous release's code still reads (decision 0039: additive first, destructive a release
// later). The previous release is MIGRATION_BASE when set, else the newest tag, else the commit before HEAD.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { declaredColumns, unsafeMigrations } from '../src/server/db/migration-safety.ts';

const MIGRATIONS = 'src/server/db/migrations';
const git = (...args: string[]) => {
  const run = spawnSync('git', args, { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : undefined;
};

const base = process.env.MIGRATION_BASE || git('describe', '--tags', '--abbrev=0') || 'HEAD~1';
if (!git('rev-parse', '--verify', '--quiet', `${base}^{commit}`)) {
  console.log(`check-migrations: ${base} is not in this checkout (a shallow clone?); set MIGRATION_BASE to the released commit.`);
  process.exit(0);
}
const released = new Set((git('ls-tree', '--name-only', `${base}:${MIGRATIONS}`) ?? '').split('\n'));
const added = readdirSync(MIGRATIONS)
  .filter((name) => name.endsWith('.sql') && !released.has(name))
  .map((name) => ({ name, sql: readFileSync(join(MIGRATIONS, name), 'utf8') }));
const schemaFiles = (git('ls-tree', '-r', '--name-only', base, '--', 'src/server') ?? '')
  .split('\n')
  .filter((path) => path.endsWith('/tables.ts') || path === 'src/server/db/schema.ts');
const previous = declaredColumns(schemaFiles.map((path) => git('show', `${base}:${path}`) ?? ''));
const problems = unsafeMigrations(added, previous);
if (problems.length) {
  for (const problem of problems) console.error(`✖ ${problem}`);
  console.error(`Release the code that stops reading it first; drop it in a later release (docs/decisions/0039). Compared with ${base}.`);
  process.exit(1);
}

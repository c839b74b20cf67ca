import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { icons } from './vite.config.ts';

const testFiles = ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts', 'bench/**/*.test.ts'];
const root = import.meta.dirname;
const read = (file: string) => readFileSync(join(root, file), 'utf8');
/** The files under `dir` (relative to the root) whose path matches `pattern`. */
const filesUnder = (dir: string, pattern: RegExp) =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).map((file) => `${dir}/${file}`).filter((file) => pattern.test(file));

/**
 * The test files that reach a database, found by what they import, not by a list: every `*.api.test.ts`,
 * and any other test file that imports a helper of tests/helpers/ that opens the test database (directly
 * or through another helper), opens one itself or reads DATABASE_URL. They form the 'db' project, which
 * CI runs a second time on PostgreSQL (decision 0031); a new database test cannot stay out of it.
 */
function databaseTestFiles(): string[] {
  const opensDatabase = /\btestDatabase\b|\bopenDatabase\b|\bopenPgliteClient\b|@electric-sql\/pglite|\bDATABASE_URL\b/;
  const helperSources = new Map(filesUnder('tests/helpers', /^tests\/helpers\/[\w-]+\.ts$/).map((file) => [file.replace(/^tests\/helpers\/|\.ts$/g, ''), read(file)]));
  const importsOf = (source: string) => [...source.matchAll(/from '(?:\.\/|(?:\.\.\/)+tests\/helpers\/)([\w-]+)(?:\.ts)?'/g)].map((m) => m[1] as string);
  // A helper reaches the database when it opens one or imports a helper that does (type imports too:
  // shop.ts works on the app's TestContext).
  const reaching = new Set<string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, source] of helperSources) {
      if (reaching.has(name)) continue;
      if (opensDatabase.test(source) || importsOf(source).some((helper) => reaching.has(helper))) {
        reaching.add(name);
        grew = true;
      }
    }
  }
  return [...filesUnder('src', /\.test\.tsx?$/), ...filesUnder('tests', /\.test\.ts$/)].filter((file) => {
    if (file.endsWith('.api.test.ts')) return true;
    const source = read(file);
    return opensDatabase.test(source) || importsOf(source).some((helper) => reaching.has(helper));
  });
}

const databaseTests = databaseTestFiles();

export default defineConfig({
  plugins: [icons()],
  test: {
    setupFiles: ['tests/setup.ts'],
    // Each API test file gets its own database; two cores, so keep parallel files few.
    maxWorkers: 2,
    // A worker's files share the modules it has loaded: each file still opens its own database and app, or its own
    // document (jsdom, set up again per file), but the server's and the app's modules load once a worker rather than
    // once a file. On a 2-core machine: the db project on PostgreSQL 169 → 87 s, the unit project 69 → 28 s, the
    // same tests passing, in shuffled file orders too (`--sequence.shuffle.files`).
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // `vitest run` runs both; `vitest run --project db` only the files that reach a database.
    projects: [
      { extends: true, test: { name: 'unit', include: testFiles, exclude: [...configDefaults.exclude, ...databaseTests] } },
      { extends: true, test: { name: 'db', include: databaseTests } },
    ],
  },
});

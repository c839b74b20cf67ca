/**
 * Upgrades without downtime (issue #31, decision 0039): while two processes are restarted one after the other,
 * the previous release's code runs against the new schema. A migration may therefore only drop or rename a
 * column (or a table) that the previous release no longer reads. This finds the ones that break that rule.
 */

/** The tables and columns a release's Drizzle schema declares (its tables.ts and db/schema.ts files). */
export function declaredColumns(schemaSources: string[]): Map<string, Set<string>> {
  const tables = new Map<string, Set<string>>();
  for (const source of schemaSources) {
    // Each pgTable('name', { ...columns }) up to the next one: columns are written text('column_name'), integer('...')...
    const parts = source.split(/pgTable\(\s*/).slice(1);
    for (const part of parts) {
      const name = /^['"](\w+)['"]/.exec(part)?.[1];
      if (!name) continue;
      const columns = tables.get(name) ?? new Set<string>();
      for (const match of part.matchAll(/\b\w+\(\s*['"]([a-z0-9_]+)['"]/g)) if (match[1] !== name) columns.add(match[1] as string);
      tables.set(name, columns);
    }
  }
  return tables;
}

type Migration = { name: string; sql: string };

const ident = String.raw`"?(\w+)"?`;
const ALTER = new RegExp(String.raw`ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?(?:"?public"?\.)?${ident}\s+([^;]*)`, 'gi');
const DROP_TABLE = new RegExp(String.raw`DROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:"?public"?\.)?${ident}`, 'gi');

/** Every destructive statement of the new migrations that touches what the previous release reads. */
export function unsafeMigrations(migrations: Migration[], previous: Map<string, Set<string>>): string[] {
  const problems: string[] = [];
  for (const { name, sql } of migrations) {
    const text = sql.replace(/--.*$/gm, '');
    for (const [, table = '', action = ''] of text.matchAll(ALTER)) {
      const read = previous.get(table);
      if (!read) continue;
      for (const [, column = ''] of action.matchAll(new RegExp(String.raw`DROP\s+COLUMN\s+(?:IF\s+EXISTS\s+)?${ident}`, 'gi'))) {
        if (read.has(column)) problems.push(`${name}: drops ${table}.${column}, which the previous release still reads`);
      }
      for (const [, column = ''] of action.matchAll(new RegExp(String.raw`RENAME\s+(?:COLUMN\s+)?${ident}\s+TO\b`, 'gi'))) {
        if (read.has(column)) problems.push(`${name}: renames ${table}.${column}, which the previous release still reads`);
      }
      if (/^\s*RENAME\s+TO\b/i.test(action)) problems.push(`${name}: renames the table ${table}, which the previous release still reads`);
    }
    for (const [, table = ''] of text.matchAll(DROP_TABLE)) {
      if (previous.has(table)) problems.push(`${name}: drops the table ${table}, which the previous release still reads`);
    }
  }
  return problems;
}

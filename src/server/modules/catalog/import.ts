import { parse } from 'csv-parse/sync';
import { eq, inArray } from 'drizzle-orm';
import { fill } from '#shared/messages.ts';
import { productFields, type ProductFields } from '#shared/schemas/catalog.ts';
import { importMessages, MAX_IMPORT_LINES, type ProductImportResult } from '#shared/schemas/exports.ts';
import type { Db, Tx } from '../../db/client.ts';
import { FORMULA_START } from '../../platform/csv.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import { createProduct, updateProduct } from './products.ts';
import { products, productVariants } from './tables.ts';

// Products from the export's own CSV (issue #17): the same columns, `;` or `,`, decimal commas. A line is a
// product, or one variant of it (lines with the same ID, or without an ID the same name, and a Variante).

const REQUIRED = ['Nome', 'Descrição', 'Tipo', 'Preço com IVA', 'Stock'] as const;

type Line = { line: number; cells: Record<string, string> };
type Group = { id: number | null; lines: Line[] };
type Problem = ProductImportResult['problems'][number];

/** The file's lines under its header's names; what cannot be read as CSV is one problem for the whole file. */
function readLines(csv: string): Line[] {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  // The export's `;`, or the comma of a file made elsewhere (then prices must use a decimal point or quotes).
  const header = csv.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = header.includes(';') ? ';' : ',';
  try {
    records = parse(csv, { bom: true, delimiter, columns: (header: string[]) => header.map((h) => h.trim()), skip_empty_lines: true, relax_column_count: true, info: true });
  } catch (err) {
    throw invalid(fill(importMessages.unreadable, { reason: (err as Error).message.replace(/\.$/, '') }));
  }
  if (!records.length) throw invalid(importMessages.empty);
  if (records.length > MAX_IMPORT_LINES) throw invalid(fill(importMessages.tooMany, { max: MAX_IMPORT_LINES }));
  const missing = REQUIRED.find((column) => !(column in (records[0]?.record ?? {})));
  if (missing) throw invalid(fill(importMessages.column, { column: missing }));
  return records.map(({ record, info }) => ({ line: info.lines, cells: Object.fromEntries(Object.entries(record).map(([k, v]) => [k, (v ?? '').trim()])) }));
}

/**
 * A cell a spreadsheet would run (`=HYPERLINK(…)`, `@SUM(…)`, `-2+3+cmd|…`) is refused by line and column
 * (decision record 0027); a plain number (`-12,50`) is not a formula. A cell the export neutralised (`'=…`,
 * OWASP's apostrophe) is read back as the text it stands for, so an export imports as it was. Cells are
 * trimmed before this, so a leading tab or CR is gone and what follows is checked.
 */
function refuseFormulas(lines: Line[], problems: Problem[]) {
  for (const line of lines) {
    for (const [column, cell] of Object.entries(line.cells)) {
      if (/^'[=+\-@\t\r]/.test(cell)) line.cells[column] = cell.slice(1);
      else if (FORMULA_START.test(cell) && !/^-\d+(,\d+)?$/.test(cell)) {
        problems.push({ line: line.line, message: fill(importMessages.formula, { column, sign: cell.charAt(0) }) });
      }
    }
  }
}

/** Lines into products: by ID, or by name for the variants of a new product. */
function groupLines(lines: Line[], problems: Problem[]): Group[] {
  const groups = new Map<string, Group>();
  for (const line of lines) {
    const idText = line.cells.ID ?? '';
    const id = /^\d{1,10}$/.test(idText) ? Number(idText) : null;
    if (idText && id === null) {
      problems.push({ line: line.line, message: fill(importMessages.unknownId, { id: idText }) });
      continue;
    }
    const key = id !== null ? `id:${id}` : `name:${(line.cells.Nome ?? '').toLocaleLowerCase('pt')}`;
    const group = groups.get(key) ?? { id, lines: [] };
    group.lines.push(line);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** A group's product form, checked by the same rules as the admin's form; its problems by line. */
function fieldsOf(group: Group, problems: Problem[]): ProductFields | undefined {
  const [first] = group.lines as [Line, ...Line[]];
  const type = (first.cells.Tipo ?? '').toLocaleLowerCase('pt');
  if (!['físico', 'fisico', 'digital'].includes(type)) {
    problems.push({ line: first.line, message: importMessages.type });
    return undefined;
  }
  const withVariant = group.lines.filter((l) => l.cells.Variante);
  if (withVariant.length && withVariant.length !== group.lines.length) {
    problems.push({ line: first.line, message: importMessages.mixed });
    return undefined;
  }
  if (!withVariant.length && group.lines.length > 1) {
    problems.push({ line: group.lines[1]?.line ?? first.line, message: fill(importMessages.repeated, { name: first.cells.Nome ?? '' }) });
    return undefined;
  }
  const parsed = productFields.safeParse({
    name: first.cells.Nome,
    description: first.cells['Descrição'],
    order: first.cells.Ordem || '0',
    isDigital: type === 'digital' ? 'true' : 'false',
    link: first.cells['Link de acesso'] || undefined,
    hasVariants: withVariant.length ? 'true' : 'false',
    price: first.cells['Preço com IVA'],
    stock: first.cells.Stock,
    variants: !withVariant.length ? '[]' : JSON.stringify(group.lines.map((l) => ({ name: l.cells.Variante, price: l.cells['Preço com IVA'], stock: l.cells.Stock, sku: l.cells.SKU || null }))),
  });
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const variantIndex = issue.path[0] === 'variants' && typeof issue.path[1] === 'number' ? issue.path[1] : undefined;
    const line = variantIndex === undefined ? first.line : (group.lines[variantIndex]?.line ?? first.line);
    if (!problems.some((p) => p.line === line && p.message === issue.message)) problems.push({ line, message: issue.message });
  }
  return undefined;
}

/** Thrown to roll a dry run (or an import with problems) back after every product was tried. */
class RollBack extends Error {}

/**
 * Checks every line and tries every product in one transaction, each in a savepoint (so the database's own
 * rules, like a SKU taken, are checked too); a dry run or any problem rolls all of it back, otherwise it is
 * committed at once: the shop never holds half a file.
 */
export async function importProducts(db: Db, csv: string, dryRun: boolean): Promise<ProductImportResult> {
  const problems: Problem[] = [];
  const all = readLines(csv);
  refuseFormulas(all, problems);
  const lines = all.filter((l) => (l.cells.Estado ?? '').toLocaleLowerCase('pt') !== 'arquivado');
  const groups = groupLines(lines, problems);
  const planned = groups.map((group) => ({ group, fields: fieldsOf(group, problems) }));
  const counts = { creates: 0, updates: 0 };

  const apply = async (tx: Tx) => {
    const ids = groups.flatMap((g) => (g.id === null ? [] : [g.id]));
    const existing = ids.length ? await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids)) : [];
    const known = new Set(existing.map((p) => p.id));
    for (const { group, fields } of planned) {
      const line = group.lines[0]?.line ?? 0;
      if (group.id !== null && !known.has(group.id)) {
        problems.push({ line, message: fill(importMessages.unknownId, { id: group.id }) });
        continue;
      }
      if (!fields) continue;
      try {
        await tx.transaction(async (sp) => {
          if (group.id === null) await createProduct(sp, fields, []);
          else await updateProduct(sp, group.id, await withVariantIds(sp, group.id, fields), []);
        });
        counts[group.id === null ? 'creates' : 'updates']++;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const detail = Object.values(err.fields ?? {})[0];
        problems.push({ line, message: typeof detail === 'string' ? detail : err.message });
      }
    }
    if (dryRun || problems.length) throw new RollBack();
  };

  try {
    await db.transaction(apply);
  } catch (err) {
    if (!(err instanceof RollBack)) throw err;
  }
  problems.sort((a, b) => a.line - b.line);
  const imported = !dryRun && problems.length === 0;
  const message = problems.length ? importMessages.problems : fill(imported ? importMessages.done : importMessages.checked, counts);
  return { dryRun, imported, lines: all.length, ...counts, skipped: all.length - lines.length, problems, message };
}

/** An update keeps the variants it names (by name) as the same rows: orders and stock stay attached to them. */
async function withVariantIds(tx: Tx, productId: number, fields: ProductFields): Promise<ProductFields> {
  if (!fields.variants.length) return fields;
  const rows = await tx.select({ id: productVariants.id, name: productVariants.name }).from(productVariants).where(eq(productVariants.productId, productId));
  const idOf = new Map(rows.map((r) => [r.name.toLocaleLowerCase('pt'), r.id]));
  return { ...fields, variants: fields.variants.map((v) => ({ ...v, id: idOf.get(v.name.toLocaleLowerCase('pt')) })) };
}

import { parse } from 'csv-parse';
import { fill } from '#shared/messages.ts';
import { productFields, type ProductFields } from '#shared/schemas/catalog.ts';
import { importMessages, MAX_IMPORT_LINES, type ProductImportResult } from '#shared/schemas/exports.ts';
import type { Db } from '../../db/client.ts';
import { FORMULA_START } from '../../platform/csv.ts';
import { invalid } from '../../platform/errors.ts';
import { checkAgainstShop, type PlannedProduct } from './import-checks.ts';
import { writeImport } from './import-write.ts';

// Products from the export's own CSV (issue #17): the same columns, `;` or `,`, decimal commas. A line is a
// product, or one variant of it (lines with the same ID, or without an ID the same name, and a Variante).

const REQUIRED = ['Nome', 'Descrição', 'Tipo', 'Preço com IVA', 'Stock'] as const;

type Line = { line: number; cells: Record<string, string> };
type Group = { id: number | null; lines: Line[] };
type Problem = ProductImportResult['problems'][number];

/** Lines read or checked between two turns of the event loop: a big file never holds up the shop's other requests. */
const SLICE = 50;
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The file's lines under its header's names; what cannot be read as CSV is one problem for the whole file. */
async function readLines(csv: string): Promise<Line[]> {
  const records: { record: Record<string, string>; info: { lines: number } }[] = [];
  // The export's `;`, or the comma of a file made elsewhere (then prices must use a decimal point or quotes).
  const header = csv.slice(0, csv.search(/\r?\n|$/));
  const delimiter = header.includes(';') ? ';' : ',';
  const parser = parse({ bom: true, delimiter, columns: (header: string[]) => header.map((h) => h.trim()), skip_empty_lines: true, relax_column_count: true, info: true });
  let failure: Error | undefined;
  parser.on('data', (record: (typeof records)[number]) => records.push(record));
  parser.on('error', (err: Error) => (failure ??= err));
  const ended = new Promise<void>((resolve) => parser.once('end', resolve).once('error', () => resolve()));
  // Fed a slice at a time, with the event loop free in between.
  const size = SLICE * 100;
  for (let at = 0; at < csv.length && !failure && records.length <= MAX_IMPORT_LINES; at += size) {
    parser.write(csv.slice(at, at + size));
    await yieldToOthers();
  }
  if (!failure) parser.end();
  await (failure ? undefined : ended);
  if (failure) throw invalid(fill(importMessages.unreadable, { reason: failure.message.replace(/\.$/, '') }));
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

/**
 * Checks the whole file first (each line by the admin form's rules, then against the shop's data, reading
 * only), and writes only a file without problems, in short batches (import-write.ts): a dry run locks
 * nothing, a refused file writes nothing (and uses up no ids), and no checkout waits for the whole file.
 */
export async function importProducts(db: Db, csv: string, dryRun: boolean): Promise<ProductImportResult> {
  const problems: Problem[] = [];
  const all = await readLines(csv);
  refuseFormulas(all, problems);
  const lines = all.filter((l) => (l.cells.Estado ?? '').toLocaleLowerCase('pt') !== 'arquivado');
  const groups = groupLines(lines, problems);
  const planned: PlannedProduct[] = [];
  for (const [index, group] of groups.entries()) {
    if (index % SLICE === SLICE - 1) await yieldToOthers();
    const fields = fieldsOf(group, problems);
    if (fields) planned.push({ id: group.id, line: group.lines[0]?.line ?? 0, fields });
  }
  const checked = await checkAgainstShop(db, planned, problems);
  const counts = { creates: checked.filter((p) => p.id === null).length, updates: checked.filter((p) => p.id !== null).length };
  const summary = { dryRun, lines: all.length, skipped: all.length - lines.length };
  if (dryRun || problems.length) {
    problems.sort((a, b) => a.line - b.line);
    return { ...summary, imported: false, ...counts, problems, message: problems.length ? importMessages.problems : fill(importMessages.checked, counts) };
  }
  const written = await writeImport(db, checked);
  if (!written.stoppedAt) return { ...summary, imported: true, ...counts, problems, message: fill(importMessages.done, counts) };
  const { line, reason } = written.stoppedAt;
  return { ...summary, imported: false, ...written.counts, problems: [{ line, message: reason }], message: fill(importMessages.interrupted, { line, reason, ...written.counts }) };
}

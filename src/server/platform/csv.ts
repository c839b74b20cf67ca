import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

const shopNumber = Symbol('a number the shop wrote');

/**
 * A number the shop wrote (an amount, a count), as opposed to text someone typed: written as it is, so a
 * refund's `-12,50` stays a number the accountant can add up. Only `csvCents` and `csvCount` make one, so its
 * text is always digits, an optional leading minus and a decimal comma (decision record 0027).
 */
export type CsvNumber = { readonly [shopNumber]: string };

/** A cell of an export: a number the shop wrote, or text, which is neutralised (`csvText`). */
export type CsvCell = string | CsvNumber;

/**
 * Cents as a spreadsheet in Portuguese reads a number: `1234,50` (a decimal comma, no thousands separator,
 * which Excel would take for text).
 */
export function csvCents(cents: number): CsvNumber {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(Math.trunc(cents));
  return { [shopNumber]: `${sign}${Math.floor(whole / 100)},${String(whole % 100).padStart(2, '0')}` };
}

/** A whole number (an id, a quantity, a stock). */
export const csvCount = (count: number): CsvNumber => ({ [shopNumber]: String(Math.trunc(count)) });

/** What a spreadsheet takes for the start of a formula (OWASP's "CSV injection"): = + - @, a tab, a carriage return. */
export const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text as a spreadsheet shows it, never runs it: a cell starting like a formula gets OWASP's leading
 * apostrophe (and is quoted, `sendCsv`), so `=HYPERLINK(…)` in a guest's name reads `'=HYPERLINK(…)`.
 */
export const csvText = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

const cellText = (cell: CsvCell) => (typeof cell === 'string' ? csvText(cell) : cell[shopNumber]);

async function* neutralised(rows: AsyncIterable<readonly CsvCell[]>) {
  for await (const row of rows) yield row.map(cellText);
}

/**
 * Sends `rows` as a CSV download Excel in Portuguese opens as it is: UTF-8 with a BOM, `;` between fields,
 * CRLF between lines, quotes where a field needs them (and around every neutralised one). Streamed as the
 * rows come (a batch at a time from the database), so a large export never sits in memory; a failure midway
 * cuts the download off rather than ending it as if it were whole. Every text cell goes through `csvText`.
 */
export function sendCsv(reply: FastifyReply, filename: string, columns: readonly string[], rows: AsyncIterable<readonly CsvCell[]>) {
  const options = { bom: true, delimiter: ';', record_delimiter: 'windows', header: true, columns: columns.map(csvText), quoted_match: /^'/ } as const;
  const csv = pipeline(Readable.from(neutralised(rows)), stringify(options), (err) => {
    if (err) reply.log.error({ err }, 'CSV export cut off');
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(csv);
}

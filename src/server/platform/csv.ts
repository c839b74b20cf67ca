import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/**
 * Cents as a spreadsheet in Portuguese reads a number: `1234,50` (a decimal comma, no thousands separator,
 * which Excel would take for text).
 */
export function csvCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)},${String(whole % 100).padStart(2, '0')}`;
}

/**
 * Sends `rows` as a CSV download Excel in Portuguese opens as it is: UTF-8 with a BOM, `;` between fields,
 * CRLF between lines, quotes where a field needs them. Streamed as the rows come (a batch at a time from the
 * database), so a large export never sits in memory; a failure midway cuts the download off rather than
 * ending it as if it were whole.
 */
export function sendCsv(reply: FastifyReply, filename: string, columns: readonly string[], rows: AsyncIterable<readonly unknown[]>) {
  const csv = pipeline(Readable.from(rows), stringify({ bom: true, delimiter: ';', record_delimiter: 'windows', header: true, columns: [...columns] }), (err) => {
    if (err) reply.log.error({ err }, 'CSV export cut off');
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(csv);
}

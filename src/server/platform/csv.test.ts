import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { csvCells, isLiveCell, PLAIN_NUMBER } from '../../../tests/helpers/spreadsheet.ts';
import { csvCents, csvCount, sendCsv, type CsvCell } from './csv.ts';

// Decision record 0027: text is neutralised, the shop's own numbers (a refund's negative amount among them)
// are written as numbers.

async function exported(row: CsvCell[]) {
  const app = Fastify();
  app.get('/export.csv', (_request, reply) => sendCsv(reply, 'teste.csv', row.map((_, i) => `Coluna ${i + 1}`), (async function* () { yield row; })()));
  const res = await app.inject({ method: 'GET', url: '/export.csv' });
  await app.close();
  return { body: res.body, cells: csvCells(res.body)[1] ?? [] };
}

describe('CSV cells', () => {
  it('writes a negative amount and a count as numbers, and the same text typed by someone as text', async () => {
    const { body, cells } = await exported([csvCents(-1250), csvCount(-3), '-12,50', '-HYPERLINK("http://evil.example")', csvCents(-7), 'Caixa']);
    expect(cells).toEqual(['-12,50', '-3', "'-12,50", '\'-HYPERLINK("http://evil.example")', '-0,07', 'Caixa']);
    expect(cells.filter((cell) => PLAIN_NUMBER.test(cell))).toEqual(['-12,50', '-3', '-0,07']);
    expect(cells.filter(isLiveCell)).toEqual([]);
    // The amounts are bare in the file (a spreadsheet types them as numbers); the neutralised text is quoted.
    expect(body).toContain('\r\n-12,50;-3;"\'-12,50";');
  });
});

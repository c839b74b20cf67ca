import { z } from 'zod';
import './locale.ts';
import { calendarDayField, dayRangeMessages } from './days.ts';

/** The accountant's exports (issue #17): CSV files Excel in Portuguese opens as they are. */
export const exportMessages = {
  ...dayRangeMessages,
  tooLong: 'Exporte no máximo cinco anos de cada vez.',
} as const;

/** At most this many days in one export (five years): what an accountant asks for, and a bound on the work. */
export const MAX_EXPORT_DAYS = 5 * 366;

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`: the orders placed on those days (Lisbon time), both included. */
export const orderExportQuery = z
  .object({ from: calendarDayField(exportMessages.from), to: calendarDayField(exportMessages.to) })
  .superRefine((v, ctx) => {
    if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: exportMessages.range });
    else if ((Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 >= MAX_EXPORT_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: exportMessages.tooLong });
  });
export type OrderExportQuery = z.infer<typeof orderExportQuery>;

/** Importing products from the export's CSV (a shop moving from another platform): a dry run first, then the import. */
export const importMessages = {
  unreadable: 'Não foi possível ler o ficheiro como CSV: {reason}.',
  empty: 'O ficheiro não tem linhas de produtos.',
  tooMany: 'Importe no máximo {max} linhas de cada vez.',
  tooLarge: 'O ficheiro é grande demais: importe no máximo 5 MB de cada vez.',
  column: 'Falta a coluna «{column}» na primeira linha (use os nomes das colunas da exportação).',
  line: 'Linha {line}: {message}',
  unknownId: 'não existe nenhum produto com o ID {id}; deixe o ID vazio para o criar.',
  type: 'o tipo tem de ser «Físico» ou «Digital».',
  mixed: 'as linhas do mesmo produto têm de ter todas uma variante, ou nenhuma.',
  repeated: 'o produto {name} aparece mais de uma vez sem variantes.',
  formula: 'a coluna «{column}» começa por «{sign}», que uma folha de cálculo lê como fórmula; retire-o, ou escreva um apóstrofo (\') antes dele.',
  problems: 'O ficheiro tem problemas: nada foi importado. Corrija-os e verifique de novo.',
  checked: 'Tudo certo: {creates} a criar e {updates} a atualizar. Nada foi alterado ainda.',
  done: 'Importação concluída: {creates} criados e {updates} atualizados.',
  interrupted:
    'A importação parou na linha {line} ({reason}). As linhas anteriores já foram importadas ({creates} criados e {updates} atualizados): retire-as do ficheiro e importe o resto.',
} as const;

export const MAX_IMPORT_LINES = 5000;
/** The largest file imported at once, in characters (the form refuses a bigger one before sending it). */
export const MAX_IMPORT_SIZE = 5_000_000;

export const productImportBody = z.object({
  csv: z.string({ error: importMessages.empty }).max(MAX_IMPORT_SIZE, { error: importMessages.tooLarge }),
  dryRun: z.boolean().default(true),
});

export const productImportResult = z.object({
  dryRun: z.boolean(),
  imported: z.boolean(),
  lines: z.number().int(),
  creates: z.number().int(),
  updates: z.number().int(),
  /** Archived products in the file are left out. */
  skipped: z.number().int(),
  problems: z.array(z.object({ line: z.number().int(), message: z.string() })),
  message: z.string(),
});
export type ProductImportResult = z.infer<typeof productImportResult>;

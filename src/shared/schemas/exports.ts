import { z } from 'zod';
import './locale.ts';
import { isCalendarDay } from '../dates.ts';

/** The accountant's exports (issue #17): CSV files Excel in Portuguese opens as they are. */
export const exportMessages = {
  from: 'Indique a data inicial (por exemplo 2026-11-01).',
  to: 'Indique a data final (por exemplo 2026-11-30).',
  range: 'A data inicial tem de ser igual ou anterior à data final.',
  tooLong: 'Exporte no máximo cinco anos de cada vez.',
} as const;

/** At most this many days in one export (five years): what an accountant asks for, and a bound on the work. */
export const MAX_EXPORT_DAYS = 5 * 366;

const day = (message: string) => z.string({ error: message }).trim().refine(isCalendarDay, { error: message });

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`: the orders placed on those days (Lisbon time), both included. */
export const orderExportQuery = z
  .object({ from: day(exportMessages.from), to: day(exportMessages.to) })
  .superRefine((v, ctx) => {
    if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: exportMessages.range });
    else if ((Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 >= MAX_EXPORT_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: exportMessages.tooLong });
  });
export type OrderExportQuery = z.infer<typeof orderExportQuery>;

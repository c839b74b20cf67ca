import { z } from 'zod';
import './locale.ts';
import { isCalendarDay } from '../dates.ts';

/** A range of days asked for in the address (`?from=YYYY-MM-DD&to=YYYY-MM-DD`): the exports', the audit log's. */
export const dayRangeMessages = {
  from: 'Indique a data inicial (por exemplo 2026-11-01).',
  to: 'Indique a data final (por exemplo 2026-11-30).',
  range: 'A data inicial tem de ser igual ou anterior à data final.',
} as const;

/** A real calendar day written YYYY-MM-DD, or `message`. */
export const calendarDayField = (message: string) =>
  z.string({ error: message }).trim().refine(isCalendarDay, { error: message }).meta({ format: 'date' });

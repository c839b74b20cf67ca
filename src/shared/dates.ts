/** Dates on screen: pt-PT, in the shop's time zone, so a customer abroad sees the same day as the shop. */
const SHOP_TIME_ZONE = 'Europe/Lisbon';

const numeric = { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: SHOP_TIME_ZONE } as const;
const dateFormat = new Intl.DateTimeFormat('pt-PT', numeric);
const dateTimeFormat = new Intl.DateTimeFormat('pt-PT', { ...numeric, hour: '2-digit', minute: '2-digit' });
const longDateFormat = new Intl.DateTimeFormat('pt-PT', { dateStyle: 'long', timeZone: SHOP_TIME_ZONE });
const longDateTimeFormat = new Intl.DateTimeFormat('pt-PT', { dateStyle: 'long', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });
// A calendar day has no time of day: read and shown in UTC, it can never move to the day before or after.
const calendarDayFormat = new Intl.DateTimeFormat('pt-PT', { dateStyle: 'long', timeZone: 'UTC' });

/** An ISO timestamp through a format; anything that is not a date is shown as it came. */
const formatWith = (format: Intl.DateTimeFormat) => (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format.format(date);
};

/** `05/03/2025` */
export const formatDate = formatWith(dateFormat);

/** `05/03/2025, 10:00` */
export const formatDateTime = formatWith(dateTimeFormat);

/** `5 de março de 2025` */
export const formatLongDate = formatWith(longDateFormat);

/** `5 de março de 2025 às 10:00` (the separator is the locale's). */
export const formatLongDateTime = formatWith(longDateTimeFormat);

/** `2026-11-22` -> `22 de novembro de 2026`; anything that is not a real calendar day is shown as it came. */
export function formatCalendarDay(isoDay: string): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  // `2026-02-30` would otherwise roll over to 2 March.
  const real = /^\d{4}-\d{2}-\d{2}$/.test(isoDay) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(isoDay);
  return real ? calendarDayFormat.format(date) : isoDay;
}

/** Today's date in Lisbon as YYYY-MM-DD (a form's default date, the latest a past date may be). */
export const lisbonToday = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon' }).format(now);

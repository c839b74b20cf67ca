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

/** Whether `text` is a real calendar day written YYYY-MM-DD (`2026-02-30` is not). */
export const isCalendarDay = (text: string) => {
  const date = new Date(`${text}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
};

/** `2026-11-22` -> `22 de novembro de 2026`; anything that is not a real calendar day is shown as it came. */
export function formatCalendarDay(isoDay: string): string {
  // `2026-02-30` would otherwise roll over to 2 March.
  return isCalendarDay(isoDay) ? calendarDayFormat.format(new Date(`${isoDay}T00:00:00Z`)) : isoDay;
}

/** Today's date in Lisbon as YYYY-MM-DD (a form's default date, the latest a past date may be). */
export const lisbonToday = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon' }).format(now);

/** How far Lisbon's clock is ahead of UTC at `instant`, in minutes (0 in winter, 60 in summer). */
function lisbonOffsetMinutes(instant: Date): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Lisbon', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/** The instant a calendar day (YYYY-MM-DD) starts in Lisbon: the shop's days, whatever the server's time zone. */
export function lisbonDayStart(isoDay: string): Date {
  const utcMidnight = new Date(`${isoDay}T00:00:00Z`);
  return new Date(utcMidnight.getTime() - lisbonOffsetMinutes(utcMidnight) * 60_000);
}

/** The calendar day `days` after `isoDay` (YYYY-MM-DD); before it when negative. */
export const calendarDayPlus = (isoDay: string, days: number) => new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** From one instant up to (not including) another. */
export type InstantRange = { from: Date; until: Date };

/** The `days` Lisbon days from `firstDay` (YYYY-MM-DD) on, as the instants they start and end. */
export const lisbonDays = (firstDay: string, days: number): InstantRange => ({ from: lisbonDayStart(firstDay), until: lisbonDayStart(calendarDayPlus(firstDay, days)) });

/** The calendar day after `isoDay` (YYYY-MM-DD). */
export const nextCalendarDay = (isoDay: string) => calendarDayPlus(isoDay, 1);

const lisbonTimeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: SHOP_TIME_ZONE });

/** `04:23`: the time of day in Lisbon, 24-hour, as a spreadsheet reads a time. */
export const lisbonTime = (instant: Date) => lisbonTimeFormat.format(instant);

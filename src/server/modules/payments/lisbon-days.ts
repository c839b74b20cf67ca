/*
 * ifthenpay counts a Multibanco reference's validity in days of Portugal's calendar: "expiryDays=0 valid
 * until midnight of the same day", and its answer's ExpiryDate ("dd-mm-yyyy") is the last day it can be paid,
 * to 23:59 (ifthenpay-documented/multibanco-reference.json). These turn such days into instants.
 */

const LISBON = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon', year: 'numeric', month: '2-digit', day: '2-digit' });
const DAY_MS = 24 * 3600_000;

/** The calendar day of an instant in Lisbon, as UTC midnight of that date (for counting days). */
function lisbonDay(at: Date): number {
  const [y, m, d] = LISBON.format(at).split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

/** How far Lisbon's clock is ahead of UTC at an instant (0 in winter, 1 hour in summer). */
function lisbonOffsetMs(at: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Lisbon', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return asUtc - Math.floor(at.getTime() / 60_000) * 60_000;
}

/** The days ifthenpay is asked for so a reference is still payable at `until`: 0 when that is today in Lisbon. */
export function expiryDaysUntil(until: Date, now = new Date()): number {
  return Math.max(0, Math.round((lisbonDay(until) - lisbonDay(now)) / DAY_MS));
}

/** The last instant of a Lisbon calendar day given as UTC midnight of its date. */
function endOfLisbonDay(dayUtc: number): Date {
  const nextMidnightGuess = new Date(dayUtc + DAY_MS);
  return new Date(nextMidnightGuess.getTime() - lisbonOffsetMs(nextMidnightGuess) - 1);
}

/** ifthenpay's ExpiryDate ("dd-mm-yyyy", also read with "/" or as yyyy-mm-dd) as the last instant it can be paid; null when absent or unreadable. */
export function referenceDeadline(expiryDate: string | null | undefined): Date | null {
  const text = expiryDate?.trim() ?? '';
  const dmy = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(text);
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const [d, m, y] = dmy ? [dmy[1], dmy[2], dmy[3]] : ymd ? [ymd[3], ymd[2], ymd[1]] : [];
  if (!d || !m || !y) return null;
  const day = Date.UTC(Number(y), Number(m) - 1, Number(d));
  const check = new Date(day);
  if (check.getUTCDate() !== Number(d) || check.getUTCMonth() !== Number(m) - 1) return null;
  return endOfLisbonDay(day);
}

/** The last instant of the Lisbon day `expiryDays` after today: what ifthenpay's ExpiryDate should say. */
export const deadlineAfterDays = (expiryDays: number, now = new Date()) => endOfLisbonDay(lisbonDay(now) + expiryDays * DAY_MS);

/** "dd-mm-yyyy" of the Lisbon day `expiryDays` after today, as ifthenpay writes ExpiryDate. */
export function expiryDateText(expiryDays: number, now = new Date()): string {
  const day = new Date(lisbonDay(now) + expiryDays * DAY_MS);
  return `${String(day.getUTCDate()).padStart(2, '0')}-${String(day.getUTCMonth() + 1).padStart(2, '0')}-${day.getUTCFullYear()}`;
}

/** "yyyymmdd" of the Lisbon day `expiryDays` after today, as Payshop's `validade` is written. */
export function lastDayText(expiryDays: number, now = new Date()): string {
  const day = new Date(lisbonDay(now) + expiryDays * DAY_MS);
  return `${day.getUTCFullYear()}${String(day.getUTCMonth() + 1).padStart(2, '0')}${String(day.getUTCDate()).padStart(2, '0')}`;
}

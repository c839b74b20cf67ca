import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatDate, formatDateTime, formatLongDate, formatLongDateTime, isCalendarDay, lisbonDayStart, nextCalendarDay } from './dates.ts';

// Lisbon is on UTC in winter and UTC+1 in summer: 23:30 UTC on 1 July is already 2 July at the shop.
const winter = '2025-03-05T10:00:00.000Z';
const summerNight = '2026-07-01T23:30:00Z';

describe('dates', () => {
  it('writes the short forms in pt-PT', () => {
    expect(formatDate(winter)).toBe('05/03/2025');
    expect(formatDateTime(winter)).toBe('05/03/2025, 10:00');
  });

  it('writes the long forms in pt-PT', () => {
    expect(formatLongDate(winter)).toBe('5 de março de 2025');
    // The separator between date and time is the locale's (ICU versions differ).
    expect(formatLongDateTime(winter)).toMatch(/^5 de março de 2025(,| às) 10:00$/);
  });

  it("shows the shop's day and hour in Lisbon, whatever the reader's time zone", () => {
    expect(formatDate(summerNight)).toBe('02/07/2026');
    expect(formatDateTime(summerNight)).toBe('02/07/2026, 00:30');
    expect(formatLongDate(summerNight)).toBe('2 de julho de 2026');
    expect(formatLongDateTime(summerNight)).toMatch(/^2 de julho de 2026(,| às) 00:30$/);
  });

  it('shows anything that is not a date as it came', () => {
    for (const format of [formatDate, formatDateTime, formatLongDate, formatLongDateTime]) {
      expect(format('ontem')).toBe('ontem');
      expect(format('')).toBe('');
    }
  });

  it('writes a calendar day as that same day, never the one before or after', () => {
    expect(formatCalendarDay('2026-11-22')).toBe('22 de novembro de 2026');
    expect(formatCalendarDay('2026-07-01')).toBe('1 de julho de 2026');
    expect(formatCalendarDay('2027-01-01')).toBe('1 de janeiro de 2027');
  });

  it('shows a calendar day that does not exist as it came', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '22/11/2026', '2026-11-22T10:00:00Z', '']) expect(formatCalendarDay(bad)).toBe(bad);
  });
});

describe('Lisbon days', () => {
  it('starts a winter day at midnight UTC and a summer day an hour before', () => {
    expect(lisbonDayStart('2026-01-15').toISOString()).toBe('2026-01-15T00:00:00.000Z');
    expect(lisbonDayStart('2026-07-15').toISOString()).toBe('2026-07-14T23:00:00.000Z');
    // The day the clocks go forward (29 March 2026, at 01:00) still starts at midnight, in winter time.
    expect(lisbonDayStart('2026-03-29').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(lisbonDayStart('2026-10-25').toISOString()).toBe('2026-10-24T23:00:00.000Z');
  });

  it('knows a real calendar day and the next one', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('28/02/2026')).toBe(false);
    expect(nextCalendarDay('2026-12-31')).toBe('2027-01-01');
  });
});

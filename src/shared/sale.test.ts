import { describe, expect, it } from 'vitest';
import { chargedCents, lowestPrice30d, nextPriceChange, type PricePoint, pricesFrom, reductionStart, saleApplies, saleDays, saleInstants } from './sale.ts';

const day = (iso: string) => new Date(`${iso}T10:00:00Z`);
const point = (iso: string, cents: number, sale = false): PricePoint => ({ at: day(iso), cents, sale });

describe('the sale window', () => {
  it('runs from the first day Lisbon midnight to the end of the last day, in winter and in summer', () => {
    const winter = saleInstants('2026-12-01', '2026-12-03');
    expect(winter.startsAt?.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(winter.endsAt?.toISOString()).toBe('2026-12-04T00:00:00.000Z');
    const summer = saleInstants('2026-07-01', '2026-07-31');
    expect(summer.startsAt?.toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(summer.endsAt?.toISOString()).toBe('2026-07-31T23:00:00.000Z');
    expect(saleDays(summer.startsAt, summer.endsAt)).toEqual({ first: '2026-07-01', last: '2026-07-31' });
  });

  it('applies on its days only, the last one whole', () => {
    const terms = { priceCents: 2000, salePriceCents: 1200, ...saleInstants('2026-12-01', '2026-12-03') };
    expect(saleApplies(terms, new Date('2026-11-30T23:59:59Z'))).toBe(false);
    expect(saleApplies(terms, new Date('2026-12-01T00:00:00Z'))).toBe(true);
    expect(chargedCents(terms, new Date('2026-12-03T23:59:00Z'))).toBe(1200);
    expect(chargedCents(terms, new Date('2026-12-04T00:00:00Z'))).toBe(2000);
    expect(saleApplies({ priceCents: 2000, salePriceCents: null, startsAt: null, endsAt: null }, day('2026-12-02'))).toBe(false);
    expect(saleApplies({ priceCents: 2000, salePriceCents: 1500, startsAt: null, endsAt: null }, day('2026-12-02'))).toBe(true);
  });
});

describe('the schedule', () => {
  it('writes the price now when it changed, and a future sale as its start and end', () => {
    const terms = { priceCents: 2000, salePriceCents: 1200, ...saleInstants('2026-12-01', '2026-12-03') };
    const now = day('2026-11-27');
    expect(pricesFrom(terms, now, point('2026-11-01', 2000))).toEqual([
      { at: new Date('2026-12-01T00:00:00Z'), cents: 1200, sale: true },
      { at: new Date('2026-12-04T00:00:00Z'), cents: 2000, sale: false },
    ]);
    expect(pricesFrom(terms, now, point('2026-11-01', 1800))[0]).toEqual({ at: now, cents: 2000, sale: false });
    expect(nextPriceChange([terms], now)?.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(nextPriceChange([terms], day('2026-12-02'))?.toISOString()).toBe('2026-12-04T00:00:00.000Z');
    expect(nextPriceChange([terms], day('2026-12-05'))).toBeNull();
  });
});

describe('the lowest price of the 30 days before the reduction', () => {
  it('is the lowest of the prices charged in those days: 20,00, 16,00, 17,50 then a sale at 12,00 gives 16,00', () => {
    const history = [point('2026-10-20', 2000), point('2026-11-01', 1600), point('2026-11-10', 1750), point('2026-11-20', 1200, true)];
    expect(lowestPrice30d(history, day('2026-11-27'))).toBe(1600);
  });

  it('includes the price in force when the 30 days began, and leaves out a lower one before it', () => {
    const history = [point('2026-09-01', 900), point('2026-10-01', 2000), point('2026-11-10', 1750), point('2026-11-20', 1200, true)];
    // 30 days before 20 November is 21 October: 20,00 was in force then; 9,00 ended before.
    expect(lowestPrice30d(history, day('2026-11-27'))).toBe(1750);
    expect(lowestPrice30d([point('2026-09-01', 900), point('2026-09-05', 2000), point('2026-11-20', 1200, true)], day('2026-11-27'))).toBe(2000);
  });

  it('counts a deeper reduction in steps from its first step', () => {
    const history = [point('2026-09-01', 1500), point('2026-10-15', 2000), point('2026-11-10', 1600, true), point('2026-11-20', 1200, true)];
    expect(reductionStart(history, day('2026-11-27'))).toEqual(day('2026-11-10'));
    // The 30 days before 10 November: 15,00 in force on 11 October, then 20,00. Not 16,00, the first step.
    expect(lowestPrice30d(history, day('2026-11-27'))).toBe(1500);
  });

  it('is none while a sale is only scheduled, and none after it ended', () => {
    const history = [point('2026-10-01', 2000), point('2026-12-01', 1200, true), point('2026-12-04', 2000)];
    expect(lowestPrice30d(history, day('2026-11-27'))).toBeNull();
    expect(lowestPrice30d(history, day('2026-12-02'))).toBe(2000);
    expect(lowestPrice30d(history, day('2026-12-05'))).toBeNull();
  });

  it('is the first sale price when the product was never sold at another', () => {
    expect(lowestPrice30d([point('2026-11-20', 1200, true)], day('2026-11-27'))).toBe(1200);
  });
});

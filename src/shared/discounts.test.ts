import { describe, expect, it } from 'vitest';
import { discountedLineCents, discountedUnitCents, discountOnGoods, discountParts, refundedLineCents, splitByShare } from './discounts.ts';

describe('a discount spread over VAT rates (decision 0054)', () => {
  it('gives each part its floor and the cents left to the largest remainders, so the parts add up exactly', () => {
    expect(splitByShare(100, [1000, 1000, 1000])).toEqual([34, 33, 33]);
    expect(splitByShare(1000, [2500, 1300, 2000])).toEqual([431, 224, 345]);
    expect(splitByShare(7, [1, 1])).toEqual([4, 3]);
    expect(splitByShare(0, [5, 5])).toEqual([0, 0]);
    // Past 2^53 when multiplied: still exact.
    expect(splitByShare(99_999_999, [99_999_999, 1])).toEqual([99_999_998, 1]);
  });

  it('groups the goods by rate, highest first', () => {
    expect(discountParts(450, [{ rate: 6, cents: 2000 }, { rate: 23, cents: 1500 }, { rate: 23, cents: 1000 }])).toEqual([{ rate: 23, cents: 250 }, { rate: 6, cents: 200 }]);
  });

  it('rounds a percentage half up, and never takes more than the goods', () => {
    expect(discountOnGoods({ kind: 'percent', value: 15 }, 1030)).toBe(155);
    expect(discountOnGoods({ kind: 'fixed', value: 5000 }, 1030)).toBe(1030);
    expect(discountOnGoods({ kind: 'free_shipping', value: 0 }, 1030)).toBe(0);
  });

  it('reduces each line at a rate by its share of that rate\'s part, for the invoice', () => {
    const lines = [{ vatRate: 23, unitPriceCents: 1000, quantity: 3 }, { vatRate: 23, unitPriceCents: 1000, quantity: 1 }, { vatRate: 6, unitPriceCents: 500, quantity: 1 }];
    expect(discountedUnitCents(lines, [{ rate: 23, cents: 101 }, { rate: 6, cents: 7 }])).toEqual([(3000 - 76) / 3, 1000 - 25, 493]);
  });

  it('gives back a line at its reduced worth, one refund at a time, adding up to that worth exactly', () => {
    const lines = [{ vatRate: 23, unitPriceCents: 1000, quantity: 3 }, { vatRate: 6, unitPriceCents: 500, quantity: 1 }];
    const worth = discountedLineCents(lines, [{ rate: 23, cents: 1000 }, { rate: 6, cents: 50 }]);
    expect(worth).toEqual([2000, 450]);
    // Three refunds of one unit each: 667 + 666 + 667 = 2000; two at once then one: 1333 + 667.
    expect([0, 1, 2].map((given) => refundedLineCents(2000, 3, given, 1))).toEqual([667, 666, 667]);
    expect([refundedLineCents(2000, 3, 0, 2), refundedLineCents(2000, 3, 2, 1)]).toEqual([1333, 667]);
    expect(refundedLineCents(450, 1, 0, 1)).toBe(450);
  });
});

import { describe, expect, it } from 'vitest';
import { groupReference } from '#shared/schemas/payments.ts';
import { multibancoReference } from './multibanco-reference.ts';

describe('multibancoReference', () => {
  it('matches the documented vector: entity 12345, sub-entity 123, order "01", 20,00 €', () => {
    expect(multibancoReference('12345', '123', '01', 2000)).toBe('123000125');
  });

  it('changes its check digits with the amount and the seed', () => {
    const base = multibancoReference('12345', '123', '0001', 2000);
    expect(multibancoReference('12345', '123', '0001', 2001)).not.toBe(base);
    expect(multibancoReference('12345', '123', '0002', 2000)).not.toBe(base);
    expect(multibancoReference('12345', '123', '0002', 2000).slice(0, 7)).toBe('1230002');
  });

  it('always answers 9 digits, check digits between 01 and 97', () => {
    for (const cents of [1, 99, 600, 12_345, 99_999_999]) {
      for (const seed of ['0', '42', '9999']) {
        const reference = multibancoReference('11249', '999', seed, cents);
        expect(reference).toMatch(/^\d{9}$/);
        const check = Number(reference.slice(7));
        expect(check).toBeGreaterThanOrEqual(1);
        expect(check).toBeLessThanOrEqual(97);
      }
    }
  });

  it('agrees with an independent computation of the weighted sum', () => {
    // 98 - (Σ digit × weight mod 97) over "11249" "999" "0042" "00001234", weights from the right.
    const digits = '11249999004200001234';
    const weights = [3, 30, 9, 90, 27, 76, 81, 34, 49, 5, 50, 15, 53, 45, 62, 38, 89, 17, 73, 51];
    const sum = [...digits].reverse().reduce((s, d, i) => s + Number(d) * (weights[i] ?? 0), 0);
    const check = String(98 - (sum % 97)).padStart(2, '0');
    expect(multibancoReference('11249', '999', '42', 1234)).toBe(`9990042${check}`);
  });

  it('refuses what a reference cannot carry', () => {
    expect(() => multibancoReference('1234', '123', '01', 2000)).toThrow(RangeError);
    expect(() => multibancoReference('12345', '12', '01', 2000)).toThrow(RangeError);
    expect(() => multibancoReference('12345', '123', '12345', 2000)).toThrow(RangeError);
    expect(() => multibancoReference('12345', '123', '01', 0)).toThrow(RangeError);
    expect(() => multibancoReference('12345', '123', '01', 100_000_000)).toThrow(RangeError);
    expect(() => multibancoReference('12345', '123', '01', 10.5)).toThrow(RangeError);
  });
});

describe('groupReference', () => {
  it('prints nine digits in groups of three', () => {
    expect(groupReference('123000125')).toBe('123 000 125');
  });
});

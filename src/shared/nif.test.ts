import { describe, expect, it } from 'vitest';
import { isValidNif, normaliseNif } from './nif.ts';

describe('NIF', () => {
  it('accepts real-shaped numbers of each kind of taxpayer, typed with spaces or PT', () => {
    for (const nif of ['123456789', '501964843', '500000000', '980000009', '999999990', '123 456 789', 'PT501964843']) {
      expect(isValidNif(nif), nif).toBe(true);
    }
    expect(normaliseNif('PT 501 964 843')).toBe('501964843');
  });

  it('refuses a wrong check digit, a wrong length, letters and an unknown first digit', () => {
    for (const nif of ['123456780', '12345678', '1234567890', '12345678a', 'abcdefghi', '', '400000000', '730000003', '000000000']) {
      expect(isValidNif(nif), nif).toBe(false);
    }
  });
});

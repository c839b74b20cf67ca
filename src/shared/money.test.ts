import { describe, expect, it } from 'vitest';
import { eurosForApi, formatCents, parseEuros } from './money.ts';

describe('parseEuros: prices typed the Portuguese way', () => {
  it.each([
    ['12,50', 1250],
    ['12.50', 1250],
    ['12,5', 1250],
    ['12', 1200],
    ['0,99', 99],
    [' 7,00 ', 700],
    ['1 234,50', 123_450],
    ['1\u00a0234,50', 123_450],
    ['1\u202f234,50', 123_450],
    ['1.234,50', 123_450],
    ['1,234.50', 123_450],
    ['1234,50', 123_450],
    ['1 234', 123_400],
    ['1.000.000', 100_000_000],
    ['1 000 000,00', 100_000_000],
  ])('%j is %i cents', (text, cents) => {
    expect(parseEuros(text)).toBe(cents);
  });

  it.each([
    ['1.234', 'a thousand, or 1,234 euros?'],
    ['1,234', 'the same, the other way'],
    ['12,345', 'three decimals'],
    ['1.2.3', 'not a number'],
    ['1.234.56', 'a broken group'],
    ['12,50 €', 'a currency sign'],
    ['doze', 'letters'],
    ['-5', 'a negative price'],
    ['', 'nothing'],
    ['1 000 000,01', 'above 1 000 000 €'],
    ['12,,5', 'two separators'],
  ])('%j is refused (%s)', (text) => {
    expect(parseEuros(text)).toBeNaN();
  });

  it('takes JSON numbers as euros, never multiplying them by 100 twice', () => {
    expect(parseEuros(12.5)).toBe(1250);
    expect(parseEuros(0.1 + 0.2)).toBe(30);
    expect(parseEuros(12.345)).toBeNaN();
    expect(parseEuros(-1)).toBeNaN();
    expect(parseEuros(Number.POSITIVE_INFINITY)).toBeNaN();
    expect(parseEuros(null)).toBeNaN();
  });

  it('a typed price goes to the API as plain euros; what is not a price goes as typed', () => {
    expect(eurosForApi('1.234,50')).toBe('1234.50');
    expect(eurosForApi('12,5')).toBe('12.50');
    expect(eurosForApi('1.234')).toBe('1.234');
    expect(formatCents(parseEuros('12,50'))).toBe('12,50\u00a0€');
  });
});

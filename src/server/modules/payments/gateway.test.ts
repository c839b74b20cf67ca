import { describe, expect, it } from 'vitest';
import { portugueseMobile } from '#shared/schemas/payments.ts';
import { gatewayAmount, parseGatewayAmount, parseIfthenpayCallback, sameSecret } from './gateway.ts';

describe('gateway amounts', () => {
  it('are written with a dot and two decimals', () => {
    expect(gatewayAmount(2000)).toBe('20.00');
    expect(gatewayAmount(1)).toBe('0.01');
    expect(gatewayAmount(12_345)).toBe('123.45');
    expect(gatewayAmount(100_000_05)).toBe('100000.05');
  });

  it('are read back to the same cents, and nothing else is read', () => {
    for (const cents of [1, 10, 99, 600, 2000, 12_345, 99_999_999]) expect(parseGatewayAmount(gatewayAmount(cents))).toBe(cents);
    expect(parseGatewayAmount('20')).toBe(2000);
    expect(parseGatewayAmount('20.5')).toBe(2050);
    expect(parseGatewayAmount('20,50')).toBe(2050);
    for (const bad of ['', ' ', '-1.00', '1e3', '20.005', '20.00 EUR', '0x10', undefined]) expect(parseGatewayAmount(bad)).toBeUndefined();
  });
});

describe('portugueseMobile', () => {
  it('accepts 9 digits starting with 9, with +351, 00351 and spaces', () => {
    for (const [given, read] of [
      ['912345678', '912345678'],
      ['+351 912 345 678', '912345678'],
      ['00351936000111', '936000111'],
      [' 96-123-4567 ', '961234567'],
    ]) {
      expect(portugueseMobile.parse(given)).toBe(read);
    }
  });

  it('refuses landlines, foreign numbers and the wrong length', () => {
    for (const bad of ['212345678', '91234567', '9123456789', '+34 612345678', 'telemóvel', '']) {
      expect(portugueseMobile.safeParse(bad).success).toBe(false);
    }
  });
});

describe('callbacks', () => {
  const key = 'anti-phishing-key-123';

  it('are genuine only with the exact key', () => {
    expect(parseIfthenpayCallback({ key: 'anti-phishing-key-12', orderId: '1P1', amount: '1.00' }, key)).toBeNull();
    expect(parseIfthenpayCallback({ orderId: '1P1', amount: '1.00' }, key)).toBeNull();
    expect(sameSecret(key, key)).toBe(true);
    expect(sameSecret(`${key}x`, key)).toBe(false);
  });

  it('are read into what was paid', () => {
    expect(
      parseIfthenpayCallback({ key, orderId: '42P1', amount: '29.50', requestId: 'r1', entity: '11249', reference: '999 000 123' }, key),
    ).toEqual({ gatewayOrderId: '42P1', amountCents: 2950, requestId: 'r1', entity: '11249', reference: '999000123' });
    expect(parseIfthenpayCallback({ key, orderId: '42P1', amount: 'lots' }, key)).toBe('malformed');
    expect(parseIfthenpayCallback({ key, amount: '1.00' }, key)).toBe('malformed');
  });
});

import { describe, expect, it } from 'vitest';
import { gatewayMobileNumber, groupMbwayPhone, mbwayCountryHint, mbwayMobile, mbwayPhoneMessages } from '#shared/schemas/mbway-phone.ts';
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

describe('MB WAY numbers (issue #27: foreign numbers with their country code)', () => {
  it('accepts 9 digits starting with 9, with +351, 00351 and spaces, kept as the 9 digits', () => {
    for (const [given, read] of [
      ['912345678', '912345678'],
      ['912 345 678', '912345678'],
      ['+351 912 345 678', '912345678'],
      ['00351936000111', '936000111'],
      [' 96-123-4567 ', '961234567'],
    ]) {
      expect(mbwayMobile.parse(given)).toBe(read);
    }
  });

  it('accepts a foreign number with its country code, kept as +<code><number>, sent as <code>#<number>', () => {
    expect(mbwayMobile.parse('+34 612 345 678')).toBe('+34612345678');
    expect(mbwayMobile.parse('0034612345678')).toBe('+34612345678');
    expect(mbwayMobile.parse('+44 7700 900123')).toBe('+447700900123');
    expect(gatewayMobileNumber('+34612345678')).toBe('34#612345678');
    expect(gatewayMobileNumber('912345678')).toBe('351#912345678');
    expect(groupMbwayPhone('+34612345678')).toBe('+34 612 345 678');
  });

  it('tells the customer which country it assumes, in pt-PT', () => {
    expect(mbwayCountryHint('912 345 678')).toBe('Número de Portugal (+351).');
    expect(mbwayCountryHint('00351 912 345 678')).toBe('Número de Portugal (+351).');
    expect(mbwayCountryHint('+34 612 345 678')).toBe('Número de Espanha (+34).');
    expect(mbwayCountryHint('21234')).toBeNull();
  });

  it('refuses landlines, the wrong length and unknown country codes, with a pt-PT message', () => {
    for (const bad of ['212345678', '91234567', '9123456789', '+351 212345678', '+34 12', 'telemóvel']) {
      const parsed = mbwayMobile.safeParse(bad);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(mbwayPhoneMessages.invalid);
    }
    expect(mbwayMobile.safeParse('+999 123456789').error?.issues[0]?.message).toBe(mbwayPhoneMessages.unknownCountry);
    expect(mbwayMobile.safeParse('').error?.issues[0]?.message).toBe(mbwayPhoneMessages.required);
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

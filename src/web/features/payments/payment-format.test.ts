import { describe, expect, it } from 'vitest';
import { groupReference, mbwayFailureMessage } from '#shared/schemas/payments.ts';
import { amountDigits, formatCountdown, groupPhone, parseOrderId, paymentSearch } from './payment-format.ts';
import { phaseOf } from './use-mbway-status.ts';

describe('payment figures', () => {
  it('groups a reference in threes, as ATMs show it', () => {
    expect(groupReference('123456789')).toBe('123 456 789');
    expect(groupReference('12345')).toBe('123 45');
    expect(groupReference('')).toBe('');
  });

  it('groups an MB WAY number, Portuguese or foreign (#27), and leaves anything else as it is', () => {
    expect(groupPhone('912345678')).toBe('912 345 678');
    expect(groupPhone('+34612345678')).toBe('+34 612 345 678');
    expect(groupPhone('21 234')).toBe('21 234');
  });

  it('writes the amount as it is typed at the ATM', () => {
    expect(amountDigits(31)).toBe('31,00');
    expect(amountDigits(12.5)).toBe('12,50');
  });

  it('counts minutes and seconds down, never below zero', () => {
    expect(formatCountdown(240_000)).toBe('4:00');
    expect(formatCountdown(239_001)).toBe('4:00');
    expect(formatCountdown(65_000)).toBe('1:05');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5000)).toBe('0:00');
  });

  it('reads an order id from the address, and builds it back with a guest token', () => {
    expect(parseOrderId('42')).toBe(42);
    for (const bad of [null, '', '0', '-1', '4.2', 'abc', '99999999999']) expect(parseOrderId(bad)).toBeNull();
    expect(paymentSearch(42, undefined)).toBe('id=42');
    expect(paymentSearch(42, 'a b&c')).toBe('id=42&token=a+b%26c');
  });
});

describe('MB WAY statuses', () => {
  it('says each failure in the words of backoffice.md §8', () => {
    expect(mbwayFailureMessage('failed')).toBe('O pagamento falhou. Por favor, tente novamente ou escolha outro método.');
    expect(mbwayFailureMessage('expired')).toBe('O pagamento expirou. Por favor, tente novamente ou escolha outro método.');
    expect(mbwayFailureMessage('canceled')).toBe('O pagamento foi cancelado. Por favor, tente novamente ou escolha outro método.');
    expect(mbwayFailureMessage('rejected')).toBe('O pagamento foi recusado. Por favor, tente novamente ou escolha outro método.');
    expect(mbwayFailureMessage('unknown_gateway_status')).toBe('O pagamento não foi confirmado. Por favor, tente novamente ou escolha outro método.');
  });

  it('turns a status into the screen state: paid, a failure, or still pending', () => {
    expect(phaseOf('paid')).toEqual({ phase: 'paid' });
    expect(phaseOf('pending')).toEqual({ phase: 'pending' });
    expect(phaseOf('initiated')).toEqual({ phase: 'pending' });
    for (const status of ['failed', 'expired', 'canceled', 'rejected', 'unknown_gateway_status'] as const) {
      expect(phaseOf(status)).toEqual({ phase: 'failed', status });
    }
    // An own property only: names from Object.prototype are not statuses.
    expect(phaseOf('toString')).toEqual({ phase: 'pending' });
  });
});

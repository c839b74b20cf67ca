import { describe, expect, it } from 'vitest';
import { formatCents, parseEuros } from './money.ts';
import { vatIn } from './vat.ts';
import { orderTotals } from './orders.ts';

describe('order totals', () => {
  it('charges 6,00 € shipping below 70,00 € and nothing at or above', () => {
    expect(orderTotals([{ unitPriceCents: 2500, quantity: 2, isDigital: false }])).toMatchObject({
      subtotalWithTaxCents: 5000,
      shippingCents: 600,
      totalWithTaxCents: 5600,
    });
    expect(orderTotals([{ unitPriceCents: 3500, quantity: 2, isDigital: false }])).toMatchObject({ shippingCents: 0, totalWithTaxCents: 7000 });
    expect(orderTotals([{ unitPriceCents: 6999, quantity: 1, isDigital: false }]).shippingCents).toBe(600);
  });

  it('ships digital-only orders free, but a physical item brings the fee back', () => {
    expect(orderTotals([{ unitPriceCents: 1500, quantity: 1, isDigital: true }]).shippingCents).toBe(0);
    expect(
      orderTotals([
        { unitPriceCents: 1500, quantity: 1, isDigital: true },
        { unitPriceCents: 990, quantity: 1, isDigital: false },
      ]),
    ).toMatchObject({ subtotalWithTaxCents: 2490, shippingCents: 600, totalWithTaxCents: 3090 });
  });

  it('takes the VAT contained in the total, rounded to the cent, so the parts add up', () => {
    // 12,30 € with 23% VAT inside: 10,00 € + 2,30 €.
    expect(vatIn(1230, 23)).toBe(230);
    // Awkward amounts: 0,01 € and 9,99 €.
    expect(vatIn(1, 23)).toBe(0);
    expect(vatIn(999, 23)).toBe(187);
    const totals = orderTotals([{ unitPriceCents: 333, quantity: 3, isDigital: false }]);
    expect(totals).toMatchObject({ subtotalWithTaxCents: 999, shippingCents: 600, totalWithTaxCents: 1599, totalTaxCents: 299, totalWithoutTaxCents: 1300 });
    expect(totals.totalTaxCents + totals.totalWithoutTaxCents).toBe(totals.totalWithTaxCents);
  });

  it('reads and writes euros without floating-point drift', () => {
    expect(parseEuros('12,50')).toBe(1250);
    expect(parseEuros('0.1')).toBe(10);
    expect(parseEuros(19.99)).toBe(1999);
    expect(parseEuros('1.005')).toBeNaN();
    expect(parseEuros('-1')).toBeNaN();
    expect(formatCents(1250).replace(/\s/g, ' ')).toBe('12,50 €');
    expect(formatCents(null).replace(/\s/g, ' ')).toBe('0,00 €');
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { valuesOf } from './labelled.ts';

describe('valuesOf', () => {
  it('gives the labels’ keys in their order, for z.enum', () => {
    const labels = { pending: 'A aguardar pagamento', paid: 'Pago', 'refund-cancel': 'Anulou o pedido de reembolso' };
    const values = valuesOf(labels);
    expect(values).toEqual(['pending', 'paid', 'refund-cancel']);
    expect(z.enum(values).safeParse('paid').success).toBe(true);
    expect(z.enum(values).safeParse('unknown').success).toBe(false);
  });
});

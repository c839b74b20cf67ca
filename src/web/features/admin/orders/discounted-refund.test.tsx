// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, orderFactory } from '../../orders/orders-test-utils.tsx';
import { admin } from '../admin-test-utils.tsx';
import { renderOrderRoutes } from './order-test-utils.tsx';

/* Decision 0054: the refund form of an order with a discount code announces what the server gives back, each line at its reduced worth. */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('refunding an order with a discount code', () => {
  it('announces each line at its worth after the discount: 2 × 12,50 € less 2,50 € is 11,25 € a box', async () => {
    // 10 % of 31,00 €: 3,10 €, all at 23 %, 2,50 € of it on the boxes (25,00 €) and 0,60 € on the agenda (6,00 €).
    const order = orderFactory({
      paid_at: '2026-11-20T10:00:00.000Z',
      status: 'processing',
      total_price_with_tax: 33.9,
      refunds: [],
      refunded_total: 0,
      refunded_at: null,
      mbway_refundable: false,
      discount: { code: 'DEZ', kind: 'percent', amount: 3.1, shipping_waived: 0, label: 'Desconto (DEZ, 10%)' },
    });
    fakeApi(admin, (call) => {
      if (call.method === 'GET' && call.path === '/order/12') return { status: 200, body: order };
      if (call.path === '/user') return { status: 200, body: [admin] };
      if (call.path === '/product') return { status: 200, body: { rows: [], count: 0 } };
      if (call.path === '/payment/order/12') return { status: 200, body: { payments: [], alerts: [] } };
      return undefined;
    });
    renderOrderRoutes('/admin-dashboard/edit-order/12');
    fireEvent.click(await screen.findByRole('button', { name: 'Reembolsar' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Reembolsar' });
    const quantity = (name: RegExp, value: string) => fireEvent.change(within(dialog).getByLabelText(name), { target: { value } });
    quantity(/Caixa organizadora/, '1');
    expect(within(dialog).getByRole('button', { name: /^Reembolsar 11,25\s€$/ })).toBeTruthy();
    quantity(/Caixa organizadora/, '2');
    expect(within(dialog).getByRole('button', { name: /^Reembolsar 22,50\s€$/ })).toBeTruthy();
    quantity(/Agenda/, '1');
    fireEvent.click(within(dialog).getByLabelText('Portes (6,00 €)'));
    // Everything: what was paid, 33,90 €.
    expect(within(dialog).getByRole('button', { name: /^Reembolsar 33,90\s€$/ })).toBeTruthy();
  });
});

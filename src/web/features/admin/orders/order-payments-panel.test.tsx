// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderPaymentsAnswer } from '#shared/schemas/payments.ts';
import { fakeApi, orderFactory } from '../../orders/orders-test-utils.tsx';
import { admin } from '../admin-test-utils.tsx';
import { renderOrderRoutes } from './order-test-utils.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const answer: OrderPaymentsAnswer = {
  payments: [
    {
      id: 2,
      method: 'multibanco',
      status: 'paid',
      amount: 37,
      entity: '12345',
      reference: '123456789',
      phone_number: null,
      expiresAt: '2025-03-07T10:00:00.000Z',
      paidAt: '2025-03-06T09:30:00.000Z',
      createdAt: '2025-03-05T12:05:00.000Z',
      gateway: 'sandbox',
      gatewayOrderId: '12P2',
      requestId: 'mb-77',
    },
    {
      id: 1,
      method: 'mbway',
      status: 'rejected',
      amount: 37,
      entity: null,
      reference: null,
      phone_number: '912345678',
      expiresAt: '2025-03-05T12:04:00.000Z',
      paidAt: null,
      createdAt: '2025-03-05T12:00:00.000Z',
      gateway: 'sandbox',
      gatewayOrderId: '12P1',
      requestId: 'req-1',
    },
  ],
  alerts: [{ id: 5, order_id: 12, outcome: 'not_pending', receivedAt: '2025-03-06T10:00:00.000Z', params: { orderId: '12P1', amount: '37.00' } }],
};

function serve(payments: () => { status: number; body?: unknown }) {
  return fakeApi(admin, (call) => {
    if (call.path === '/order/12') return { status: 200, body: orderFactory() };
    if (call.path === '/user') return { status: 200, body: [admin] };
    if (call.path === '/product') return { status: 200, body: { rows: [], count: 0 } };
    if (call.path === '/payment/order/12') return payments();
    return undefined;
  });
}

describe('payments panel of the admin order form', () => {
  it("lists the order's payments with the gateway's ids, and the alerts in a warning", async () => {
    serve(() => ({ status: 200, body: answer }));
    renderOrderRoutes('/admin-dashboard/edit-order/12');
    const list = await screen.findByRole('list', { name: 'Pagamentos da encomenda' });
    const [paid, refused] = within(list).getAllByRole('listitem');
    expect(paid?.textContent).toContain('Multibanco');
    expect(within(paid!).getByText('Pago')).toBeTruthy();
    expect(within(paid!).getByText('123 456 789')).toBeTruthy();
    expect(within(paid!).getByText('12P2')).toBeTruthy();
    expect(within(paid!).getByText('Testes (sandbox)')).toBeTruthy();
    expect(within(paid!).getByText(/^6 de março de 2025/)).toBeTruthy();
    expect(within(refused!).getByText('Recusado')).toBeTruthy();
    expect(within(refused!).getByText('912 345 678')).toBeTruthy();
    expect(within(refused!).getByText('req-1')).toBeTruthy();
    expect(within(refused!).queryByText('Pago em')).toBeNull();

    const warning = screen.getByRole('heading', { name: 'Pagamentos que precisam de atenção' }).closest('.alert') as HTMLElement;
    expect(warning.className).toContain('alert-warning');
    expect(within(warning).getByText('Segundo pagamento de uma encomenda já paga')).toBeTruthy();
    expect(within(warning).getByText('orderId: 12P1 · amount: 37.00')).toBeTruthy();
  });

  it('says when there is no payment yet, and when they could not be loaded', async () => {
    serve(() => ({ status: 200, body: { payments: [], alerts: [] } }));
    renderOrderRoutes('/admin-dashboard/edit-order/12');
    expect(await screen.findByText('Esta encomenda ainda não tem pagamentos.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Pagamentos que precisam de atenção' })).toBeNull();
    cleanup();

    serve(() => ({ status: 500 }));
    renderOrderRoutes('/admin-dashboard/edit-order/12');
    expect(await screen.findByText('Erro ao carregar os pagamentos.')).toBeTruthy();
    // The order form itself is still there.
    expect(screen.getByLabelText('Estado')).toBeTruthy();
  });
});

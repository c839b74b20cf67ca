// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Refund } from '#shared/schemas/invoicing.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { type Answer, failure, fakeApi, orderFactory } from '../../orders/orders-test-utils.tsx';
import { admin } from '../admin-test-utils.tsx';
import { renderOrderRoutes } from './order-test-utils.tsx';

/* ADR 0019: an MB WAY refund left waiting on ifthenpay, resolved from the order page by the owner's answer. */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const requested: Refund = {
  id: 7,
  amount: 25,
  shipping: 0,
  method: 'mbway',
  status: 'requested',
  created_at: '2026-11-21T10:00:00.000Z',
  lines: [{ item_id: 1, quantity: 1 }],
  iban: null,
  transferred_on: null,
  note: null,
  credit_note: null,
  credit_note_error: null,
};
const paid = { paid_at: '2026-11-20T10:00:00.000Z', status: 'processing' as const, refunded_at: null, mbway_refundable: true };
const WAIT = 'O pedido de reembolso ainda pode estar a ser tratado pela ifthenpay. Aguarde dois minutos e tente de novo.';

/** The order page of order 12 with one refund waiting on ifthenpay; `resolve` answers its POST. */
function serveStuckOrder(resolve: (outcome: string) => Answer) {
  let current: Order = orderFactory({ ...paid, refunds: [requested], refunded_total: 0 });
  const calls = fakeApi(admin, (call) => {
    if (call.method === 'POST' && call.path === '/order/12/refunds/7/resolve') {
      const answer = resolve((call.body as { outcome: string }).outcome);
      if (answer.status === 200) current = answer.body as Order;
      return answer;
    }
    if (call.method === 'GET' && call.path === '/order/12') return { status: 200, body: current };
    if (call.path === '/user') return { status: 200, body: [admin] };
    if (call.path === '/product') return { status: 200, body: { rows: [], count: 0 } };
    if (call.path === '/payment/order/12') return { status: 200, body: { payments: [], alerts: [] } };
    return undefined;
  });
  return calls;
}

const resolveCalls = (calls: ReturnType<typeof fakeApi>) => calls.filter((c) => c.method === 'POST' && c.path === '/order/12/refunds/7/resolve');

describe('an MB WAY refund waiting on ifthenpay', () => {
  it('"Foi devolvido" asks her to check ifthenpay first, sends settled, and shows the refund recorded', async () => {
    const calls = serveStuckOrder(() => ({ status: 200, body: orderFactory({ ...paid, refunds: [{ ...requested, status: 'settled' }], refunded_total: 25 }) }));
    renderOrderRoutes('/admin-dashboard/edit-order/12');
    const list = await screen.findByRole('list', { name: 'Reembolsos da encomenda' });
    expect(list.textContent).toContain('(a aguardar a ifthenpay)');
    expect(list.textContent).toContain('Veja no backoffice da ifthenpay se o dinheiro foi devolvido');

    fireEvent.click(within(list).getByRole('button', { name: 'Foi devolvido' }));
    const dialog = await screen.findByRole('dialog', { name: 'Foi devolvido' });
    expect(dialog.textContent).toMatch(/Confirmou no backoffice da ifthenpay que os 25,00\s€ foram devolvidos/);
    // Cancelling the question sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(resolveCalls(calls)).toHaveLength(0);

    fireEvent.click(within(list).getByRole('button', { name: 'Foi devolvido' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Foi devolvido' })).getByRole('button', { name: 'Registar como devolvido' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(resolveCalls(calls).map((c) => c.body)).toEqual([{ outcome: 'settled' }]);
    expect(await screen.findByText(/Reembolso registado como devolvido/)).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Reembolsos da encomenda' }).textContent).not.toContain('(a aguardar a ifthenpay)');
    expect(screen.queryByRole('button', { name: 'Foi devolvido' })).toBeNull();
  });

  it('"Não foi devolvido" sends cancelled; the server\'s refusal stays in the dialog, and the refund goes once it is accepted', async () => {
    let tooSoon = true;
    const calls = serveStuckOrder(() => (tooSoon ? failure(409, WAIT, 'CONFLICT') : { status: 200, body: orderFactory({ ...paid, refunds: [], refunded_total: 0 }) }));
    renderOrderRoutes('/admin-dashboard/edit-order/12');
    const list = await screen.findByRole('list', { name: 'Reembolsos da encomenda' });
    fireEvent.click(within(list).getByRole('button', { name: 'Não foi devolvido' }));
    const dialog = await screen.findByRole('dialog', { name: 'Não foi devolvido' });
    expect(dialog.textContent).toMatch(/Confirmou no backoffice da ifthenpay que os 25,00\s€ não foram devolvidos/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anular o pedido' }));
    expect(await within(dialog).findByText(WAIT)).toBeTruthy();

    tooSoon = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anular o pedido' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(resolveCalls(calls).map((c) => c.body)).toEqual([{ outcome: 'cancelled' }, { outcome: 'cancelled' }]);
    expect(await screen.findByText(/Pedido de reembolso anulado/)).toBeTruthy();
    expect(screen.getByText('Nenhum reembolso feito.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reembolsar' })).toBeTruthy();
  });
});

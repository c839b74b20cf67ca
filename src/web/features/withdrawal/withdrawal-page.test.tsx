// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Withdrawal, WithdrawalAnswer, WithdrawalOverview } from '#shared/schemas/withdrawals.ts';
import { paths } from '#shared/paths.ts';
import { type FakeCall, fakeApi, renderRoutes } from '../../test/harness.tsx';
import { WithdrawalPage } from './withdrawal-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const overview = (overrides: Partial<WithdrawalOverview> = {}): WithdrawalOverview => ({
  order_id: 41,
  name: 'Paula Reis',
  email: 'paula@exemplo.pt',
  period_days: 30,
  open: true,
  open_until: '2026-12-27T00:00:00.000Z',
  lines: [
    { order_item_id: 7, name: 'Caixa kraft', quantity: 2, unit_price: 12.5, withdrawable: 2, until: '2026-12-27T00:00:00.000Z', blocked: null },
    { order_item_id: 8, name: 'Etiquetas gravadas', quantity: 1, unit_price: 9, withdrawable: 0, until: null, blocked: 'personalised' },
  ],
  requests: [],
  return_address: 'Loja, Lda., Rua A, 1, 1000-001 Lisboa',
  ...overrides,
});

const stored: Withdrawal = {
  id: 3,
  order_id: 41,
  name: 'Paula Reis',
  email: 'paula@exemplo.pt',
  lines: [{ order_item_id: 7, name: 'Caixa kraft', quantity: 1, unit_price: 12.5 }],
  reason: null,
  requested_at: '2026-11-26T14:00:00.000Z',
  refund_due_by: '2026-12-11T00:00:00.000Z',
  status: 'requested',
  refunded_at: null,
  overdue: false,
  amount: 12.5,
  shipping: 0,
};

const statement = 'Eu, Paula Reis (paula@exemplo.pt), comunico que desisto do contrato de compra e venda relativo aos seguintes bens da encomenda n.º 41: 1 × Caixa kraft.';

function serve(answer: WithdrawalOverview) {
  return fakeApi(null, (call: FakeCall) => {
    if (call.method === 'GET' && call.path === '/order/41/withdrawal') return { status: 200, body: answer };
    if (call.method === 'POST' && call.path === '/order/41/withdrawal') {
      const confirmed = (call.body as { confirm?: boolean }).confirm === true;
      const body: WithdrawalAnswer = {
        confirmed,
        statement: { order_id: 41, name: 'Paula Reis', email: 'paula@exemplo.pt', lines: stored.lines, reason: null, statement },
        withdrawal: confirmed ? stored : null,
      };
      return { status: confirmed ? 201 : 200, body };
    }
    return undefined;
  });
}

const renderPage = () => renderRoutes([{ path: paths.withdrawal.pattern, element: <WithdrawalPage /> }], paths.withdrawal(41, 'tok-41'));

describe('the withdrawal function of one order', () => {
  it('step 1 is prefilled and offers only the lines the law allows; step 2 confirms apart; then what happens next', async () => {
    const calls = serve(overview());
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Desistir do contrato: encomenda n.º 41' })).toBeTruthy();
    expect(((await screen.findByLabelText(/^Nome/)) as HTMLInputElement).value).toBe('Paula Reis');
    expect(screen.getByText('paula@exemplo.pt')).toBeTruthy();
    // The personalised labels are said, never offered.
    expect(screen.getByText(/Sem direito de livre resolução\. Bem feito segundo as especificações do cliente/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Etiquetas gravadas/)).toBeNull();

    fireEvent.change(screen.getByLabelText(/^Caixa kraft/), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText(statement)).toBeTruthy();
    const posts = () => calls.filter((c) => c.method === 'POST');
    // Step 1 asks for the statement only, with the guest's token.
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.body).toEqual({ name: 'Paula Reis', lines: [{ order_item_id: 7, quantity: 1 }] });
    expect(posts()[0]?.query.get('token')).toBe('tok-41');

    fireEvent.click(screen.getByRole('button', { name: 'Confirmar desistência' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Desistência registada' })).toBeTruthy();
    expect(posts()[1]?.body).toEqual({ name: 'Paula Reis', lines: [{ order_item_id: 7, quantity: 1 }], confirm: true });
    const next = screen.getByRole('heading', { name: 'O que acontece agora' }).nextElementSibling as HTMLElement;
    expect(within(next).getByText(/Loja, Lda\., Rua A, 1, 1000-001 Lisboa/)).toBeTruthy();
    expect(within(next).getByText('10 de dezembro de 2026')).toBeTruthy();
  });

  it('says when the period is over and offers nothing', async () => {
    serve(
      overview({
        open: false,
        open_until: null,
        lines: [{ order_item_id: 7, name: 'Caixa kraft', quantity: 2, unit_price: 12.5, withdrawable: 0, until: '2026-10-01T23:00:00.000Z', blocked: null }],
      }),
    );
    renderPage();
    expect(await screen.findByText('O prazo para desistir desta encomenda terminou em 1 de outubro de 2026.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continuar' })).toBeNull();
  });
});

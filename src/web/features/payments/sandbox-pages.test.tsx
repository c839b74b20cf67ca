// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SandboxMbwayRequest } from '#shared/schemas/payments.ts';
import { errorAnswer, fakeApi, renderRoutes } from '../cart/cart-test-utils.tsx';
import { SandboxMbwayPage } from './sandbox-mbway-page.tsx';
import { SandboxMultibancoPage } from './sandbox-multibanco-page.tsx';
import { paths } from '#shared/paths.ts';

const phoneRequest = (overrides: Partial<SandboxMbwayRequest> = {}): SandboxMbwayRequest => ({
  requestId: 'req-1',
  order_id: 77,
  amount: 31,
  phone_number: '912345678',
  status: 'pending',
  expiresAt: '2999-01-01T00:00:00.000Z',
  ...overrides,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('sandbox MB WAY phone', () => {
  const open = () => renderRoutes([{ path: paths.sandboxMbway.pattern, element: <SandboxMbwayPage /> }], '/sandbox/mbway/req-1');

  it('says it is a test, shows the request and accepts it', async () => {
    let status: SandboxMbwayRequest['status'] = 'pending';
    const calls = fakeApi(null, (call) => {
      if (call.path !== '/payment/sandbox/mbway/req-1') return undefined;
      if (call.method === 'POST') status = (call.body as { accept: boolean }).accept ? 'paid' : 'rejected';
      return { status: 200, body: phoneRequest({ status }) };
    });
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Telemóvel de testes (MB WAY)' })).toBeTruthy();
    expect(screen.getByText(/nenhum dinheiro é movimentado/)).toBeTruthy();
    expect(await screen.findByText('N.º 77')).toBeTruthy();
    expect(screen.getByText('912 345 678')).toBeTruthy();
    expect(screen.getByText('A aguardar pagamento')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Aceitar pagamento' }));
    expect(await screen.findByText(/Pagamento aceite\. A loja recebeu a confirmação\./)).toBeTruthy();
    expect(screen.getByText('Pago')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aceitar pagamento' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ accept: true }]);
  });

  it('refuses it', async () => {
    fakeApi(null, (call) =>
      call.method === 'POST' ? { status: 200, body: phoneRequest({ status: 'rejected' }) } : { status: 200, body: phoneRequest() },
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Recusar' }));
    expect(await screen.findByText(/^Pagamento recusado\./)).toBeTruthy();
    expect(screen.getByText('Recusado')).toBeTruthy();
  });

  it('says when the request is unknown (or the shop is not in test mode)', async () => {
    fakeApi(null, () => errorAnswer(404, 'Pedido MB WAY não encontrado.'));
    open();
    expect(await screen.findByText('Pedido MB WAY não encontrado.')).toBeTruthy();
    expect(screen.getByText('O ambiente de testes de pagamentos não está disponível nesta loja.')).toBeTruthy();
  });
});

describe('sandbox ATM', () => {
  const open = (search = '') =>
    renderRoutes([{ path: '/sandbox/multibanco', element: <SandboxMultibancoPage /> }], { pathname: '/sandbox/multibanco', search });

  it('pays the reference it was opened with, the amount typed the Portuguese way', async () => {
    const calls = fakeApi(null, (call) => (call.path === '/payment/sandbox/multibanco' ? { status: 200, body: { message: 'Pagamento aceite. A loja recebeu a confirmação.' } } : undefined));
    open('?entity=12345&reference=123456789&amount=31%2C50');
    expect(screen.getByRole('heading', { level: 1, name: 'Multibanco de testes' })).toBeTruthy();
    expect((screen.getByLabelText('Entidade') as HTMLInputElement).value).toBe('12345');
    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByText('Pagamento aceite. A loja recebeu a confirmação.')).toBeTruthy();
    expect(calls.map((c) => c.body)).toEqual([{ entity: '12345', reference: '123456789', amount: 31.5 }]);
  });

  it('checks the fields and shows the server answer on them', async () => {
    const calls = fakeApi(null, () => errorAnswer(400, 'O montante não corresponde ao da referência.', { fields: { amount: 'O montante não corresponde ao da referência.' } }));
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByText('A entidade tem 5 dígitos.')).toBeTruthy();
    expect(screen.getByText('A referência tem 9 dígitos.')).toBeTruthy();
    expect(screen.getByText('Indique o montante em euros, por exemplo 12,50.')).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.input(screen.getByLabelText('Entidade'), { target: { value: '12345' } });
    fireEvent.input(screen.getByLabelText('Referência'), { target: { value: '123 456 789' } });
    fireEvent.input(screen.getByLabelText('Montante (€)'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByText('O montante não corresponde ao da referência.')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Montante (€)').getAttribute('aria-invalid')).toBe('true'));
    expect(calls.map((c) => c.body)).toEqual([{ entity: '12345', reference: '123456789', amount: 30 }]);
  });

  it("shows the server's refusal", async () => {
    fakeApi(null, () => errorAnswer(404, 'Referência não encontrada, expirada ou já paga.'));
    open('?entity=12345&reference=123456789&amount=31%2C00');
    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByText('Referência não encontrada, expirada ou já paga.')).toBeTruthy();
  });
});

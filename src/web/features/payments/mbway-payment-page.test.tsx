// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FailedMbwayStatus, MBWAY_POLL_MS, type MbwayAnswer, type MbwayStatus, paymentMessages } from '#shared/schemas/payments.ts';
import { type Answer, cartItem, errorAnswer, type FakeCall, fakeApi, orderFactory, renderRoutes, storeCart } from '../cart/cart-test-utils.tsx';
import { MbwayPaymentPage } from './mbway-payment-page.tsx';
import { MultibancoPaymentPage } from './multibanco-payment-page.tsx';

const NOW = new Date('2025-03-05T10:00:00.000Z');
const order = orderFactory({ id: 77, user_id: null, email: 'ana@exemplo.pt', total_price_with_tax: 31, payment_method: 'mbway' });
const request = (overrides: Partial<MbwayAnswer> = {}): MbwayAnswer => ({
  order_id: 77,
  status: 'pending',
  phone_number: '912345678',
  amount: 31,
  expiresAt: '2025-03-05T10:04:00.000Z',
  sandboxUrl: '/sandbox/mbway/req-1',
  ...overrides,
});

/** Advances the fake clock and lets the answers it releases reach the screen. */
const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

const statusCalls = (calls: FakeCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/payment/mbway/status/77');

/** A server whose status answers go through `statuses` (the last one repeats). */
function serve(statuses: (MbwayStatus | Answer)[], extra: (call: FakeCall) => Answer | undefined = () => undefined) {
  let i = 0;
  return fakeApi(null, (call) => {
    if (call.method === 'GET' && call.path === '/payment/mbway/status/77') {
      const next = statuses[Math.min(i++, statuses.length - 1)] ?? 'pending';
      return typeof next === 'string' ? { status: 200, body: { status: next } } : next;
    }
    return extra(call);
  });
}

const open = (state: unknown = { order, mbway: request() }, search = '?id=77&token=tok') =>
  renderRoutes(
    [
      { path: '/mbway-payment', element: <MbwayPaymentPage /> },
      { path: '/multibanco-payment', element: <MultibancoPaymentPage /> },
      { path: '/order-success', element: <p>Confirmação da encomenda</p> },
      { path: '/checkout', element: <p>Página do checkout</p> },
    ],
    { pathname: '/mbway-payment', search, state },
  );

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('MB WAY payment page', () => {
  it('asks every 5 s while pending, counts the 4 minutes down, then confirms and opens /order-success after 3 s', async () => {
    const calls = serve(['pending', 'pending', 'paid']);
    const { router } = open();
    await tick(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Pagamento MB WAY' })).toBeTruthy();
    expect(screen.getByText('N.º 77')).toBeTruthy();
    expect(screen.getByText('912 345 678')).toBeTruthy();
    expect(screen.getByText('A aguardar a confirmação do pagamento...')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('Tempo restante para aceitar: 4:00');
    expect(screen.getByRole('link', { name: /Abrir o telemóvel de testes/ }).getAttribute('href')).toBe('/sandbox/mbway/req-1');
    expect(screen.getByText('Ambiente de testes')).toBeTruthy();

    await tick(MBWAY_POLL_MS - 1);
    expect(statusCalls(calls)).toHaveLength(0);
    await tick(1);
    expect(statusCalls(calls)).toHaveLength(1);
    expect(statusCalls(calls)[0]?.query.get('token')).toBe('tok');
    expect(screen.getByRole('timer').textContent).toBe('Tempo restante para aceitar: 3:55');

    await tick(MBWAY_POLL_MS);
    expect(statusCalls(calls)).toHaveLength(2);
    expect(screen.getByRole('timer').textContent).toBe('Tempo restante para aceitar: 3:50');

    await tick(MBWAY_POLL_MS);
    expect(statusCalls(calls)).toHaveLength(3);
    expect(screen.getByText('Pagamento confirmado!')).toBeTruthy();
    // The news is read out: the box is inside the live region.
    expect(screen.getByText('Pagamento confirmado!').closest('[aria-live="polite"]')).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByRole('link', { name: /Abrir o telemóvel de testes/ })).toBeNull();

    await tick(2999);
    expect(router.state.location.pathname).toBe('/mbway-payment');
    await tick(1);
    expect(router.state.location.pathname).toBe('/order-success');
    expect(router.state.location.search).toBe('?id=77&token=tok');
    await tick(MBWAY_POLL_MS * 3);
    expect(statusCalls(calls)).toHaveLength(3);
  });

  it.each<[FailedMbwayStatus, string]>([
    ['failed', 'O pagamento falhou. Por favor, tente novamente ou escolha outro método.'],
    ['expired', 'O pagamento expirou. Por favor, tente novamente ou escolha outro método.'],
    ['canceled', 'O pagamento foi cancelado. Por favor, tente novamente ou escolha outro método.'],
    ['rejected', 'O pagamento foi recusado. Por favor, tente novamente ou escolha outro método.'],
    ['unknown_gateway_status', 'O pagamento não foi confirmado. Por favor, tente novamente ou escolha outro método.'],
  ])('%s: shows the failure box and stops asking', async (status, message) => {
    const calls = serve([status]);
    open();
    await tick(MBWAY_POLL_MS);
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.queryByText('A aguardar a confirmação do pagamento...')).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('button', { name: 'Voltar ao Checkout' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pagar por Multibanco' })).toBeTruthy();
    await tick(MBWAY_POLL_MS * 4);
    expect(statusCalls(calls)).toHaveLength(1);
  });

  it("keeps 'initiated' (or any status it does not know) as pending", async () => {
    const calls = serve([{ status: 200, body: { status: 'initiated' } }, 'pending']);
    open();
    await tick(MBWAY_POLL_MS * 2);
    expect(statusCalls(calls)).toHaveLength(2);
    expect(screen.getByText('A aguardar a confirmação do pagamento...')).toBeTruthy();
  });

  it('a request error shows its message and stops; asking again resumes at once', async () => {
    const calls = serve([errorAnswer(500, 'Erro interno'), 'pending', 'paid']);
    open();
    await tick(MBWAY_POLL_MS);
    expect(screen.getByText('Erro ao verificar o estado do pagamento. Por favor, tente novamente.')).toBeTruthy();
    await tick(MBWAY_POLL_MS * 3);
    expect(statusCalls(calls)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Verificar de novo' }));
    await tick(0);
    expect(statusCalls(calls)).toHaveLength(2);
    expect(screen.getByText('A aguardar a confirmação do pagamento...')).toBeTruthy();
    await tick(MBWAY_POLL_MS);
    expect(statusCalls(calls)).toHaveLength(3);
    expect(screen.getByText('Pagamento confirmado!')).toBeTruthy();
  });

  it('says when the 4 minutes are over and keeps asking until the server decides', async () => {
    const calls = serve(['pending']);
    open({ order, mbway: request({ expiresAt: '2025-03-05T10:00:08.000Z' }) });
    await tick(0);
    expect(screen.getByRole('timer').textContent).toBe('Tempo restante para aceitar: 0:08');
    await tick(8000);
    expect(screen.getByRole('timer').textContent).toBe('O tempo para aceitar terminou. A confirmar o estado do pagamento...');
    await tick(MBWAY_POLL_MS);
    expect(statusCalls(calls)).toHaveLength(2);
  });

  it("after a refusal with an empty cart, 'Voltar ao Checkout' asks for the number again and sends a new request for the same order", async () => {
    const calls = serve(['rejected', 'pending'], (call) =>
      call.method === 'POST' && call.path === '/payment/mbway' ?
        { status: 200, body: request({ phone_number: '936543210', sandboxUrl: '/sandbox/mbway/req-2' }) }
      : undefined,
    );
    const { router } = open();
    await tick(MBWAY_POLL_MS);
    const back = screen.getByRole('button', { name: 'Voltar ao Checkout' });
    expect(back.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(back);
    const phone = screen.getByLabelText('Número de telemóvel MB WAY') as HTMLInputElement;
    expect(phone.value).toBe('912345678');

    fireEvent.change(phone, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar novo pedido MB WAY' }));
    expect(screen.getByText('Por favor insira um número de telemóvel válido: 9 dígitos começados por 9, ou com o indicativo do país (ex.: +34 612 345 678).')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/payment/mbway')).toHaveLength(0);

    fireEvent.change(phone, { target: { value: '936 543 210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar novo pedido MB WAY' }));
    await tick(0);
    const [sent] = calls.filter((c) => c.path === '/payment/mbway');
    expect(sent?.body).toEqual({ order_id: 77, amount: 31, phone_number: '936543210', email: 'ana@exemplo.pt', token: 'tok' });
    expect(router.state.location.search).toBe('?id=77&token=tok');
    expect(screen.getByText('936 543 210')).toBeTruthy();
    expect(screen.getByText('A aguardar a confirmação do pagamento...')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Abrir o telemóvel de testes/ }).getAttribute('href')).toBe('/sandbox/mbway/req-2');
    await tick(MBWAY_POLL_MS);
    expect(statusCalls(calls)).toHaveLength(2);
  });

  it("with items in the cart, 'Voltar ao Checkout' goes to /checkout", async () => {
    storeCart([cartItem()]);
    serve(['failed']);
    open();
    await tick(MBWAY_POLL_MS);
    expect(screen.getByRole('link', { name: 'Voltar ao Checkout' }).getAttribute('href')).toBe('/checkout');
    expect(screen.getByRole('button', { name: 'Tentar de novo com MB WAY' })).toBeTruthy();
  });

  it('after a failure, pays the same order by Multibanco instead', async () => {
    const calls = serve(['expired'], (call) =>
      call.method === 'POST' && call.path === '/payment/multibanco' ?
        { status: 200, body: { order_id: 77, entity: '12345', reference: '987654321', amount: 31, expiresAt: '2025-03-07T10:00:00.000Z', sandbox: false } }
      : undefined,
    );
    const { router } = open();
    await tick(MBWAY_POLL_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Pagar por Multibanco' }));
    await tick(0);
    expect(calls.filter((c) => c.path === '/payment/multibanco').map((c) => c.body)).toEqual([{ order_id: 77, token: 'tok' }]);
    expect(router.state.location.pathname).toBe('/multibanco-payment');
    expect(router.state.location.search).toBe('?id=77&token=tok');
    expect(screen.getByText('987 654 321')).toBeTruthy();
  });

  it("after a reload without the checkout's state, follows the order's newest MB WAY request", async () => {
    const calls = serve(['pending'], (call) => {
      if (call.path === '/payment/order/77') {
        return {
          status: 200,
          body: {
            payments: [
              {
                id: 3,
                method: 'mbway',
                status: 'pending',
                amount: 31,
                entity: null,
                reference: null,
                phone_number: '961234567',
                expiresAt: '2025-03-05T10:03:00.000Z',
                paidAt: null,
                createdAt: '2025-03-05T09:59:00.000Z',
              },
            ],
          },
        };
      }
      if (call.path === '/order/77') return { status: 200, body: order };
      return undefined;
    });
    open(null);
    expect(screen.getByRole('status')).toBeTruthy();
    await tick(0);
    expect(screen.getByText('961 234 567')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('Tempo restante para aceitar: 3:00');
    expect(calls.find((c) => c.path === '/payment/order/77')?.query.get('token')).toBe('tok');
    await tick(MBWAY_POLL_MS);
    expect(statusCalls(calls)).toHaveLength(1);
  });

  it('says there is no request to follow for an order without one, or without an order', async () => {
    fakeApi(null, (call) => (call.path === '/payment/order/77' ? { status: 200, body: { payments: [] } } : undefined));
    open(null);
    await tick(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Pedido de pagamento MB WAY não encontrado.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar ao início' }).getAttribute('href')).toBe('/');
    cleanup();

    const calls = fakeApi(null);
    open(null, '');
    await tick(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Pedido de pagamento MB WAY não encontrado.' })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('when the request could not start, says so and offers the other ways to pay', async () => {
    fakeApi(null);
    open({ order, error: 'O serviço de pagamentos recusou o pedido. Por favor, tente novamente ou escolha outro método.' });
    await tick(0);
    expect(screen.getByText('O serviço de pagamentos recusou o pedido. Por favor, tente novamente ou escolha outro método.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pagar por Multibanco' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver a encomenda' }).getAttribute('href')).toBe('/order-success?id=77&token=tok');
  });

  it('when the gateway did not confirm the request (#27), follows the attempt the shop kept, under the warning, until it is paid', async () => {
    const calls = serve(['pending', 'paid'], (call) => {
      if (call.path === '/payment/order/77') {
        const attempt = { id: 4, method: 'mbway', status: 'pending', amount: 31, entity: null, reference: null, paidAt: null, gateway: 'sandbox' };
        return {
          status: 200,
          body: {
            payments: [{ ...attempt, phone_number: '+34612345678', expiresAt: '2025-03-05T10:04:00.000Z', createdAt: '2025-03-05T10:00:00.000Z', sandboxUrl: '/sandbox/mbway/late-77P4' }],
          },
        };
      }
      return undefined;
    });
    const { router } = open({ order, error: paymentMessages.mbwayUnconfirmed });
    await tick(0);
    expect(screen.getByText(paymentMessages.mbwayUnconfirmed)).toBeTruthy();
    expect(screen.getByText('+34 612 345 678')).toBeTruthy();
    expect(screen.getByText('A aguardar a confirmação do pagamento...')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Abrir o telemóvel de testes/ }).getAttribute('href')).toBe('/sandbox/mbway/late-77P4');
    await tick(MBWAY_POLL_MS * 2);
    expect(statusCalls(calls).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('Pagamento confirmado!')).toBeTruthy();
    expect(screen.queryByText(paymentMessages.mbwayUnconfirmed)).toBeNull();
    await tick(3000);
    expect(router.state.location.pathname).toBe('/order-success');
  });
});

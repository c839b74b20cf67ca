// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MULTIBANCO_POLL_MS, type MultibancoAnswer } from '#shared/schemas/payments.ts';
import { paymentInfoFactory } from '../../test/factories.ts';
import { errorAnswer, type FakeCall, fakeApi, orderFactory, renderRoutes, spaced, userFactory } from '../cart/cart-test-utils.tsx';
import { MultibancoPaymentPage } from './multibanco-payment-page.tsx';

const answer = (overrides: Partial<MultibancoAnswer> = {}): MultibancoAnswer => ({
  order_id: 42,
  entity: '12345',
  reference: '123456789',
  amount: 31,
  expiresAt: '2025-03-07T10:00:00.000Z',
  sandbox: false,
  ...overrides,
});
const payment = paymentInfoFactory;
const order = orderFactory({ id: 42, user_id: null, email: 'ana@exemplo.pt' });

const open = (search: string, state?: unknown) =>
  renderRoutes([{ path: '/multibanco-payment', element: <MultibancoPaymentPage /> }], { pathname: '/multibanco-payment', search, state });
const gets = (calls: FakeCall[]) => calls.filter((c) => c.method === 'GET');
/** The value next to a label of the figures list. */
const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.querySelector('.payment-figure-value')?.textContent;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Multibanco payment page', () => {
  it("shows the checkout's reference: order, entity, reference in threes, amount, 48 hours and the e-mail", async () => {
    const calls = fakeApi(null);
    open('?id=42&token=tok', { order, multibanco: answer() });
    expect(screen.getByRole('heading', { level: 1, name: 'Pagamento por Multibanco' })).toBeTruthy();
    expect(screen.getByText('Encomenda N.º 42')).toBeTruthy();
    expect(figure('Entidade')).toBe('12345');
    expect(figure('Referência')).toBe('123 456 789');
    expect(spaced(figure('Montante') ?? '')).toBe('31,00 €');
    expect(screen.getByText(/A referência é válida até/).textContent).toMatch(/até 7 de março de 2025.*\d\d:\d\d; depois disso a encomenda é cancelada\.$/);
    expect(screen.getByText('ana@exemplo.pt')).toBeTruthy();
    expect(screen.getByText(/enviamos a confirmação por email/)).toBeTruthy();
    // A guest has no order list: the button opens this order with its token.
    expect(screen.getByRole('link', { name: 'Ver a encomenda' }).getAttribute('href')).toBe('/order-success?id=42&token=tok');
    expect(screen.getByRole('link', { name: 'Continuar a comprar' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('Ambiente de testes')).toBeNull();
    expect(gets(calls)).toHaveLength(0);
    await waitFor(() => expect(document.title).toBe('Pagamento por Multibanco | Loja'));
  });

  it('links a signed-in customer to their orders, and the sandbox reference to the test ATM', async () => {
    fakeApi(userFactory());
    open('?id=42', { multibanco: answer({ sandbox: true }) });
    expect((await screen.findByRole('link', { name: 'Ver as minhas encomendas' })).getAttribute('href')).toBe('/minhas-encomendas');
    expect(screen.getByText('Ambiente de testes')).toBeTruthy();
    expect(screen.getByText(/nenhum dinheiro é movimentado/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pagar no multibanco de testes' }).getAttribute('href')).toBe(
      '/sandbox/multibanco?entity=12345&reference=123456789&amount=31%2C00',
    );
  });

  it('copies the reference and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fakeApi(null);
    open('?id=42', { multibanco: answer() });
    fireEvent.click(screen.getByRole('button', { name: 'Copiar referência' }));
    expect(await screen.findByText('Referência copiada.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('123456789');
    fireEvent.click(screen.getByRole('button', { name: 'Copiar quantia' }));
    expect(await screen.findByText('Quantia copiada.')).toBeTruthy();
    expect(writeText).toHaveBeenLastCalledWith('31,00');
  });

  it('after a reload, shows the newest pending reference of the order', async () => {
    const calls = fakeApi(null, (call) =>
      call.path === '/payment/order/42' ?
        {
          status: 200,
          body: {
            payments: [
              payment({ id: 3, reference: '111222333', gateway: 'sandbox' }),
              payment({ id: 2, method: 'mbway', status: 'rejected', entity: null, reference: null, phone_number: '912345678' }),
              payment({ id: 1, reference: '999888777', status: 'expired' }),
            ],
          },
        }
      : undefined,
    );
    open('?id=42&token=tok');
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByText('111 222 333')).toBeTruthy();
    expect(gets(calls).map((c) => `${c.path}?${c.query.toString()}`)).toEqual(['/payment/order/42?token=tok']);
    expect(screen.getByRole('link', { name: 'Pagar no multibanco de testes' })).toBeTruthy();
  });

  it('says when the reference was paid already', async () => {
    fakeApi(null, () => ({ status: 200, body: { payments: [payment({ status: 'paid', paidAt: '2025-03-06T09:30:00.000Z' })] } }));
    open('?id=42');
    expect(await screen.findByText('Encomenda N.º 42: pagamento recebido.')).toBeTruthy();
    expect(screen.getByText((_, el) => el?.tagName === 'P' && /^Pago em 6 de março de 2025/.test(el.textContent ?? ''))).toBeTruthy();
  });

  it('says the reference was not found: no reference, an unknown order, or no order in the address', async () => {
    fakeApi(null, () => ({ status: 200, body: { payments: [payment({ status: 'expired' })] } }));
    open('?id=42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Referência Multibanco não encontrada.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar ao início' }).getAttribute('href')).toBe('/');
    cleanup();

    fakeApi(null, () => errorAnswer(404, 'Encomenda não encontrada.'));
    open('?id=42&token=wrong');
    expect(await screen.findByRole('heading', { level: 1, name: 'Referência Multibanco não encontrada.' })).toBeTruthy();
    cleanup();

    const calls = fakeApi(null);
    open('?id=abc');
    expect(screen.getByRole('heading', { level: 1, name: 'Referência Multibanco não encontrada.' })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows a load error with a retry', async () => {
    let fail = true;
    fakeApi(null, () => (fail ? { status: 500 } : { status: 200, body: { payments: [payment()] } }));
    open('?id=42');
    expect(await screen.findByText('Não foi possível carregar a referência Multibanco. Por favor, tente novamente.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('123 456 789')).toBeTruthy();
  });

  // issue #25: the Multibanco screen moves on when paid, as the MB WAY one does.
  it('asks every 10 s whether the reference was paid, then says so and opens the order after 3 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    try {
      const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
      let paid = false;
      const calls = fakeApi(null, (call) =>
        call.method === 'GET' && call.path === '/payment/order/42' ?
          { status: 200, body: { payments: [payment({ status: paid ? 'paid' : 'pending', paidAt: paid ? '2025-03-05T11:00:00.000Z' : null })] } }
        : undefined,
      );
      const { router } = renderRoutes(
        [
          { path: '/multibanco-payment', element: <MultibancoPaymentPage /> },
          { path: '/order-success', element: <p>A encomenda</p> },
        ],
        { pathname: '/multibanco-payment', search: '?id=42&token=tok', state: { order, multibanco: answer() } },
      );
      await tick(0);
      expect(figure('Referência')).toBe('123 456 789');
      expect(gets(calls)).toHaveLength(0);

      await tick(MULTIBANCO_POLL_MS);
      expect(gets(calls)).toHaveLength(1);
      expect(gets(calls)[0]?.query.get('token')).toBe('tok');
      expect(screen.queryByText('Pagamento recebido!')).toBeNull();

      paid = true;
      await tick(MULTIBANCO_POLL_MS);
      await tick(100);
      expect(screen.getByText('Pagamento recebido!')).toBeTruthy();
      expect(screen.queryByText('123 456 789')).toBeNull();
      expect(router.state.location.pathname).toBe('/multibanco-payment');

      await tick(3000);
      await tick(100);
      expect(screen.getByText('A encomenda')).toBeTruthy();
      expect(router.state.location.search).toBe('?id=42&token=tok');
      const asked = gets(calls).length;
      await tick(MULTIBANCO_POLL_MS * 2);
      expect(gets(calls)).toHaveLength(asked);
    } finally {
      vi.useRealTimers();
    }
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatEuros } from '#shared/money.ts';
import { errorAnswer, fakeApi, orderFactory, renderRoutes, spaced, userFactory } from '../cart/cart-test-utils.tsx';
import { OrderSuccessPage } from './order-success-page.tsx';

type Entry = Parameters<typeof renderRoutes>[1];
const renderSuccess = (entry: Entry) => renderRoutes([{ path: '/order-success', element: <OrderSuccessPage /> }], entry);
// The order itself (its withdrawal function's state, GET /order/{id}/withdrawal, is asked beside it).
const orderGets = (calls: ReturnType<typeof fakeApi>) => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/order/') && !c.path.endsWith('/withdrawal'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('order success page', () => {
  it('shows the order passed by the checkout, with the link to my orders for a signed-in user', async () => {
    const calls = fakeApi(userFactory());
    const order = orderFactory({ id: 42, total_price_with_tax: 31, payment_method: 'multibanco' });
    renderSuccess({ pathname: '/order-success', search: '?id=42', state: { order } });
    expect(screen.getByRole('heading', { level: 1, name: 'Obrigado pela sua encomenda!' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('N.º 42')).toBeTruthy();
    expect(screen.getAllByText('5 de março de 2025 às 10:00').length).toBeGreaterThan(0);
    expect(screen.getByText(spaced(formatEuros(31)))).toBeTruthy();
    expect(screen.getByText('Multibanco')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continuar a comprar' }).getAttribute('href')).toBe('/produtos');
    expect((await screen.findByRole('link', { name: 'Ver as minhas encomendas' })).getAttribute('href')).toBe('/minhas-encomendas');
    expect(screen.queryByText(/link para acompanhar a encomenda/)).toBeNull();
    expect(orderGets(calls)).toHaveLength(0);
    await waitFor(() => expect(document.title).toBe('Encomenda confirmada | Loja'));
  });

  it("fetches a guest's order with its token, and says the link went by e-mail", async () => {
    const order = orderFactory({ id: 7, user_id: null, email: 'ana@exemplo.pt', payment_method: 'mbway', total_price_with_tax: 18.5 });
    const calls = fakeApi(null, (call) => (call.path === '/order/7' ? { status: 200, body: order } : undefined));
    renderSuccess('/order-success?id=7&token=abc123');
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByText('Obrigado pela sua encomenda!')).toBeTruthy();
    const [get] = orderGets(calls);
    expect(get?.path).toBe('/order/7');
    expect(get?.query.get('token')).toBe('abc123');
    expect(screen.getByText('N.º 7')).toBeTruthy();
    expect(screen.getByText('MB WAY')).toBeTruthy();
    expect(screen.getByText(spaced(formatEuros(18.5)))).toBeTruthy();
    expect(screen.getByText('ana@exemplo.pt')).toBeTruthy();
    expect(screen.getByText(/link para acompanhar a encomenda/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Ver as minhas encomendas' })).toBeNull();
  });

  it("an unpaid order says it waits for payment and how to pay, not that it was registered with success (issue #12)", async () => {
    const order = orderFactory({ id: 7, user_id: null, status: 'pending', paid_at: null, payment_method: 'multibanco' });
    fakeApi(null, (call) =>
      call.path === '/order/7' ? { status: 200, body: order }
      : call.path === '/payment/order/7' ? { status: 200, body: { payments: [], alerts: [] } }
      : undefined,
    );
    renderSuccess('/order-success?id=7&token=abc123');
    expect(await screen.findByText('A aguardar pagamento')).toBeTruthy();
    expect(within(screen.getByText('A aguardar pagamento')).getByText('Pendente')).toBeTruthy();
    expect(screen.queryByText('A sua encomenda foi registada com sucesso.')).toBeNull();
    expect(await screen.findByText(/Esta encomenda ainda não está paga: escolha como quer pagar/)).toBeTruthy();
  });

  it('a cancelled order says so, with no payment section', async () => {
    const order = orderFactory({ id: 7, user_id: null, status: 'cancelled', paid_at: null });
    fakeApi(null, (call) => (call.path === '/order/7' ? { status: 200, body: order } : undefined));
    renderSuccess('/order-success?id=7&token=abc123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Encomenda cancelada' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Pagamento' })).toBeNull();
  });

  it('says the details could not be loaded when the request fails', async () => {
    fakeApi(null, () => ({ status: 500 }));
    renderSuccess('/order-success?id=7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Não foi possível carregar os detalhes da encomenda.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar ao início' }).getAttribute('href')).toBe('/');
  });

  it('says there is nothing to show without an order, or for an unknown one', async () => {
    const calls = fakeApi(null, () => errorAnswer(404, 'Encomenda não encontrada.'));
    renderSuccess('/order-success');
    expect(screen.getByRole('heading', { level: 1, name: 'Informação da encomenda não encontrada.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar ao início' }).getAttribute('href')).toBe('/');
    expect(orderGets(calls)).toHaveLength(0);
    cleanup();

    renderSuccess('/order-success?id=999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Informação da encomenda não encontrada.' })).toBeTruthy();
  });

  // issue #25: the page every e-mail links a guest to is the order's status page.
  it("a shipped guest order is a status page: no thanks, the timeline with dates, the items, the address and the NIF", async () => {
    const order = orderFactory({
      id: 7,
      user_id: null,
      status: 'shipped',
      paid_at: '2025-03-05T13:00:00.000Z',
      nif: '501964843',
      company: 'Arrumações Lda.',
      status_dates: { shipped: '2025-03-06T09:15:00.000Z', delivered: null, cancelled: null },
    });
    fakeApi(null, (call) => (call.path === '/order/7' ? { status: 200, body: order } : undefined));
    renderSuccess('/order-success?id=7&token=abc123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Encomenda enviada' })).toBeTruthy();
    expect(screen.queryByText('Obrigado pela sua encomenda!')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Encomenda enviada | Loja'));

    const steps = within(screen.getByRole('list', { name: 'Estado da encomenda' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Encomenda recebida5 de março de 2025 às 10:00',
      'Pagamento recebido5 de março de 2025 às 13:00',
      'Encomenda enviada6 de março de 2025 às 09:15',
      'Encomenda entregue (por fazer)',
    ]);
    expect(steps[2]?.getAttribute('aria-current')).toBe('step');

    const items = screen.getByRole('table');
    expect(within(items).getByRole('row', { name: /Caixa organizadora/ })).toBeTruthy();
    expect(screen.getByText('Maria Silva, Rua das Flores 1, Lisboa, 1000-001, Portugal')).toBeTruthy();
    expect(screen.getByText('NIF 501964843 (Arrumações Lda.)')).toBeTruthy();
    expect(screen.getByText('Pago em', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pagar por/ })).toBeNull();
  });

  it('a cancelled paid order shows the cancellation and the refund still owed in its timeline', async () => {
    const order = orderFactory({
      id: 7,
      user_id: null,
      status: 'cancelled',
      paid_at: '2025-03-05T13:00:00.000Z',
      refund_due: 37,
      refunded_at: null,
      status_dates: { shipped: null, delivered: null, cancelled: '2025-03-05T15:00:00.000Z' },
    });
    fakeApi(null, (call) => (call.path === '/order/7' ? { status: 200, body: order } : call.path === '/payment/order/7' ? { status: 200, body: { payments: [] } } : undefined));
    renderSuccess('/order-success?id=7&token=abc123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Encomenda cancelada' })).toBeTruthy();
    const steps = within(screen.getByRole('list', { name: 'Estado da encomenda' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Encomenda recebida5 de março de 2025 às 10:00',
      'Pagamento recebido5 de março de 2025 às 13:00',
      'Encomenda cancelada5 de março de 2025 às 15:00',
      'Reembolso por fazer (por fazer)',
    ]);
  });

  it("an unpaid guest order offers MB WAY beside Multibanco, as its e-mails promise", async () => {
    const order = orderFactory({ id: 7, user_id: null, status: 'pending', paid_at: null, payment_method: 'multibanco', phone: '212345678' });
    const reference = { id: 1, method: 'multibanco', status: 'pending', amount: 37, entity: '12345', reference: '123456789', phone_number: null, expiresAt: '2999-01-01T00:00:00.000Z', paidAt: null, gateway: 'sandbox' };
    const calls = fakeApi(null, (call) => {
      if (call.path === '/order/7') return { status: 200, body: order };
      if (call.path === '/payment/order/7') return { status: 200, body: { payments: [reference] } };
      if (call.method === 'POST' && call.path === '/payment/mbway') {
        return { status: 200, body: { order_id: 7, requestId: 'r1', status: 'pending', amount: 37, phone_number: '912345678', expiresAt: '2999-01-01T00:04:00.000Z' } };
      }
      return undefined;
    });
    const { router } = renderRoutes(
      [
        { path: '/order-success', element: <OrderSuccessPage /> },
        { path: '/mbway-payment', element: <p>Ecrã MB WAY</p> },
      ],
      '/order-success?id=7&token=abc123',
    );
    expect(await screen.findByText('123 456 789')).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'Pagar por MB WAY' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const phone = screen.getByLabelText('Número de telemóvel MB WAY');
    fireEvent.change(phone, { target: { value: '912 345 678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar pedido MB WAY' }));
    expect(await screen.findByText('Ecrã MB WAY')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ order_id: 7, amount: order.total_price_with_tax, phone_number: '912345678', email: order.email, token: 'abc123' });
    expect(router.state.location.search).toBe('?id=7&token=abc123');
  });
  it('offers the other ways in the order the owner set, MB WAY among them, as the e-mails name them', async () => {
    const order = orderFactory({ id: 8, user_id: null, status: 'pending', paid_at: null, payment_method: 'multibanco' });
    const reference = { id: 2, method: 'multibanco', status: 'pending', amount: 37, entity: '12345', reference: '123456780', phone_number: null, expiresAt: '2999-01-01T00:00:00.000Z', paidAt: null, gateway: 'sandbox' };
    fakeApi(null, (call) => {
      if (call.path === '/order/8') return { status: 200, body: order };
      if (call.path === '/payment/order/8') return { status: 200, body: { payments: [reference] } };
      if (call.path === '/payment/methods') return { status: 200, body: { methods: ['payshop', 'mbway', 'card', 'multibanco'] } };
      return undefined;
    });
    renderRoutes([{ path: '/order-success', element: <OrderSuccessPage /> }], '/order-success?id=8&token=abc123');
    expect(await screen.findByText('123 456 780')).toBeTruthy();
    await screen.findByRole('button', { name: 'Pagar por Payshop' });
    const ways = screen.getAllByRole('button', { name: /^Pagar (por|com)/ }).map((b) => b.textContent);
    expect(ways).toEqual(['Pagar por Payshop', 'Pagar por MB WAY', 'Pagar com cartão']);
  });
});

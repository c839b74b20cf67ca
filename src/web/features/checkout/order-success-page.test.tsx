// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatEuros } from '#shared/money.ts';
import { errorAnswer, fakeApi, orderFactory, renderRoutes, spaced, userFactory } from '../cart/cart-test-utils.tsx';
import { OrderSuccessPage } from './order-success-page.tsx';

type Entry = Parameters<typeof renderRoutes>[1];
const renderSuccess = (entry: Entry) => renderRoutes([{ path: '/order-success', element: <OrderSuccessPage /> }], entry);
const orderGets = (calls: ReturnType<typeof fakeApi>) => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/order/'));

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
    expect(screen.getByText('5 de março de 2025')).toBeTruthy();
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
    expect(screen.getByText('Pendente')).toBeTruthy();
    expect(screen.queryByText('A sua encomenda foi registada com sucesso.')).toBeNull();
    expect(await screen.findByText(/peça uma referência Multibanco para a pagar/)).toBeTruthy();
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
});

// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { agenda, type Answer, caixa, euros, type FakeCall, fakeApi, orderFactory, renderRoutes, resetCartScreensBetweenTests, shopDetailsFactory, shownValue, storeCart, totalsFor } from '../cart/cart-test-utils.tsx';
import { CheckoutPage } from './checkout-page.tsx';
import type * as PaymentsApi from '../payments/api.ts';
import { PayshopPaymentPage } from '../payments/payshop-payment-page.tsx';

// The browser is sent to the gateway's card page: recorded here instead of leaving the test's page.
const cardPages = vi.hoisted(() => [] as string[]);
vi.mock('../payments/api.ts', async (original) => ({
  ...(await original<typeof PaymentsApi>()),
  goToCardPage: (url: string) => cardPages.push(url),
}));

/* Issue #27: the checkout offers the ways to pay the shop takes, in the owner's order, and starts the chosen one. */

const totals = totalsFor([caixa, agenda]);
const expiresAt = '2026-11-30T23:59:59.000Z';

function serve(methods: string[] | null, order = orderFactory({ id: 77, user_id: null, accessToken: 'tok-77', total_price_with_tax: totals.totalWithTax })) {
  return fakeApi(null, (call: FakeCall): Answer | undefined => {
    if (call.method === 'GET' && call.path === '/payment/methods') return methods ? { status: 200, body: { methods } } : { status: 503, body: { message: 'Indisponível' } };
    if (call.method === 'POST' && call.path === '/order/calculate-totals') return { status: 200, body: totals };
    if (call.method === 'POST' && call.path === '/order') return { status: 201, body: { ...order, payment_method: (call.body as { payment_method: string }).payment_method } };
    if (call.method === 'POST' && call.path === '/payment/card') return { status: 200, body: { paymentUrl: 'https://ifthenpay.example/ccard/abc' } };
    if (call.method === 'POST' && call.path === '/payment/payshop') return { status: 200, body: { order_id: 77, reference: '1234567890123', amount: totals.totalWithTax, expiresAt, sandbox: false } };
    if (call.method === 'GET' && call.path === '/payment/order/77') {
      return { status: 200, body: { payments: [{ id: 1, method: 'payshop', status: 'pending', amount: totals.totalWithTax, entity: null, reference: '1234567890123', phone_number: null, expiresAt, paidAt: null, createdAt: expiresAt, gateway: 'ifthenpay' }] } };
    }
    if (call.method === 'GET' && call.path === '/shop') return { status: 200, body: shopDetailsFactory({ withdrawalDays: 30 }) };
    return undefined;
  });
}

const renderCheckout = () =>
  renderRoutes(
    [
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/payshop-payment', element: <PayshopPaymentPage /> },
    ],
    '/checkout',
  );

const methodList = () => within(screen.getByRole('group', { name: 'Método de pagamento' }));
const radioNames = () => methodList().getAllByRole('radio').map((r) => (r.closest('.form-check')?.querySelector('.fw-semibold')?.textContent ?? ''));
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function fillForm() {
  const values = { 'Nome completo': 'Maria Silva', Email: 'maria@exemplo.pt', Telefone: '912 345 678', Morada: 'Rua das Flores, 1', Cidade: 'Lisboa', 'Código postal': '1000-001' };
  for (const [label, value] of Object.entries(values)) fireEvent.change(field(label), { target: { value } });
}
async function ready() {
  const summary = screen.getByRole('heading', { name: 'Resumo da encomenda' }).parentElement as HTMLElement;
  await waitFor(() => expect(shownValue(summary, 'Total')).toBe(euros(totals.totalWithTax)));
}

resetCartScreensBetweenTests();
beforeEach(() => {
  cardPages.length = 0;
  storeCart([caixa, agenda]);
});

describe('the checkout\'s ways to pay', () => {
  it('lists only the methods the shop offers, in the owner\'s order, the first one chosen', async () => {
    serve(['card', 'payshop', 'multibanco']);
    renderCheckout();
    await waitFor(() => expect(radioNames()).toEqual(['Cartão', 'Payshop', 'Multibanco']));
    expect(methodList().queryByRole('radio', { name: /MB WAY/ })).toBeNull();
    expect((methodList().getByRole('radio', { name: /Cartão/ }) as HTMLInputElement).checked).toBe(true);
    expect(methodList().getByText(/agente Payshop ou numa estação dos CTT/)).toBeTruthy();
  });

  it('keeps the spec\'s two, Multibanco chosen, when the list cannot be read', async () => {
    serve(null);
    renderCheckout();
    await ready();
    expect(radioNames()).toEqual(['Multibanco', 'MB WAY']);
    expect((methodList().getByRole('radio', { name: /Multibanco/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('sends a card order to the gateway\'s card page', async () => {
    const calls = serve(['multibanco', 'mbway', 'card']);
    renderCheckout();
    await ready();
    fillForm();
    fireEvent.click(await methodList().findByRole('radio', { name: /Cartão/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Encomendar e pagar' }));
    await waitFor(() => expect(cardPages).toEqual(['https://ifthenpay.example/ccard/abc']));
    const posts = calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.path === '/order' ? (c.body as { payment_method: string }).payment_method : c.body]);
    expect(posts.slice(-2)).toEqual([
      ['/order', 'card'],
      ['/payment/card', { orderId: 77, token: 'tok-77' }],
    ]);
  });

  it('shows a Payshop order\'s reference, amount and deadline', async () => {
    const calls = serve(['payshop', 'multibanco']);
    const { router } = renderCheckout();
    await ready();
    fillForm();
    await waitFor(() => expect((methodList().getByRole('radio', { name: /Payshop/ }) as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Encomendar e pagar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagamento por Payshop' })).toBeTruthy();
    expect(router.state.location.search).toBe('?id=77&token=tok-77');
    expect(await screen.findByText('123 456 789 012 3')).toBeTruthy();
    expect(screen.getByText(euros(totals.totalWithTax))).toBeTruthy();
    expect(screen.getByText(/agente Payshop ou numa estação dos CTT/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/payment/payshop')).toBe(true);
  });
});

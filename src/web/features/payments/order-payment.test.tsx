// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '#shared/schemas/orders.ts';
import type { PaymentInfo } from '#shared/schemas/payments.ts';
import { renderRoutes } from '../cart/cart-test-utils.tsx';
import { OrderSuccessPage } from '../checkout/order-success-page.tsx';
import { customer, fakeApi, orderFactory, renderOrders } from '../orders/orders-test-utils.tsx';
import { paymentInfoFactory } from '../../test/factories.ts';
import { MultibancoPaymentPage } from './multibanco-payment-page.tsx';

/** A 37,00 € payment whose reference is valid whenever the test runs. */
const payment = (overrides: Partial<PaymentInfo> = {}) =>
  paymentInfoFactory({ amount: 37, expiresAt: '2999-03-07T10:00:00.000Z', createdAt: '2025-03-05T12:00:00.000Z', ...overrides });

const guia = { id: 3, product_id: 9, variant_id: null, quantity: 1, price: 7.5, variant: null };
const withGuide = (link: string | null | undefined, overrides: Partial<Order> = {}) =>
  orderFactory({
    ...overrides,
    orderItems: [
      ...orderFactory().orderItems,
      { ...guia, product: { id: 9, name: 'Guia de arrumação', isDigital: true, image: null, ...(link === undefined ? {} : { link }) } },
    ],
  });

function serve(order: Order, payments: PaymentInfo[] | (() => PaymentInfo[])) {
  return fakeApi(customer, (call) => {
    if (call.method === 'GET' && call.path === `/order/${order.id}`) return { status: 200, body: order };
    if (call.method === 'GET' && call.path === `/payment/order/${order.id}`) {
      return { status: 200, body: { payments: typeof payments === 'function' ? payments() : payments } };
    }
    return undefined;
  });
}

const paymentCard = async () => (await screen.findByRole('heading', { name: 'Pagamento' })).parentElement as HTMLElement;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('payment on the order page', () => {
  it('shows the pending Multibanco reference while the order waits, and that the digital link comes by e-mail', async () => {
    serve(withGuide(undefined), [payment()]);
    renderOrders('/minhas-encomendas/12');
    const card = await paymentCard();
    expect(await within(card).findByText('123 456 789')).toBeTruthy();
    expect(within(card).getByText('12345')).toBeTruthy();
    expect(within(card).getByText(/A referência é válida até/).textContent).toMatch(/até 7 de março de 2999.*; depois disso a encomenda é cancelada\./);
    expect(screen.getByText('O link de acesso chega por email assim que o pagamento for confirmado.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Aceder a Guia de arrumação/ })).toBeNull();
  });

  it("once paid: 'Pago em' and the digital product's link", async () => {
    const paid = withGuide('https://exemplo.pt/guia.pdf', { status: 'processing', paid_at: '2025-03-06T09:30:00.000Z' });
    serve(paid, [payment({ status: 'paid', paidAt: '2025-03-06T09:30:00.000Z' })]);
    renderOrders('/minhas-encomendas/12');
    const card = await paymentCard();
    expect(within(card).getByText((_, el) => el?.tagName === 'P' && /^Pago em 6 de março de 2025/.test(el.textContent ?? ''))).toBeTruthy();
    expect(within(card).queryByText('123 456 789')).toBeNull();
    const link = screen.getByRole('link', { name: /Aceder a Guia de arrumação/ });
    expect(link.getAttribute('href')).toBe('https://exemplo.pt/guia.pdf');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.queryByText('O link de acesso chega por email assim que o pagamento for confirmado.')).toBeNull();
  });

  it('never makes a link of anything but http(s)', async () => {
    serve(withGuide('javascript:alert(1)', { status: 'processing', paid_at: '2025-03-06T09:30:00.000Z' }), []);
    renderOrders('/minhas-encomendas/12');
    await paymentCard();
    expect(screen.queryByRole('link', { name: /Aceder a Guia de arrumação/ })).toBeNull();
  });

  it('follows an MB WAY request under way', async () => {
    serve(orderFactory(), [payment({ method: 'mbway', entity: null, reference: null, phone_number: '912345678' })]);
    renderOrders('/minhas-encomendas/12');
    const card = await paymentCard();
    expect(await within(card).findByText('A aguardar a confirmação do pagamento MB WAY no telemóvel 912 345 678.')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Acompanhar o pagamento MB WAY' }).getAttribute('href')).toBe('/mbway-payment?id=12');
  });

  it('offers a new reference when the last request is no longer valid', async () => {
    const calls = serve(orderFactory(), [payment({ method: 'mbway', status: 'rejected', entity: null, reference: null, phone_number: '912345678' })]);
    renderOrders('/minhas-encomendas/12');
    const card = await paymentCard();
    expect(await within(card).findByText(/O último pedido de pagamento já não é válido/)).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Pagar por Multibanco' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows nothing to pay for a cancelled order', async () => {
    serve(orderFactory({ status: 'cancelled' }), [payment({ status: 'expired' })]);
    renderOrders('/minhas-encomendas/12');
    // An unpaid cancelled order has nothing to pay: no payment section at all (issue #25's shared order page).
    expect(await screen.findByText('Encomenda cancelada')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Pagamento' })).toBeNull();
    expect(screen.queryByText('123 456 789')).toBeNull();
    expect(screen.queryByRole('button', { name: /Pagar por/ })).toBeNull();
  });

  it('says when the payment could not be loaded, and asks again', async () => {
    let fail = true;
    fakeApi(customer, (call) => {
      if (call.path === '/order/12') return { status: 200, body: orderFactory() };
      if (call.path === '/payment/order/12') return fail ? { status: 500 } : { status: 200, body: { payments: [payment()] } };
      return undefined;
    });
    renderOrders('/minhas-encomendas/12');
    const card = await paymentCard();
    expect(await within(card).findByText('Não foi possível carregar os dados do pagamento.')).toBeTruthy();
    fail = false;
    fireEvent.click(within(card).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(card).findByText('123 456 789')).toBeTruthy();
  });
});

describe('payment on the confirmation page', () => {
  it("a guest's confirmation shows the reference, and the new reference opens its screen", async () => {
    const order = withGuide(undefined, { id: 7, user_id: null });
    const calls = fakeApi(null, (call) => {
      if (call.path === '/order/7') return { status: 200, body: order };
      if (call.path === '/payment/order/7') return { status: 200, body: { payments: [] } };
      if (call.method === 'POST' && call.path === '/payment/multibanco') {
        return { status: 200, body: { order_id: 7, entity: '12345', reference: '555666777', amount: 37, expiresAt: '2999-03-07T10:00:00.000Z', sandbox: false } };
      }
      return undefined;
    });
    const { router } = renderRoutes(
      [
        { path: '/order-success', element: <OrderSuccessPage /> },
        { path: '/multibanco-payment', element: <MultibancoPaymentPage /> },
      ],
      '/order-success?id=7&token=tok',
    );
    expect(await screen.findByText('Esta encomenda ainda não está paga: escolha como quer pagar.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/payment/order/7')?.query.get('token')).toBe('tok');
    // The digital product is one of the order's lines, with where its link will come from.
    const guide = within(screen.getByRole('table')).getByRole('row', { name: /Guia de arrumação/ });
    expect(within(guide).getByText('O link de acesso chega por email assim que o pagamento for confirmado.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Pagar por Multibanco' }));
    expect(await screen.findByText('555 666 777')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/multibanco-payment');
    expect(router.state.location.search).toBe('?id=7&token=tok');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ order_id: 7, token: 'tok' });
  });
});

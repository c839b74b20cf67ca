// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatEuros } from '#shared/money.ts';
import type { TotalsAnswer } from '#shared/schemas/orders.ts';
import { RETRY_DELAYS_MS } from '../../api/client.ts';
import {
  type Answer,
  cartItem,
  errorAnswer,
  type FakeCall,
  fakeApi,
  orderFactory,
  renderRoutes,
  shownValue,
  spaced,
  storeCart,
  storedCart,
  totalsFor,
  userFactory,
} from '../cart/cart-test-utils.tsx';
import { dismissPriceChanges } from '../cart/cart-totals.ts';
import { CheckoutPage } from './checkout-page.tsx';
import { OrderSuccessPage } from './order-success-page.tsx';

const euros = (value: number) => spaced(formatEuros(value));
const caixa = cartItem({ id: '1', productId: 1, name: 'Caixa organizadora', price: 12.5, quantity: 2 });
const agenda = cartItem({ id: 'AG-A5', productId: 8, name: 'Agenda 2026', price: 15, quantity: 1, variant: { id: 21, name: 'A5' } });
const totals = totalsFor([caixa, agenda]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Server = { totals?: () => Answer; order?: (call: FakeCall) => Answer };
function serve(me: ReturnType<typeof userFactory> | null, server: Server = {}) {
  return fakeApi(me, (call) => {
    if (call.method === 'POST' && call.path === '/order/calculate-totals') return server.totals?.() ?? { status: 200, body: totals };
    if (call.method === 'POST' && call.path === '/order') return server.order?.(call) ?? { status: 201, body: orderFactory() };
    return undefined;
  });
}

const renderCheckout = () =>
  renderRoutes(
    [
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/carrinho', element: <p>Página do carrinho</p> },
      { path: '/order-success', element: <OrderSuccessPage /> },
    ],
    '/checkout',
  );

const summary = () => screen.getByRole('heading', { name: 'Resumo da encomenda' }).parentElement as HTMLElement;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Finalizar compra' }));
const orderCalls = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/order');

function fillForm(values: Partial<Record<'Nome completo' | 'Email' | 'Telefone' | 'Morada' | 'Cidade' | 'Código postal', string>> = {}) {
  const all = {
    'Nome completo': 'Maria Silva',
    Email: 'maria@exemplo.pt',
    Telefone: '912 345 678',
    Morada: 'Rua das Flores, 1',
    Cidade: 'Lisboa',
    'Código postal': '1000-001',
    ...values,
  };
  for (const [label, value] of Object.entries(all)) fireEvent.change(field(label), { target: { value } });
}

async function ready() {
  await waitFor(() => expect(shownValue(summary(), 'Total')).toBe(euros(totals.totalWithTax)));
}

beforeEach(() => {
  localStorage.clear();
  dismissPriceChanges();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('checkout page', () => {
  it('sends an empty cart back to /carrinho', async () => {
    serve(null);
    renderCheckout();
    expect(await screen.findByText('Página do carrinho')).toBeTruthy();
  });

  it('shows the form, the payment methods with Multibanco chosen, and the server totals', async () => {
    storeCart([caixa, agenda]);
    serve(null);
    renderCheckout();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Finalizar compra']);
    for (const label of ['Nome completo', 'Email', 'Telefone', 'Morada', 'Cidade', 'Código postal']) expect(field(label)).toBeTruthy();
    expect(field('Código postal').placeholder).toBe('0000-000');
    expect(field('País').value).toBe('Portugal');
    expect(field('País').readOnly).toBe(true);

    const payment = screen.getByRole('group', { name: 'Método de pagamento' });
    const multibanco = within(payment).getByRole('radio', { name: /Multibanco/ }) as HTMLInputElement;
    const mbway = within(payment).getByRole('radio', { name: /MB WAY/ }) as HTMLInputElement;
    expect(multibanco.checked).toBe(true);
    expect(mbway.checked).toBe(false);

    expect(within(summary()).getByText('A calcular os totais...')).toBeTruthy();
    await ready();
    expect(shownValue(summary(), 'Subtotal')).toBe(euros(40));
    expect(shownValue(summary(), 'IVA (23%) incluído')).toBe(euros(totals.totalTax));
    expect(shownValue(summary(), 'Portes')).toBe(euros(6));
    expect(within(summary()).getByText('Caixa organizadora')).toBeTruthy();
    expect(within(summary()).getByText('A5')).toBeTruthy();
    for (const note of ['Pagamento seguro', 'Entrega em 2 a 5 dias úteis', '30 dias para devoluções']) expect(screen.getByText(note)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar ao carrinho' }).getAttribute('href')).toBe('/carrinho');
    await waitFor(() => expect(document.title).toBe('Finalizar compra | Loja'));
  });

  it("shows 'Grátis' for free delivery", async () => {
    const many = { ...caixa, quantity: 6 };
    storeCart([many]);
    serve(null, { totals: () => ({ status: 200, body: totalsFor([many]) }) });
    renderCheckout();
    await waitFor(() => expect(shownValue(summary(), 'Portes')).toBe('Grátis'));
  });

  it('prefills name and email from the signed-in user', async () => {
    storeCart([caixa]);
    serve(userFactory({ username: 'maria', email: 'maria@exemplo.pt' }));
    renderCheckout();
    await waitFor(() => expect(field('Nome completo').value).toBe('maria'));
    expect(field('Email').value).toBe('maria@exemplo.pt');
    expect(field('Telefone').value).toBe('');
  });

  it('shows the validation messages word for word and sends nothing', async () => {
    storeCart([caixa, agenda]);
    const calls = serve(null);
    renderCheckout();
    await ready();
    submit();
    for (const message of [
      'Por favor insere o teu nome.',
      'Por favor insira um email válido.',
      'Por favor insere o teu número de telefone.',
      'Por favor insere o teu endereço.',
      'Por favor insere a tua cidade.',
      'Por favor insere o teu código postal.',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(field('Nome completo').getAttribute('aria-invalid')).toBe('true');
    expect(field('Nome completo').getAttribute('aria-describedby')).toBe('checkout-name-error');
    await waitFor(() => expect(document.activeElement).toBe(field('Nome completo')));

    fillForm({ Email: 'maria@', Telefone: '123', 'Código postal': '1000' });
    submit();
    expect(await screen.findByText('Por favor insira um email válido.')).toBeTruthy();
    expect(screen.getByText('Por favor insira um número de telefone português válido (9 dígitos).')).toBeTruthy();
    expect(screen.getByText('O código postal deve ter o formato 0000-000.')).toBeTruthy();
    expect(screen.queryByText('Por favor insere o teu nome.')).toBeNull();
    expect(calls.filter((c) => c.path === '/order/calculate-totals')).toHaveLength(1);
    expect(orderCalls(calls)).toHaveLength(0);
  });

  it('asks for the totals, creates the order with them and an Idempotency-Key, clears the cart and confirms', async () => {
    storeCart([caixa, agenda]);
    const order = orderFactory({ id: 77, user_id: null, accessToken: 'tok-77', total_price_with_tax: totals.totalWithTax, payment_method: 'mbway' });
    const calls = serve(null, { order: () => ({ status: 201, body: order }) });
    const { router } = renderCheckout();
    await ready();
    fillForm();
    fireEvent.click(screen.getByRole('radio', { name: /MB WAY/ }));
    submit();

    expect(await screen.findByRole('heading', { level: 1, name: 'Obrigado pela sua encomenda!' })).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.path)).toEqual(['/order/calculate-totals', '/order/calculate-totals', '/order']);
    const [created] = orderCalls(calls);
    expect(created?.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(created?.body).toEqual({
      items: [
        { product_id: 1, quantity: 2 },
        { product_id: 8, variant_id: 21, quantity: 1 },
      ],
      name: 'Maria Silva',
      email: 'maria@exemplo.pt',
      phone: '912345678',
      address: 'Rua das Flores, 1',
      city: 'Lisboa',
      postal_code: '1000-001',
      country: 'Portugal',
      payment_method: 'mbway',
      shipping_cost: totals.shippingCost,
      total_price_without_tax: totals.totalPriceWithoutTax,
      total_tax: totals.totalTax,
      total_price_with_tax: totals.totalWithTax,
    });
    expect(storedCart()).toBeNull();
    expect(router.state.location.pathname).toBe('/order-success');
    expect(router.state.location.search).toBe('?id=77&token=tok-77');
    // The confirmation comes from the navigation state: no extra request.
    expect(calls.some((c) => c.method === 'GET' && c.path.startsWith('/order/'))).toBe(false);
    expect(screen.getByText('N.º 77')).toBeTruthy();
    expect(screen.getByText('MB WAY')).toBeTruthy();
  });

  it('disables the button with a spinner while the order is sent', async () => {
    storeCart([caixa]);
    let release: (answer: Answer) => void = () => {};
    const pending = new Promise<Answer>((resolve) => (release = resolve));
    const single = totalsFor([caixa]);
    fakeApi(null, (call) => {
      if (call.path === '/order/calculate-totals') return { status: 200, body: single };
      if (call.path === '/order') return pending;
      return undefined;
    });
    renderCheckout();
    await waitFor(() => expect(shownValue(summary(), 'Total')).toBe(euros(single.totalWithTax)));
    fillForm();
    submit();
    const button = screen.getByRole('button', { name: 'Finalizar compra' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('.spinner-border')).toBeTruthy();
    release({ status: 201, body: orderFactory() });
    expect(await screen.findByText('Obrigado pela sua encomenda!')).toBeTruthy();
  });

  it('shows the connection message, and a retry of the same attempt reuses its key', async () => {
    const delays = RETRY_DELAYS_MS.splice(0);
    try {
      storeCart([caixa, agenda]);
      let failures = 1;
      const calls = serve(null, {
        order: () => {
          if (failures-- > 0) throw new TypeError('Failed to fetch');
          return { status: 201, body: orderFactory() };
        },
      });
      renderCheckout();
      await ready();
      fillForm();
      submit();
      expect(await screen.findByText('Não foi possível conectar ao servidor. Por favor, tente novamente mais tarde.')).toBeTruthy();
      submit();
      expect(await screen.findByText('Obrigado pela sua encomenda!')).toBeTruthy();
      const keys = orderCalls(calls).map((c) => c.headers.get('Idempotency-Key'));
      expect(keys).toHaveLength(2);
      expect(keys[0]).toMatch(UUID);
      expect(keys[1]).toBe(keys[0]);
    } finally {
      RETRY_DELAYS_MS.push(...delays);
    }
  });

  it('uses a new key when the form changed after a failed attempt', async () => {
    storeCart([caixa, agenda]);
    let first = true;
    const calls = serve(null, {
      order: () => {
        if (!first) return { status: 201, body: orderFactory() };
        first = false;
        return { status: 500 };
      },
    });
    renderCheckout();
    await ready();
    fillForm();
    submit();
    expect(await screen.findByText('Ocorreu um erro ao finalizar a compra. Por favor, tente novamente.')).toBeTruthy();
    fillForm({ Cidade: 'Porto' });
    submit();
    expect(await screen.findByText('Obrigado pela sua encomenda!')).toBeTruthy();
    const keys = orderCalls(calls).map((c) => c.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it("shows the server's message (stock ran out) and keeps the cart", async () => {
    storeCart([caixa, agenda]);
    const message = 'Não há stock suficiente de Agenda 2026: restam 0.';
    serve(null, { order: () => errorAnswer(409, message) });
    renderCheckout();
    await ready();
    fillForm();
    submit();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(storedCart()).toHaveLength(2);
  });

  it('shows new totals from a 409 and asks to confirm again, then sends them with a new key', async () => {
    storeCart([caixa, agenda]);
    const fresh: TotalsAnswer = { ...totals, shippingCost: 7, totalWithTax: totals.totalWithTax + 1 };
    const changed = 'Os preços ou os portes mudaram desde que abriu o checkout. Confirme os novos totais e volte a finalizar a compra.';
    let answerTotals = totals;
    const calls = serve(null, {
      totals: () => ({ status: 200, body: answerTotals }),
      order: (call) => {
        const body = call.body as { total_price_with_tax: number };
        if (body.total_price_with_tax === fresh.totalWithTax) return { status: 201, body: orderFactory() };
        answerTotals = fresh;
        return errorAnswer(409, changed, { totals: fresh });
      },
    });
    renderCheckout();
    await ready();
    fillForm();
    submit();
    expect(await screen.findByText(changed)).toBeTruthy();
    expect(shownValue(summary(), 'Total')).toBe(euros(fresh.totalWithTax));
    expect(shownValue(summary(), 'Portes')).toBe(euros(7));
    expect(storedCart()).toHaveLength(2);

    submit();
    expect(await screen.findByText('Obrigado pela sua encomenda!')).toBeTruthy();
    const sent = orderCalls(calls);
    expect(sent).toHaveLength(2);
    expect((sent[1]?.body as { total_price_with_tax: number }).total_price_with_tax).toBe(fresh.totalWithTax);
    expect(sent[1]?.headers.get('Idempotency-Key')).not.toBe(sent[0]?.headers.get('Idempotency-Key'));
  });

  it('does not order when the totals changed since they were shown, and shows the new ones', async () => {
    storeCart([caixa, agenda]);
    const fresh: TotalsAnswer = { ...totals, totalWithTax: totals.totalWithTax + 2 };
    let answer = totals;
    const calls = serve(null, { totals: () => ({ status: 200, body: answer }) });
    renderCheckout();
    await ready();
    answer = fresh;
    fillForm();
    submit();
    expect(
      await screen.findByText('Os preços ou os portes mudaram desde que abriu o checkout. Confirme os novos totais e volte a finalizar a compra.'),
    ).toBeTruthy();
    expect(shownValue(summary(), 'Total')).toBe(euros(fresh.totalWithTax));
    expect(orderCalls(calls)).toHaveLength(0);
  });

  it("puts the server's field messages on their inputs", async () => {
    storeCart([caixa, agenda]);
    serve(null, {
      order: () => errorAnswer(400, 'Os dados enviados não são válidos.', { fields: { postal_code: 'O código postal não existe.' } }),
    });
    renderCheckout();
    await ready();
    fillForm();
    submit();
    expect(await screen.findByText('O código postal não existe.')).toBeTruthy();
    expect(field('Código postal').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('Código postal')));
  });

  it('shows the totals error: the server message, else the fallback', async () => {
    storeCart([caixa]);
    serve(null, { totals: () => ({ status: 500 }) });
    renderCheckout();
    expect(await screen.findByText('Ocorreu um erro ao calcular os totais. Por favor, atualize a página.')).toBeTruthy();
    cleanup();

    serve(null, { totals: () => errorAnswer(400, 'Um dos produtos do carrinho já não está disponível.') });
    renderCheckout();
    expect(await screen.findByText('Um dos produtos do carrinho já não está disponível.')).toBeTruthy();
  });
});

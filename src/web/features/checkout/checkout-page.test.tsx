// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DIGITAL_CONSENT_TEXT } from '#shared/digital-consent.ts';
import { orderMessages, type CartTotalsAnswer } from '#shared/schemas/orders.ts';
import { RETRY_DELAYS_MS } from '../../api/client.ts';
import {
  agenda,
  type Answer,
  caixa,
  cartItem,
  errorAnswer,
  euros,
  type FakeCall,
  fakeApi,
  orderFactory,
  renderRoutes,
  resetCartScreensBetweenTests,
  shopDetailsFactory,
  shownValue,
  storeCart,
  storedCart,
  totalsFor,
  userFactory,
} from '../cart/cart-test-utils.tsx';
import { ART53_TEXT } from '#shared/vat.ts';
import { submitFailed } from './checkout-form.ts';
import { CheckoutPage } from './checkout-page.tsx';
import { MbwayPaymentPage } from '../payments/mbway-payment-page.tsx';
import { MultibancoPaymentPage } from '../payments/multibanco-payment-page.tsx';

const totals = totalsFor([caixa, agenda]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const expiresAt = '2025-03-07T10:00:00.000Z';
const reference = (call: FakeCall): Answer => {
  const { order_id } = call.body as { order_id: number };
  return { status: 200, body: { order_id, entity: '12345', reference: '123456789', amount: 31, expiresAt, sandbox: false } };
};
const mbwayRequest = (call: FakeCall): Answer => {
  const { order_id, amount, phone_number } = call.body as { order_id: number; amount: number; phone_number: string };
  return { status: 200, body: { order_id, status: 'pending', phone_number, amount, expiresAt } };
};

type Server = {
  totals?: (call: FakeCall) => Answer;
  order?: (call: FakeCall) => Answer;
  multibanco?: (call: FakeCall) => Answer;
  mbway?: (call: FakeCall) => Answer;
};
function serve(me: ReturnType<typeof userFactory> | null, server: Server = {}) {
  return fakeApi(me, (call) => {
    if (call.method === 'POST' && call.path === '/order/calculate-totals') return server.totals?.(call) ?? { status: 200, body: totals };
    if (call.method === 'POST' && call.path === '/order') return server.order?.(call) ?? { status: 201, body: orderFactory() };
    if (call.method === 'POST' && call.path === '/payment/multibanco') return (server.multibanco ?? reference)(call);
    if (call.method === 'POST' && call.path === '/payment/mbway') return (server.mbway ?? mbwayRequest)(call);
    // The shop's details (the layout's footer asks for them once a visit): the returns promise says its period.
    if (call.method === 'GET' && call.path === '/shop') return { status: 200, body: shopDetailsFactory({ withdrawalDays: 30 }) };
    return undefined;
  });
}

const renderCheckout = () =>
  renderRoutes(
    [
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/carrinho', element: <p>Página do carrinho</p> },
      { path: '/multibanco-payment', element: <MultibancoPaymentPage /> },
      { path: '/mbway-payment', element: <MbwayPaymentPage /> },
    ],
    '/checkout',
  );

const summary = () => screen.getByRole('heading', { name: 'Resumo da encomenda' }).parentElement as HTMLElement;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Encomendar e pagar' }));
const orderCalls = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/order');
/** The Multibanco screen the checkout ends on. */
const referenceShown = () => screen.findByRole('heading', { level: 1, name: 'Pagamento por Multibanco' });

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

resetCartScreensBetweenTests();

describe('checkout page', () => {
  it('sends an empty cart back to /carrinho', async () => {
    serve(null);
    renderCheckout();
    expect(await screen.findByText('Página do carrinho')).toBeTruthy();
  });

  it('shows each VAT rate on its own line, or, for a shop under the art. 53.º exemption, no VAT line but its words (decision 0053)', async () => {
    storeCart([caixa, agenda]);
    serve(null, { totals: () => ({ status: 200, body: { ...totals, vat_lines: [{ rate: 23, tax: 5.8, label: 'IVA (23%) incluído' }, { rate: 6, tax: 0.85, label: 'IVA (6%) incluído' }], vat_exempt: false, vat_note: null } }) });
    renderCheckout();
    await ready();
    expect(shownValue(summary(), 'IVA (23%) incluído')).toBe(euros(5.8));
    expect(shownValue(summary(), 'IVA (6%) incluído')).toBe(euros(0.85));
    cleanup();

    serve(null, { totals: () => ({ status: 200, body: { ...totals, taxRate: 0, totalTax: 0, totalPriceWithoutTax: totals.totalWithTax, vat_lines: [], vat_exempt: true, vat_note: ART53_TEXT } }) });
    renderCheckout();
    await ready();
    expect(within(summary()).getByText(ART53_TEXT)).toBeTruthy();
    expect(within(summary()).queryByText(/IVA \(/)).toBeNull();
  });

  it('says before the order which lines have no right of withdrawal, and why (issue #28)', async () => {
    storeCart([{ ...caixa, withdrawalExemption: 'sealed_hygiene' }, agenda]);
    serve(null);
    renderCheckout();
    const line = within(summary()).getByText('Caixa organizadora').closest('li') as HTMLElement;
    expect(within(line).getByText(/Sem direito de livre resolução/).parentElement?.textContent).toBe(
      'Sem direito de livre resolução: bem selado que, por razões de saúde ou de higiene, não pode ser devolvido depois de aberto',
    );
    const other = within(summary()).getByText('Agenda 2026').closest('li') as HTMLElement;
    expect(within(other).queryByText(/Sem direito de livre resolução/)).toBeNull();
  });

  it('shows the form, the payment methods with Multibanco chosen, and the server totals', async () => {
    storeCart([caixa, agenda]);
    serve(null);
    renderCheckout();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Finalizar compra']);
    for (const label of ['Nome completo', 'Email', 'Telefone', 'Morada', 'Cidade', 'Código postal']) expect(field(label)).toBeTruthy();
    expect(field('Código postal').placeholder).toBe('0000-000');
    // Portugal, and the countries of the owner's zones once the totals name them (decision 0055).
    const country = screen.getByRole('combobox', { name: 'País' }) as HTMLSelectElement;
    expect(country.value).toBe('PT');
    expect([...country.options].map((o) => o.textContent)).toEqual(['Portugal']);

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
    for (const note of ['Pagamento seguro', 'Preparação em 2 a 7 dias úteis e entrega em 2 dias úteis (continente)', '30 dias para devoluções']) expect(await screen.findByText(note)).toBeTruthy();
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

  it('a basket of digital products only asks no postal address and says nothing about delivery (issue #12)', async () => {
    const guia = cartItem({ id: '6', productId: 6, name: 'Guia digital', price: 7.5, quantity: 1, isDigital: true });
    storeCart([guia]);
    const calls = serve(null, { totals: () => ({ status: 200, body: totalsFor([guia]) }), order: () => ({ status: 201, body: orderFactory({ id: 77 }) }) });
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Os seus dados' })).toBeTruthy();
    for (const label of ['Morada', 'Cidade', 'Código postal', 'País']) expect(screen.queryByLabelText(label)).toBeNull();
    await waitFor(() => expect(summary().textContent).toContain('Subtotal'));
    expect(document.body.textContent).not.toMatch(/Portes|entrega|devoluções/);
    expect(document.body.textContent).toContain('O acesso chega por email assim que o pagamento for confirmado');
    for (const [label, value] of [['Nome completo', 'Ana Lopes'], ['Email', 'ana@exemplo.pt'], ['Telefone', '912345678']]) {
      fireEvent.change(screen.getByLabelText(label as string, { exact: false }), { target: { value } });
    }
    fireEvent.click(screen.getByRole('button', { name: 'Encomendar e pagar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/order')).toBe(true));
    const body = calls.find((c) => c.method === 'POST' && c.path === '/order')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Ana Lopes', email: 'ana@exemplo.pt', phone: '912345678' });
    for (const key of ['address', 'city', 'postal_code', 'country']) expect(body).not.toHaveProperty(key);
  });

  it('asks the consent to immediate supply only for a digital product, unticked, and sends it only when ticked (issue #28)', async () => {
    const guia = cartItem({ id: '6', productId: 6, name: 'Guia digital', price: 7.5, quantity: 1, isDigital: true });
    storeCart([guia]);
    const calls = serve(null, { totals: () => ({ status: 200, body: totalsFor([guia]) }), order: () => ({ status: 201, body: orderFactory({ id: 78 }) }) });
    renderCheckout();
    const consent = (await screen.findByRole('checkbox', { name: DIGITAL_CONSENT_TEXT })) as HTMLInputElement;
    expect(consent.checked).toBe(false);
    await waitFor(() => expect(summary().textContent).toContain('Subtotal'));
    for (const [label, value] of [['Nome completo', 'Ana Lopes'], ['Email', 'ana@exemplo.pt'], ['Telefone', '912345678']]) {
      fireEvent.change(screen.getByLabelText(label as string, { exact: false }), { target: { value } });
    }
    fireEvent.click(consent);
    fireEvent.click(screen.getByRole('button', { name: 'Encomendar e pagar' }));
    await waitFor(() => expect(orderCalls(calls)).toHaveLength(1));
    expect(orderCalls(calls)[0]?.body).toMatchObject({ digital_consent: true });
  });

  it('shows no consent for a basket with nothing digital, and sends none', async () => {
    storeCart([caixa, agenda]);
    const calls = serve(null);
    renderCheckout();
    await ready();
    expect(screen.queryByRole('checkbox', { name: DIGITAL_CONSENT_TEXT })).toBeNull();
    fillForm();
    submit();
    await waitFor(() => expect(orderCalls(calls)).toHaveLength(1));
    expect(orderCalls(calls)[0]?.body).not.toHaveProperty('digital_consent');
  });

  it('ends the form with the total and the button, after the payment method (issue #12)', async () => {
    storeCart([caixa, agenda]);
    serve(null);
    renderCheckout();
    await ready();
    const button = screen.getByRole('button', { name: 'Encomendar e pagar' });
    const form = button.closest('form') as HTMLFormElement;
    expect(form).toBeTruthy();
    const controls = [...form.querySelectorAll('input, select, textarea, button')];
    expect(controls.at(-1)).toBe(button);
    expect(form.textContent?.replace(/\s/g, ' ')).toContain(`Total a pagar${euros(totals.totalWithTax)}`);
  });

  it('warns in the summary when a quantity was cut to the stock, before the final submit', async () => {
    storeCart([{ ...caixa, quantity: 4 }]);
    serve(null, {
      totals: (call) => {
        const [line] = (call.body as { items: { quantity: number }[] }).items;
        return { status: 200, body: totalsFor([{ ...caixa, quantity: line?.quantity ?? 0, stock: 2 }]) };
      },
    });
    renderCheckout();
    expect(await within(summary()).findByText('Só temos 2 unidades de Caixa organizadora em stock: a quantidade foi ajustada.')).toBeTruthy();
    expect(storedCart()?.[0]?.quantity).toBe(2);
    await waitFor(() => expect(within(summary()).getByText(`2 × ${euros(caixa.price)}`)).toBeTruthy());
  });

  it('holds the order while a line is sold out, and says which', async () => {
    storeCart([caixa, agenda]);
    const calls = serve(null, { totals: () => ({ status: 200, body: totalsFor([caixa, { ...agenda, stock: 0 }]) }) });
    renderCheckout();
    expect(await screen.findByText('Agenda 2026 (A5) esgotou entretanto: retire-o do carrinho para continuar.')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Encomendar e pagar' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('checkout-sold-out');
    expect(screen.getByRole('link', { name: 'Rever o carrinho' }).getAttribute('href')).toBe('/carrinho');
    fillForm();
    submit();
    expect(orderCalls(calls)).toHaveLength(0);
  });

  it('takes an optional NIF and company for the invoice, refusing a wrong NIF before sending (issue #16)', async () => {
    storeCart([caixa, agenda]);
    const calls = serve(null);
    renderCheckout();
    await ready();
    fillForm();
    expect(screen.getByText('Opcional. Sem NIF, a fatura é passada a Consumidor final.')).toBeTruthy();
    fireEvent.change(field('NIF (contribuinte)'), { target: { value: '123456780' } });
    submit();
    expect(await screen.findByText('O NIF indicado não é válido.')).toBeTruthy();
    expect(field('NIF (contribuinte)').getAttribute('aria-invalid')).toBe('true');
    expect(orderCalls(calls)).toHaveLength(0);

    fireEvent.change(field('NIF (contribuinte)'), { target: { value: '501 964 843' } });
    fireEvent.change(field('Empresa (opcional)'), { target: { value: 'Arrumações Lda.' } });
    submit();
    await waitFor(() => expect(orderCalls(calls)).toHaveLength(1));
    expect(orderCalls(calls)[0]?.body).toMatchObject({ nif: '501964843', company: 'Arrumações Lda.' });
  });

  it("offers a signed-in customer's last NIF and company again", async () => {
    storeCart([caixa]);
    fakeApi(userFactory(), (call) => {
      if (call.path === '/user/billing') return { status: 200, body: { nif: '501964843', company: 'Arrumações Lda.' } };
      if (call.path === '/order/calculate-totals') return { status: 200, body: totals };
      return undefined;
    });
    renderCheckout();
    await waitFor(() => expect(field('NIF (contribuinte)').value).toBe('501964843'));
    expect(field('Empresa (opcional)').value).toBe('Arrumações Lda.');
  });

  it('prefills name and email from the signed-in user', async () => {
    storeCart([caixa]);
    serve(userFactory({ username: 'maria', email: 'maria@exemplo.pt' }));
    renderCheckout();
    await waitFor(() => expect(field('Nome completo').value).toBe('maria'));
    expect(field('Email').value).toBe('maria@exemplo.pt');
    expect(field('Telefone').value).toBe('');
  });

  it("starts a signed-in customer from their default address, and another saved one fills the fields when chosen (issue #12)", async () => {
    storeCart([caixa]);
    const saved = [
      { id: 4, name: 'Maria Silva', address: 'Rua das Flores 10', city: 'Lisboa', postal_code: '1100-200', country: 'Portugal', phone: '912345678', is_default: true },
      { id: 5, name: 'Maria Silva', address: 'Rua Nova 5', city: 'Porto', postal_code: '4000-322', country: 'Portugal', phone: '934567890', is_default: false },
    ];
    fakeApi(userFactory({ username: 'maria', email: 'maria@exemplo.pt' }), (call) => {
      if (call.path === '/user/addresses') return { status: 200, body: saved };
      if (call.path === '/order/calculate-totals') return { status: 200, body: totals };
      return undefined;
    });
    renderCheckout();
    await waitFor(() => expect(field('Morada').value).toBe('Rua das Flores 10'));
    expect([field('Nome completo').value, field('Cidade').value, field('Código postal').value, field('Telefone').value]).toEqual([
      'Maria Silva',
      'Lisboa',
      '1100-200',
      '912345678',
    ]);
    const picker = screen.getByLabelText('Morada guardada') as HTMLSelectElement;
    expect(picker.value).toBe('4');
    fireEvent.change(picker, { target: { value: '5' } });
    expect([field('Morada').value, field('Cidade').value, field('Código postal').value, field('Telefone').value]).toEqual([
      'Rua Nova 5',
      'Porto',
      '4000-322',
      '934567890',
    ]);
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
    // (The e-mail's message is on screen from the first submit: wait for one only the second can give.)
    expect(await screen.findByText('Por favor insira um número de telefone português válido (9 dígitos).')).toBeTruthy();
    expect(screen.getByText('Por favor insira um email válido.')).toBeTruthy();
    expect(screen.getByText('O código postal deve ter o formato 0000-000.')).toBeTruthy();
    expect(screen.queryByText('Por favor insere o teu nome.')).toBeNull();
    expect(calls.filter((c) => c.path === '/order/calculate-totals')).toHaveLength(1);
    expect(orderCalls(calls)).toHaveLength(0);
  });

  it('asks for the totals, creates the order with them and an Idempotency-Key, clears the cart and starts the MB WAY payment', async () => {
    storeCart([caixa, agenda]);
    const order = orderFactory({ id: 77, user_id: null, accessToken: 'tok-77', total_price_with_tax: totals.totalWithTax, payment_method: 'mbway' });
    const calls = serve(null, { order: () => ({ status: 201, body: order }) });
    const { router } = renderCheckout();
    await ready();
    fillForm();
    expect(screen.queryByLabelText('Número de telemóvel MB WAY')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /MB WAY/ }));
    // The MB WAY number starts as the contact phone.
    await waitFor(() => expect(field('Número de telemóvel MB WAY').value).toBe('912 345 678'));
    fireEvent.change(field('Número de telemóvel MB WAY'), { target: { value: '+351 934 567 890' } });
    submit();

    expect(await screen.findByRole('heading', { level: 1, name: 'Pagamento MB WAY' })).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.path)).toEqual(['/order/calculate-totals', '/order/calculate-totals', '/order', '/payment/mbway']);
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
      country: 'PT',
      payment_method: 'mbway',
      shipping_cost: totals.shippingCost,
      total_price_without_tax: totals.totalPriceWithoutTax,
      total_tax: totals.totalTax,
      total_price_with_tax: totals.totalWithTax,
    });
    expect(posts[3]?.body).toEqual({ order_id: 77, amount: totals.totalWithTax, phone_number: '934567890', email: 'maria@exemplo.pt', token: 'tok-77' });
    expect(storedCart()).toBeNull();
    expect(router.state.location.pathname).toBe('/mbway-payment');
    expect(router.state.location.search).toBe('?id=77&token=tok-77');
    // The payment screen works from the navigation state: no extra request (the shop's details are the layout's, asked once a visit; the ways to pay, the checkout's list).
    expect(calls.some((c) => c.method === 'GET' && c.path !== '/shop' && c.path !== '/payment/methods')).toBe(false);
    expect(screen.getByText('N.º 77')).toBeTruthy();
    expect(screen.getByText('934 567 890')).toBeTruthy();
  });

  it('asks for the MB WAY number only with MB WAY, and checks it before ordering', async () => {
    storeCart([caixa, agenda]);
    const calls = serve(null);
    renderCheckout();
    await ready();
    fillForm({ Telefone: '213 456 789' });
    fireEvent.click(screen.getByRole('radio', { name: /MB WAY/ }));
    await waitFor(() => expect(field('Número de telemóvel MB WAY').value).toBe('213 456 789'));
    submit();
    expect(await screen.findByText('Por favor insira um número de telemóvel válido: 9 dígitos começados por 9, ou com o indicativo do país (ex.: +34 612 345 678).')).toBeTruthy();
    expect(field('Número de telemóvel MB WAY').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('Número de telemóvel MB WAY')));
    fireEvent.change(field('Número de telemóvel MB WAY'), { target: { value: '' } });
    submit();
    expect(await screen.findByText('Por favor insira o número de telemóvel associado ao MB WAY.')).toBeTruthy();
    expect(orderCalls(calls)).toHaveLength(0);

    // Back to Multibanco: the field goes, and so does its rule.
    fireEvent.click(screen.getByRole('radio', { name: /Multibanco/ }));
    expect(screen.queryByLabelText('Número de telemóvel MB WAY')).toBeNull();
    submit();
    expect(await referenceShown()).toBeTruthy();
    expect(orderCalls(calls)).toHaveLength(1);
  });

  it('gives back what was typed after a reload (the round trip to the bank app), never the MB WAY number, and forgets it once ordered', async () => {
    storeCart([caixa, agenda]);
    const calls = serve(null);
    const first = renderCheckout();
    await ready();
    fillForm({ 'Nome completo': 'Rita Antunes', Morada: 'Rua do Sol, 5' });
    fireEvent.click(screen.getByRole('radio', { name: /MB WAY/ }));
    fireEvent.change(field('Número de telemóvel MB WAY'), { target: { value: '936 000 111' } });
    expect(sessionStorage.getItem('checkout-draft')).not.toContain('936 000 111');
    first.unmount();

    renderCheckout();
    await ready();
    expect(field('Nome completo').value).toBe('Rita Antunes');
    expect(field('Morada').value).toBe('Rua do Sol, 5');
    expect(field('Código postal').value).toBe('1000-001');
    submit();
    expect(await referenceShown()).toBeTruthy();
    expect(orderCalls(calls)).toHaveLength(1);
    expect(sessionStorage.getItem('checkout-draft')).toBeNull();
  });

  it('creates the order, then its Multibanco reference, and shows it', async () => {
    storeCart([caixa, agenda]);
    const calls = serve(userFactory(), { order: () => ({ status: 201, body: orderFactory({ id: 78 }) }) });
    const { router } = renderCheckout();
    await ready();
    fillForm();
    submit();
    expect(await referenceShown()).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/order/calculate-totals',
      '/order/calculate-totals',
      '/order',
      '/payment/multibanco',
    ]);
    expect(calls.at(-1)?.body).toEqual({ order_id: 78 });
    expect(router.state.location.search).toBe('?id=78');
    expect(screen.getByText('123 456 789')).toBeTruthy();
    expect(screen.getByText('12345')).toBeTruthy();
    expect(storedCart()).toBeNull();
  });

  it('keeps the order when its payment cannot start: the payment screen says so, and no second order is made', async () => {
    storeCart([caixa, agenda]);
    const unavailable = 'Não foi possível contactar o serviço de pagamentos. Por favor, tente novamente dentro de momentos.';
    let refuse = true;
    const calls = serve(null, {
      order: () => ({ status: 201, body: orderFactory({ id: 79, user_id: null, accessToken: 'tok-79' }) }),
      multibanco: (call) => (refuse ? errorAnswer(503, unavailable) : reference(call)),
    });
    const { router } = renderCheckout();
    await ready();
    fillForm();
    submit();
    expect(await screen.findByText(unavailable)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/multibanco-payment');
    expect(router.state.location.search).toBe('?id=79&token=tok-79');
    expect(storedCart()).toBeNull();

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Pedir a referência de novo' }));
    expect(await screen.findByText('123 456 789')).toBeTruthy();
    expect(orderCalls(calls)).toHaveLength(1);
    expect(calls.filter((c) => c.path === '/payment/multibanco').map((c) => c.body)).toEqual([
      { order_id: 79, token: 'tok-79' },
      { order_id: 79, token: 'tok-79' },
    ]);
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
    const button = screen.getByRole('button', { name: 'Encomendar e pagar' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('.spinner-border')).toBeTruthy();
    release({ status: 201, body: orderFactory() });
    expect(await referenceShown()).toBeTruthy();
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
      expect(await referenceShown()).toBeTruthy();
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
    expect(await referenceShown()).toBeTruthy();
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

  it("shows the checkout limit's pt-PT message on a 429, not a generic error, and keeps the cart", async () => {
    storeCart([caixa, agenda]);
    serve(null, { order: () => ({ status: 429, body: { message: orderMessages.tooManyOrders, error: orderMessages.tooManyOrders, code: 'TOO_MANY_ORDERS' } }) });
    renderCheckout();
    await ready();
    fillForm();
    submit();
    expect((await screen.findByText(orderMessages.tooManyOrders)).closest('[role="alert"]')).toBeTruthy();
    expect(screen.queryByText(submitFailed)).toBeNull();
    expect(storedCart()).toHaveLength(2);
  });

  it('shows new totals from a 409 and asks to confirm again, then sends them with a new key', async () => {
    storeCart([caixa, agenda]);
    const fresh: CartTotalsAnswer = { ...totals, shippingCost: 7, totalWithTax: totals.totalWithTax + 1 };
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
    expect(await referenceShown()).toBeTruthy();
    const sent = orderCalls(calls);
    expect(sent).toHaveLength(2);
    expect((sent[1]?.body as { total_price_with_tax: number }).total_price_with_tax).toBe(fresh.totalWithTax);
    expect(sent[1]?.headers.get('Idempotency-Key')).not.toBe(sent[0]?.headers.get('Idempotency-Key'));
  });

  it('does not order when the totals changed since they were shown, and shows the new ones', async () => {
    storeCart([caixa, agenda]);
    const fresh: CartTotalsAnswer = { ...totals, totalWithTax: totals.totalWithTax + 2 };
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

describe('checkout with a discount code (decision 0054)', () => {
  const LABEL = 'Desconto (VERAO10, 10%)';
  const discounted: CartTotalsAnswer = { ...totals, totalWithTax: totals.totalWithTax - 4, discount: 4, discount_code: 'VERAO10', discount_label: LABEL, shipping_waived: 0, discount_error: null };
  const refused = (message: string): CartTotalsAnswer => ({ ...totals, discount: 0, discount_code: null, discount_label: null, shipping_waived: 0, discount_error: message });
  /** calculate-totals: VERAO10 applies, ESGOTADO is refused, none gives the plain totals. */
  const totalsByCode = (call: FakeCall): Answer => {
    const code = (call.body as { discount_code?: string }).discount_code;
    return { status: 200, body: code === 'VERAO10' ? discounted : code ? refused('Este código já foi usado o número máximo de vezes.') : totals };
  };
  const sentCode = (calls: FakeCall[]) => (orderCalls(calls)[0]?.body as Record<string, unknown> | undefined)?.discount_code;

  it('shows the discount line and sends the applied code with the order, then forgets it', async () => {
    storeCart([caixa, agenda]);
    localStorage.setItem('loja-discount-code', 'VERAO10');
    const calls = serve(userFactory(), { totals: totalsByCode, order: () => ({ status: 201, body: orderFactory({ id: 78 }) }) });
    renderCheckout();
    await waitFor(() => expect(shownValue(summary(), LABEL)).toBe(`− ${euros(4)}`));
    expect(shownValue(summary(), 'Total')).toBe(euros(totals.totalWithTax - 4));
    fillForm();
    submit();
    expect(await referenceShown()).toBeTruthy();
    expect(sentCode(calls)).toBe('VERAO10');
    expect((orderCalls(calls)[0]?.body as Record<string, unknown>).total_price_with_tax).toBe(totals.totalWithTax - 4);
    // Every totals request carried it.
    expect(calls.filter((c) => c.path === '/order/calculate-totals').every((c) => (c.body as { discount_code?: string }).discount_code === 'VERAO10')).toBe(true);
    expect(localStorage.getItem('loja-discount-code')).toBeNull();
  });

  it('never sends a refused code with the order', async () => {
    storeCart([caixa, agenda]);
    localStorage.setItem('loja-discount-code', 'ESGOTADO');
    const calls = serve(userFactory(), { totals: totalsByCode });
    renderCheckout();
    await waitFor(() => expect(within(summary()).getByText('Este código já foi usado o número máximo de vezes.')).toBeTruthy());
    expect(within(summary()).queryByText(/Desconto/)).toBeNull();
    expect(shownValue(summary(), 'Total')).toBe(euros(totals.totalWithTax));
    fillForm();
    submit();
    expect(await referenceShown()).toBeTruthy();
    expect(orderCalls(calls)).toHaveLength(1);
    expect(sentCode(calls)).toBeUndefined();
  });

  it('sends no code when none was applied, nor once the code applied at the checkout is removed', async () => {
    storeCart([caixa, agenda]);
    const calls = serve(userFactory(), { totals: totalsByCode });
    renderCheckout();
    await ready();
    expect(calls.filter((c) => c.path === '/order/calculate-totals').map((c) => (c.body as { discount_code?: string }).discount_code)).toEqual([undefined]);
    fireEvent.change(field('Código de desconto'), { target: { value: 'verao10' } });
    fireEvent.click(within(summary()).getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(shownValue(summary(), LABEL)).toBe(`− ${euros(4)}`));
    fireEvent.click(within(summary()).getByRole('button', { name: 'Remover o código VERAO10' }));
    await waitFor(() => expect(shownValue(summary(), 'Total')).toBe(euros(totals.totalWithTax)));
    expect(shownValue(summary(), LABEL)).toBeUndefined();
    fillForm();
    submit();
    expect(await referenceShown()).toBeTruthy();
    expect(sentCode(calls)).toBeUndefined();
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatEuros } from '#shared/money.ts';
import { type Answer, type FakeCall, failure, fakeApi, notFound, orderFactory } from '../../orders/orders-test-utils.tsx';
import { admin, userFactory } from '../admin-test-utils.tsx';
import { productFactory, variantProductFactory } from '../products/product-test-utils.tsx';
import { renderOrderRoutes } from './order-test-utils.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const maria = userFactory();
const rui = userFactory({ id: 3, username: 'rui', email: 'rui@exemplo.pt' });
const caixa = productFactory();
const agenda = variantProductFactory();
const guia = productFactory({ id: 6, name: 'Guia digital', isDigital: true, price: 7.5, stock: 0 });

/** The calls every form makes: the customers and the products it can add. */
const catalogue = (call: FakeCall): Answer | undefined => {
  if (call.method === 'GET' && call.path === '/user') return { status: 200, body: [admin, maria, rui] };
  if (call.method === 'GET' && call.path === '/product') {
    const q = (call.query.get('q') ?? '').toLowerCase();
    const rows = [agenda, caixa, guia].filter((p) => p.name.toLowerCase().includes(q));
    return { status: 200, body: { rows, count: rows.length } };
  }
  return undefined;
};

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
const choose = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const lines = () => within(screen.getByRole('list', { name: 'Produtos da encomenda' })).getAllByRole('listitem');

/** Picks a product (and variant) with a quantity, then presses 'Adicionar produto'. */
function addProduct(productId: number, quantity: number, variantId?: number) {
  choose('Produto', String(productId));
  if (variantId !== undefined) choose('Variante', String(variantId));
  type('Quantidade', String(quantity));
  fireEvent.click(screen.getByRole('button', { name: 'Adicionar produto' }));
}

async function openCreateForm() {
  expect(await screen.findByRole('heading', { level: 1, name: 'Nova encomenda' })).toBeTruthy();
  // The product select is enabled once the products are in.
  await waitFor(() => expect((screen.getByLabelText('Produto') as HTMLSelectElement).disabled).toBe(false));
}

describe('order form', () => {
  it('sends a customer to the home page', async () => {
    fakeApi(userFactory());
    renderOrderRoutes('/admin-dashboard/create-order');
    expect(await screen.findByText('Página inicial')).toBeTruthy();
  });

  it('creates an order: adding a product already in the list raises its quantity; the JSON body is adminOrderBody', async () => {
    const calls = fakeApi(admin, (call) =>
      call.method === 'POST' && call.path === '/order/createOrder' ? { status: 201, body: orderFactory({ id: 40 }) } : catalogue(call),
    );
    const { router } = renderOrderRoutes('/admin-dashboard/create-order');
    await openCreateForm();
    const productsCall = calls.find((c) => c.path === '/product');
    expect(Object.fromEntries(productsCall!.query)).toEqual({ sortBy: 'name', order: 'asc', pageSize: '100' });

    const customer = screen.getByLabelText('Cliente') as HTMLSelectElement;
    expect([...customer.options].map((o) => o.textContent)).toEqual([
      'Escolha o cliente',
      'ana — ana@exemplo.pt',
      'maria — maria@exemplo.pt',
      'rui — rui@exemplo.pt',
    ]);
    const payment = screen.getByLabelText('Método de pagamento') as HTMLSelectElement;
    expect([...payment.options].map((o) => o.textContent)).toEqual(['Multibanco', 'MB WAY', 'Cartão de crédito', 'PayPal']);
    const status = screen.getByLabelText('Estado') as HTMLSelectElement;
    expect([...status.options].map((o) => o.textContent)).toEqual(['Pendente', 'Em Processamento', 'Enviada', 'Entregue', 'Cancelada']);
    expect(status.value).toBe('pending');
    const product = screen.getByLabelText('Produto') as HTMLSelectElement;
    expect([...product.options].map((o) => o.textContent)).toEqual([
      'Escolha um produto',
      `Agenda — a partir de ${formatEuros(9)} (stock: 5)`,
      `Caixa organizadora — ${formatEuros(12.5)} (stock: 7)`,
      `Guia digital (digital) — ${formatEuros(7.5)}`,
    ]);

    choose('Cliente', '3');
    choose('Método de pagamento', 'paypal');
    type('Morada de envio', 'Rui Sousa, Rua Nova 2, Porto, 4000-100, Portugal');
    type('Telefone', '912 345 678');
    choose('Estado', 'processing');

    addProduct(5, 2);
    expect(lines()).toHaveLength(1);
    expect((screen.getByLabelText('Quantidade de Caixa organizadora') as HTMLInputElement).value).toBe('2');
    // The same product again: one line, its quantity raised.
    addProduct(5, 1);
    expect(lines()).toHaveLength(1);
    expect((screen.getByLabelText('Quantidade de Caixa organizadora') as HTMLInputElement).value).toBe('3');
    expect(screen.getByRole('status', { hidden: false }).textContent).toBe('A quantidade de Caixa organizadora passou para 3.');

    // A product with variants asks for the variant (the first one in stock is preselected).
    choose('Produto', '7');
    const variant = screen.getByLabelText('Variante') as HTMLSelectElement;
    expect(variant.value).toBe('31');
    expect([...variant.options].map((o) => o.textContent)).toEqual([
      'Escolha uma variante',
      `A5 — ${formatEuros(9)} (stock: 2)`,
      `A4 — ${formatEuros(12)} (stock: 3)`,
    ]);
    addProduct(7, 1, 32);
    addProduct(7, 1, 31);
    addProduct(7, 2, 32);
    expect(lines()).toHaveLength(3);
    expect((screen.getByLabelText('Quantidade de Agenda (A4)') as HTMLInputElement).value).toBe('3');
    expect((screen.getByLabelText('Quantidade de Agenda (A5)') as HTMLInputElement).value).toBe('1');
    expect(within(lines()[1]!).getByText('Variante: A4')).toBeTruthy();
    expect(lines()[1]!.textContent).toContain(formatEuros(12));

    // Quantities stay editable, lines removable.
    type('Quantidade de Agenda (A5)', '4');
    fireEvent.click(screen.getByRole('button', { name: 'Remover Agenda (A5)' }));
    expect(lines()).toHaveLength(2);
    // 3 × 12,50 + 3 × 12,00 = 73,50 €: free shipping from 70 €.
    expect(screen.getByText('Total estimado').nextElementSibling?.textContent).toBe(formatEuros(73.5));
    expect(screen.getByText('Grátis')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-dashboard'));
    expect(router.state.location.search).toBe('?tab=encomendas');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.path).toBe('/order/createOrder');
    expect(posts[0]!.body).toEqual({
      user_id: 3,
      payment_method: 'paypal',
      shipping_address: 'Rui Sousa, Rua Nova 2, Porto, 4000-100, Portugal',
      phone: '912345678',
      status: 'processing',
      items: [
        { product_id: 5, quantity: 3 },
        { product_id: 7, variant_id: 32, quantity: 3 },
      ],
    });
  });

  it('asks for at least one product, and for the required fields, before sending anything', async () => {
    const calls = fakeApi(admin, catalogue);
    renderOrderRoutes('/admin-dashboard/create-order');
    await openCreateForm();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const itemsError = await screen.findByText('Por favor adicione pelo menos um produto à encomenda.');
    expect(itemsError.getAttribute('role')).toBe('alert');
    expect(screen.getByText('Escolha o cliente da encomenda.')).toBeTruthy();
    expect(screen.getByText('Por favor insere o teu endereço.')).toBeTruthy();
    expect(screen.getByText('Por favor insere o teu número de telefone.')).toBeTruthy();
    expect(screen.getByLabelText('Cliente').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Cliente').getAttribute('aria-describedby')).toBe('order-user_id-error');

    // Everything else given: only the item list is wrong, and the focus goes to the product picker.
    choose('Cliente', '2');
    type('Morada de envio', 'Maria Silva, Rua das Flores 10, Lisboa');
    type('Telefone', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Por favor insira um número de telefone português válido (9 dígitos).')).toBeTruthy();
    type('Telefone', '+351 212 345 678');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Produto')));
    expect(screen.getByText('Por favor adicione pelo menos um produto à encomenda.')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);

    // Adding a product clears the message.
    addProduct(6, 1);
    await waitFor(() => expect(screen.queryByText('Por favor adicione pelo menos um produto à encomenda.')).toBeNull());
  });

  it('checks the picker: a product, a variant, a quantity of at least 1', async () => {
    fakeApi(admin, catalogue);
    renderOrderRoutes('/admin-dashboard/create-order');
    await openCreateForm();
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar produto' }));
    expect(screen.getByText('Escolha um produto.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Produto'));
    choose('Produto', '7');
    choose('Variante', '');
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar produto' }));
    expect(screen.getByText('Escolha uma variante.')).toBeTruthy();
    choose('Variante', '31');
    type('Quantidade', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar produto' }));
    expect(screen.getByText('A quantidade tem de ser um número inteiro entre 1 e 99.')).toBeTruthy();
    expect(screen.getByLabelText('Quantidade').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('list', { name: 'Produtos da encomenda' })).toBeNull();
  });

  it('searches the products on the server', async () => {
    const calls = fakeApi(admin, catalogue);
    renderOrderRoutes('/admin-dashboard/create-order');
    await openCreateForm();
    type('Pesquisar produto', ' caixa ');
    await waitFor(() => expect(calls.at(-1)?.query.get('q')).toBe('caixa'));
    await waitFor(() => expect((screen.getByLabelText('Produto') as HTMLSelectElement).options).toHaveLength(2));
  });

  it('edits an order: prefilled from the order, sent with PUT, Guardar disabled while saving', async () => {
    let release: (answer: Answer) => void = () => {};
    const calls = fakeApi(admin, (call) => {
      if (call.method === 'GET' && call.path === '/order/12') return { status: 200, body: orderFactory() };
      if (call.method === 'PUT' && call.path === '/order/12') return new Promise<Answer>((resolve) => (release = resolve));
      return catalogue(call);
    });
    // orderFactory's order as the form shows it, and sends it back but for what is changed.
    const loaded = {
      user_id: 2,
      payment_method: 'multibanco',
      shipping_address: 'Maria Silva, Rua das Flores 10, Lisboa, 1000-100, Portugal',
      phone: '912345678',
      status: 'pending',
    };
    const { router } = renderOrderRoutes('/admin-dashboard/edit-order/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Editar encomenda n.º 12' })).toBeTruthy();
    expect(((await screen.findByLabelText('Cliente')) as HTMLSelectElement).value).toBe(String(loaded.user_id));
    expect((screen.getByLabelText('Método de pagamento') as HTMLSelectElement).value).toBe(loaded.payment_method);
    expect((screen.getByLabelText('Morada de envio') as HTMLTextAreaElement).value).toBe(loaded.shipping_address);
    expect((screen.getByLabelText('Telefone') as HTMLInputElement).value).toBe(loaded.phone);
    expect((screen.getByLabelText('Estado') as HTMLSelectElement).value).toBe(loaded.status);
    expect(lines()).toHaveLength(2);
    expect((screen.getByLabelText('Quantidade de Caixa organizadora') as HTMLInputElement).value).toBe('2');
    expect((screen.getByLabelText('Quantidade de Agenda (A5)') as HTMLInputElement).value).toBe('1');

    await waitFor(() => expect((screen.getByLabelText('Produto') as HTMLSelectElement).disabled).toBe(false));
    addProduct(7, 2, 31);
    expect((screen.getByLabelText('Quantidade de Agenda (A5)') as HTMLInputElement).value).toBe('3');
    choose('Estado', 'cancelled');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    const save = screen.getByRole('button', { name: /Guardar/ }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(true));
    expect(save.querySelector('.spinner-border')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')[0]?.body).toEqual({
      ...loaded,
      status: 'cancelled',
      items: [
        { product_id: 5, quantity: 2 },
        { product_id: 7, variant_id: 31, quantity: 3 },
      ],
    });
    release({ status: 200, body: orderFactory({ status: 'cancelled' }) });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=encomendas'));
  });

  it('clears the parcel of a shipped order when its fields are emptied, and keeps it otherwise', async () => {
    const tracking = { carrier: 'ctt', carrier_label: 'CTT', number: 'RR123456789PT', url: null } as const;
    const shipped = orderFactory({ status: 'shipped', shipping: { method: null, tracking } });
    const calls = fakeApi(admin, (call) => {
      if (call.method === 'GET' && call.path === '/order/12') return { status: 200, body: shipped };
      if (call.method === 'PUT' && call.path === '/order/12') return { status: 200, body: shipped };
      return catalogue(call);
    });
    renderOrderRoutes('/admin-dashboard/edit-order/12');
    expect(((await screen.findByLabelText('Número de seguimento')) as HTMLInputElement).value).toBe('RR123456789PT');
    await waitFor(() => expect(((screen.getByLabelText('Cliente')) as HTMLSelectElement).value).toBe('2'));
    choose('Transportadora', '');
    type('Número de seguimento', '');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ tracking_carrier: null, tracking_number: null });
  });

  it("shows the server's message, or the form's own when there is none", async () => {
    let answer: Answer = failure(409, 'Não há stock suficiente de Caixa organizadora: restam 1.', 'CONFLICT');
    fakeApi(admin, (call) => {
      if (call.method === 'GET' && call.path === '/order/12') return { status: 200, body: orderFactory() };
      if (call.method === 'PUT') return answer;
      return catalogue(call);
    });
    renderOrderRoutes('/admin-dashboard/edit-order/12');
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Não há stock suficiente de Caixa organizadora: restam 1.')).toBeTruthy();
    answer = { status: 500 };
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Erro ao guardar encomenda. Por favor verifique os dados e tente novamente.')).toBeTruthy();
  });

  it('puts the server field messages under their inputs', async () => {
    fakeApi(admin, (call) => {
      if (call.method === 'GET' && call.path === '/order/12') return { status: 200, body: orderFactory() };
      if (call.method === 'PUT') {
        return {
          status: 400,
          body: { message: 'Os dados enviados não são válidos.', error: 'Os dados enviados não são válidos.', code: 'INVALID', fields: { 'items.1.quantity': 'Não há stock suficiente de Agenda: restam 0.' } },
        };
      }
      return catalogue(call);
    });
    renderOrderRoutes('/admin-dashboard/edit-order/12');
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Não há stock suficiente de Agenda: restam 0.')).toBeTruthy();
    const quantity = screen.getByLabelText('Quantidade de Agenda (A5)');
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(quantity);
    expect(screen.getByText('Os dados enviados não são válidos.')).toBeTruthy();
  });

  it("says 'Encomenda não encontrada.' for an unknown order", async () => {
    fakeApi(admin, (call) => (call.path === '/order/99' ? notFound : catalogue(call)));
    renderOrderRoutes('/admin-dashboard/edit-order/99');
    expect(await screen.findByText('Encomenda não encontrada.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar à lista de encomendas' }).getAttribute('href')).toBe('/admin-dashboard?tab=encomendas');
  });
});

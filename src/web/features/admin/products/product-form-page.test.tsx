// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogMessages } from '#shared/schemas/catalog.ts';
import { admin, fakeApi, userFactory } from '../admin-test-utils.tsx';
import { imageFactory, productFactory, formsOf, renderProductRoutes, textFields } from './product-test-utils.tsx';

/** What an async fake answers for calls it does not handle (the fake's Handler type has no async `undefined`). */
const notFound = { status: 404, body: { message: 'Não encontrado', error: 'Não encontrado', code: 'NOT_FOUND' } };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
const png = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });
const listAnswer = { status: 200, body: { rows: [], count: 0 } };

const withVariants = productFactory({
  id: 8,
  name: 'Agenda 2026',
  hasVariants: true,
  price: 9,
  stock: 5,
  variants: [
    { id: 31, name: 'A5', price: 9, stock: 2, sku: 'AG-A5' },
    { id: 32, name: 'A4', price: 12.5, stock: 3, sku: null },
  ],
  images: [imageFactory(101), imageFactory(102)],
});

/** The create form on a server that creates whatever it gets: the requests it answered, and the router. */
async function openCreateForm() {
  const requests = fakeApi(admin, ({ method, path }) =>
    method === 'POST' && path === '/product' ? { status: 201, body: productFactory({ id: 9 }) }
    : method === 'GET' && path === '/product' ? listAnswer
    : undefined,
  );
  const { router } = renderProductRoutes('/admin-dashboard/create-product');
  await screen.findByRole('heading', { level: 1, name: 'Novo produto' });
  return { requests, router };
}

describe('product form', () => {
  it('sends a customer to the home page', async () => {
    fakeApi(userFactory());
    renderProductRoutes('/admin-dashboard/create-product');
    expect(await screen.findByText('Página inicial')).toBeTruthy();
  });

  it('creates a product with variants: the variants go as JSON, without price and stock', async () => {
    const { requests, router } = await openCreateForm();
    expect((screen.getByLabelText('Ordem') as HTMLInputElement).value).toBe('0');
    expect(screen.getByLabelText('Preço (€)')).toBeTruthy();
    type('Nome', '  Agenda 2026 ');
    type('Descrição', 'Agenda semanal.');

    fireEvent.click(screen.getByLabelText('Tem variantes'));
    // Price and stock give way to the variant list, which starts with one row.
    expect(await screen.findByRole('group', { name: 'Variante 1' })).toBeTruthy();
    expect(screen.queryByLabelText('Preço (€)')).toBeNull();
    type('Nome da variante 1', 'A5');
    type('Preço (€) da variante 1', '9.90');
    type('Stock da variante 1', '4');
    type('SKU (opcional) da variante 1', ' AG-A5 ');
    type('Peso (g, opcional) da variante 1', '450');
    type('Quantidade (opcional) da variante 1', '1');

    fireEvent.click(screen.getByRole('button', { name: 'Adicionar variante' }));
    type('Nome da variante 2', 'Rascunho');
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar variante' }));
    type('Nome da variante 3', 'A4');
    type('Preço (€) da variante 3', '12,5');
    type('Stock da variante 3', '0');
    // A variant may have its own VAT rate (an exempt one names its reason); left alone, it takes the product's.
    fireEvent.change(screen.getByLabelText('Taxa de IVA da variante 3'), { target: { value: 'exempt' } });
    fireEvent.change(await screen.findByLabelText('Motivo da isenção da variante 3'), { target: { value: 'M07' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remover variante 2' }));
    expect(screen.queryByRole('group', { name: 'Variante 3' })).toBeNull();
    type('Peso (g)', '380');
    type('Quantidade', '0,5');
    fireEvent.change(screen.getByLabelText('Unidade de medida'), { target: { value: 'unidade' } });
    expect((screen.getByLabelText('Nome da variante 2') as HTMLInputElement).value).toBe('A4');

    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-dashboard'));
    expect(router.state.location.search).toBe('?tab=produtos');
    expect(formsOf(requests)).toHaveLength(1);
    expect(formsOf(requests)[0]?.method).toBe('POST');
    const fields = textFields(formsOf(requests)[0]!.form);
    expect(fields).toEqual({
      name: 'Agenda 2026',
      description: 'Agenda semanal.',
      order: '0',
      isDigital: 'false',
      hasVariants: 'true',
      withdrawalExemption: '',
      vat_category: 'normal',
      vat_exemption_reason: '',
      weight_grams: '380',
      unit_quantity: '0,5',
      unit: 'unidade',
      variants: JSON.stringify([
        { name: 'A5', price: '9.90', stock: 4, sku: 'AG-A5', weight_grams: '450', unit_quantity: '1', vat_category: null, vat_exemption_reason: null, sale_price: null, sale_starts_at: null, sale_ends_at: null },
        { name: 'A4', price: '12.50', stock: 0, sku: null, weight_grams: null, unit_quantity: null, vat_category: 'exempt', vat_exemption_reason: 'M07', sale_price: null, sale_starts_at: null, sale_ends_at: null },
      ]),
      imagesToRemove: '[]',
    });
    expect(formsOf(requests)[0]!.form.getAll('images')).toHaveLength(0);
    expect(await screen.findByText('Produto criado.')).toBeTruthy();
  });

  it('checks every field before sending, with the server messages', async () => {
    const calls = fakeApi(admin);
    renderProductRoutes('/admin-dashboard/create-product');
    await screen.findByLabelText('Ordem');
    type('Ordem', '');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(catalogMessages.nameRequired)).toBeTruthy();
    expect(screen.getByText(catalogMessages.descriptionRequired)).toBeTruthy();
    expect(screen.getByText(catalogMessages.orderRequired)).toBeTruthy();
    expect(screen.getByText(catalogMessages.priceRequired)).toBeTruthy();
    expect(screen.getByText(catalogMessages.stockRequired)).toBeTruthy();
    const name = screen.getByLabelText('Nome');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe('product-name-error');
    expect(document.activeElement).toBe(name);

    // Digital: the link is required, an http(s) address.
    fireEvent.click(screen.getByLabelText('Produto digital'));
    expect(screen.getByText('Entregue ao cliente só depois do pagamento.')).toBeTruthy();
    type('Link de acesso', 'ftp://exemplo.pt/ficheiro');
    // Variants: each needs name, price and stock; the SKUs must differ.
    fireEvent.click(screen.getByLabelText('Tem variantes'));
    await screen.findByLabelText('Nome da variante 1');
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar variante' }));
    type('Nome da variante 1', 'A5');
    type('Preço (€) da variante 1', '9');
    type('Stock da variante 1', '1');
    type('SKU (opcional) da variante 1', 'X1');
    type('SKU (opcional) da variante 2', 'X1');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    // (The link's message is there before the save's answer: the field is checked again as it is typed.)
    expect(await screen.findByText(catalogMessages.variantName)).toBeTruthy();
    expect(screen.getByText(catalogMessages.linkRequired)).toBeTruthy();
    expect(screen.getByText(catalogMessages.variantPrice)).toBeTruthy();
    expect(screen.getByText(catalogMessages.variantStock)).toBeTruthy();
    expect(screen.getByText(catalogMessages.skuRepeated)).toBeTruthy();
    expect(screen.getByLabelText('Nome da variante 2').getAttribute('aria-describedby')).toBe('product-variants-1-name-error');
    expect(screen.getByLabelText('Nome da variante 1').getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByText(catalogMessages.priceRequired)).toBeNull();

    // No variants at all.
    fireEvent.click(screen.getByRole('button', { name: 'Remover variante 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remover variante 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(catalogMessages.variantsRequired)).toBeTruthy();
    // Only the read of the collections the form offers (issue #30); nothing was sent.
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /collection']);
    expect(formsOf(calls)).toHaveLength(0);
  });

  it('edits: keeps variant ids, removes marked images (with undo), uploads new files and drops one', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
    const requests = fakeApi(admin, ({ method, path }) =>
      method === 'GET' && path === '/product/8' ? { status: 200, body: withVariants }
      : method === 'PUT' && path === '/product/8' ? { status: 200, body: withVariants }
      : method === 'GET' && path === '/product' ? listAnswer
      : undefined,
    );
    const { router } = renderProductRoutes('/admin-dashboard/edit-product/8');
    expect(await screen.findByRole('heading', { level: 1, name: 'Editar produto' })).toBeTruthy();
    expect(((await screen.findByLabelText('Nome')) as HTMLInputElement).value).toBe('Agenda 2026');
    expect((screen.getByLabelText('Tem variantes') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Preço (€) da variante 2') as HTMLInputElement).value).toBe('12,50');
    expect(screen.getByText('JPG, PNG, GIF ou WebP, até 10 MB cada; no máximo 12 imagens por produto (2 de 12).')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Remover imagem 1'));
    fireEvent.click(screen.getByLabelText('Remover imagem 2'));
    expect(screen.getAllByText('Será removida ao guardar')).toHaveLength(2);
    fireEvent.click(screen.getByLabelText('Remover imagem 2'));
    expect(screen.getAllByText('Será removida ao guardar')).toHaveLength(1);

    const input = screen.getByLabelText('Adicionar imagens') as HTMLInputElement;
    expect(input.multiple).toBe(true);
    expect(input.accept).toBe('image/jpeg,image/png,image/gif,image/webp');
    fireEvent.change(input, { target: { files: [png('frente.png'), png('verso.png'), new File(['x'], 'notas.txt', { type: 'text/plain' })] } });
    expect(screen.getByText('notas.txt: Só são aceites imagens JPG, PNG, GIF ou WebP.')).toBeTruthy();
    expect(screen.getByAltText('Pré-visualização de frente.png').getAttribute('src')).toBe('blob:preview');
    fireEvent.click(screen.getByRole('button', { name: 'Retirar frente.png' }));
    expect(screen.queryByText('frente.png')).toBeNull();
    expect(document.activeElement).toBe(input);

    type('Stock da variante 1', '6');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=produtos'));
    expect(formsOf(requests)[0]?.method).toBe('PUT');
    const form = formsOf(requests)[0]!.form;
    expect(JSON.parse(form.get('variants') as string)).toEqual([
      { id: 31, name: 'A5', price: '9.00', stock: 6, sku: 'AG-A5', weight_grams: null, unit_quantity: null, vat_category: null, vat_exemption_reason: null, sale_price: null, sale_starts_at: null, sale_ends_at: null },
      { id: 32, name: 'A4', price: '12.50', stock: 3, sku: null, weight_grams: null, unit_quantity: null, vat_category: null, vat_exemption_reason: null, sale_price: null, sale_starts_at: null, sale_ends_at: null },
    ]);
    expect(form.get('imagesToRemove')).toBe('[101]');
    expect(form.has('price')).toBe(false);
    expect(form.has('link')).toBe(false);
    const files = form.getAll('images') as File[];
    expect(files.map((file) => file.name)).toEqual(['verso.png']);
  });

  it('sends price, stock and the link of a digital product', async () => {
    const { requests, router } = await openCreateForm();
    type('Nome', 'Guia de arrumação');
    type('Descrição', 'PDF com 40 páginas.');
    type('Ordem', '3');
    type('Preço (€)', '1 234,5');
    type('Stock', '100');
    fireEvent.click(screen.getByLabelText('Produto digital'));
    type('Link de acesso', ' https://exemplo.pt/guia.pdf ');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=produtos'));
    expect(textFields(formsOf(requests)[0]!.form)).toEqual({
      name: 'Guia de arrumação',
      description: 'PDF com 40 páginas.',
      order: '3',
      isDigital: 'true',
      link: 'https://exemplo.pt/guia.pdf',
      hasVariants: 'false',
      withdrawalExemption: '',
      vat_category: 'normal',
      vat_exemption_reason: '',
      price: '1234.50',
      stock: '100',
      // No sale: blank (the product's sale, if any, ends).
      sale_price: '',
      sale_starts_at: '',
      sale_ends_at: '',
      // A digital product weighs nothing: its weight is cleared.
      weight_grams: '',
      unit_quantity: '',
      unit: '',
      imagesToRemove: '[]',
    });
  });

  it('takes 12,50 as twelve euros fifty, and refuses an ambiguous 1.234 without sending anything', async () => {
    const { requests, router } = await openCreateForm();
    type('Nome', 'Caixa');
    type('Descrição', 'Caixa de cartão.');
    type('Preço (€)', '1.234');
    type('Stock', '4');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const price = screen.getByLabelText('Preço (€)');
    await waitFor(() => expect(price.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(catalogMessages.priceRequired).length).toBeGreaterThan(0);
    expect(formsOf(requests)).toHaveLength(0);

    type('Preço (€)', '12,50');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=produtos'));
    expect(textFields(formsOf(requests)[0]!.form)).toMatchObject({ price: '12.50', stock: '4' });
  });

  it('puts the server field errors on their inputs, variants included, and shows its message', async () => {
    let release: () => void = () => {};
    fakeApi(admin, async ({ method, path }) => {
      if (method === 'GET' && path === '/product/8') return { status: 200, body: withVariants };
      if (method === 'PUT') {
        await new Promise<void>((resolve) => (release = resolve));
        return {
          status: 400,
          body: {
            message: 'Cada variante precisa de um preço válido.',
            error: 'Cada variante precisa de um preço válido.',
            code: 'INVALID',
            fields: { 'variants.1.price': 'Cada variante precisa de um preço válido.', images: 'Cada produto pode ter no máximo 12 imagens.' },
          },
        };
      }
      return notFound;
    });
    renderProductRoutes('/admin-dashboard/edit-product/8');
    await screen.findByLabelText('Nome da variante 2');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect((screen.getByRole('button', { name: /^Guardar/ }) as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByRole('button', { name: /^Guardar/ }).textContent).toBe('Guardar (a guardar...)');
    release();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getAllByText('Cada variante precisa de um preço válido.')).toHaveLength(2);
    const price = screen.getByLabelText('Preço (€) da variante 2');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(price);
    expect(screen.getByText('Cada produto pode ter no máximo 12 imagens.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Guardar' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the generic save error when the server gives no message, and a 409 SKU on the variant list', async () => {
    let conflict = false;
    fakeApi(admin, ({ method, path }) => {
      if (method === 'GET' && path === '/product/8') return { status: 200, body: withVariants };
      if (method === 'PUT' && conflict) {
        const text = `${catalogMessages.skuTaken} (AG-A5)`;
        return { status: 409, body: { message: catalogMessages.skuTaken, error: catalogMessages.skuTaken, code: 'CONFLICT', fields: { variants: text } } };
      }
      if (method === 'PUT') return { status: 500, body: 'falhou' };
      return undefined;
    });
    renderProductRoutes('/admin-dashboard/edit-product/8');
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Erro ao salvar produto. Por favor tente novamente.')).toBeTruthy();
    conflict = true;
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(`${catalogMessages.skuTaken} (AG-A5)`)).toBeTruthy();
    expect(screen.getByText(catalogMessages.skuTaken)).toBeTruthy();
  });

  it('deletes from the edit page after confirmation', async () => {
    const calls = fakeApi(admin, ({ method, path }) =>
      method === 'GET' && path === '/product/8' ? { status: 200, body: withVariants }
      : method === 'DELETE' && path === '/product/8' ? { status: 200, body: { message: 'Produto eliminado.' } }
      : method === 'GET' && path === '/product' ? listAnswer
      : undefined,
    );
    const { router } = renderProductRoutes('/admin-dashboard/edit-product/8');
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Tem a certeza que deseja eliminar o produto Agenda 2026? Esta ação não pode ser desfeita.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=produtos'));
    expect(await screen.findByText('Produto eliminado.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('says when the product does not exist', async () => {
    fakeApi(admin, ({ path }) =>
      path === '/product/77' ? { status: 404, body: { message: 'Produto não encontrado.', error: 'Produto não encontrado.', code: 'NOT_FOUND' } } : undefined,
    );
    renderProductRoutes('/admin-dashboard/edit-product/77');
    expect(await screen.findByText('Produto não encontrado.')).toBeTruthy();
    cleanup();
    renderProductRoutes('/admin-dashboard/edit-product/abc');
    expect(await screen.findByText('Produto não encontrado.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar à lista de produtos' }).getAttribute('href')).toBe('/admin-dashboard?tab=produtos');
  });
});

// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatEuros } from '#shared/money.ts';
import type { Product } from '#shared/schemas/catalog.ts';
import { CART_KEY } from '../cart/cart-store.ts';
import { type FakeCall, fakeApi, productFactory, renderCatalog, variantFactory } from './catalog-test-utils.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const listOf = (rows: Product[], count = rows.length) => ({ status: 200, body: { rows, count } });
const listCalls = (calls: FakeCall[]) => calls.filter((c) => c.path === '/product');
const lastQuery = (calls: FakeCall[]) => Object.fromEntries(listCalls(calls).at(-1)?.query ?? []);

/** The text as the testing library reads it (the non-breaking space before € becomes a space). */
const euros = (value: number) => formatEuros(value).replace(/\s/g, ' ');

const card = (name: string) => {
  const heading = screen.getByRole('heading', { level: 2, name });
  const item = heading.closest('li');
  if (!item) throw new Error(`no card for ${name}`);
  return within(item);
};

describe('product list', () => {
  it('shows a spinner, then a card per product with its image, price and links', async () => {
    const second = productFactory({ id: 2, name: 'Etiquetas de linho' });
    const calls = fakeApi(null, ({ path }) => (path === '/product' ? listOf([productFactory(), second]) : undefined));
    renderCatalog('/produtos');
    expect(screen.getByRole('heading', { level: 1, name: 'Produtos' })).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.getByLabelText('Pesquisar').getAttribute('placeholder')).toBe('Pesquisar produtos...');

    const caixa = await screen.findByRole('heading', { level: 2, name: 'Caixa organizadora' });
    expect(caixa.className).toContain('product-card-title');
    expect(screen.queryByRole('status')).toBeNull();
    expect(lastQuery(calls)).toEqual({ sortBy: 'price', order: 'asc', isDigital: 'false', page: '1', pageSize: '12' });

    const view = card('Caixa organizadora');
    // The whole card leads to the product: one link, 'Ver Detalhes', stretched over the card; one button.
    const details = view.getByRole('link', { name: 'Ver Detalhes de Caixa organizadora' });
    expect(details.getAttribute('href')).toBe('/produtos/1');
    expect(details.textContent).toBe('Ver Detalhes');
    expect(details.classList.contains('stretched-link')).toBe(true);
    expect(view.getAllByRole('link')).toHaveLength(1);
    expect(view.getAllByRole('button')).toHaveLength(1);
    const img = caixa.closest('.card')?.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('src')).toBe('/media/p1-1024.webp');
    expect(img.getAttribute('srcset')).toContain('320w');
    expect(img.getAttribute('sizes')).toBeTruthy();
    // The first card's picture is the page's largest paint on a phone: fetched first; the others wait for the scroll.
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('loading')).toBeNull();
    const later = screen.getByRole('heading', { level: 2, name: 'Etiquetas de linho' }).closest('.card')?.querySelector('img');
    expect(later?.getAttribute('loading')).toBe('lazy');
    expect(later?.getAttribute('fetchpriority')).toBeNull();
    expect(img.getAttribute('width')).toBe('1024');
    expect(img.getAttribute('height')).toBe('768');
    expect(view.getByText(euros(12.5))).toBeTruthy();
    expect(view.queryByText('Fora de stock')).toBeNull();
    // No pagination for a single page.
    expect(screen.queryByRole('navigation', { name: 'Paginação' })).toBeNull();
  });

  it('uses a 4-3-2-1 column grid (two from 360 px: card-grid; the widths themselves are checked in e2e/mobile.spec.ts)', async () => {
    fakeApi(null, ({ path }) => (path === '/product' ? listOf([productFactory()]) : undefined));
    renderCatalog('/produtos');
    const item = (await screen.findByRole('heading', { level: 2, name: 'Caixa organizadora' })).closest('li');
    const row = item?.parentElement;
    // Beside the filters (issue #30), four columns only from 1400 px.
    for (const cls of ['card-grid', 'row-cols-2', 'row-cols-lg-3', 'row-cols-xxl-4']) expect(row?.classList.contains(cls)).toBe(true);
  });

  it('cuts descriptions longer than 80 characters (at a word\'s end when there is one) and adds ...', async () => {
    const long = 'a'.repeat(70) + 'bbbbbbbbbbCCCCC';
    const exact = 'x'.repeat(80);
    const words = 'Caixa de arrumação em cartão reciclado, com tampa e pegas, ideal para roupeiros e estantes altas.';
    fakeApi(null, ({ path }) =>
      path === '/product' ?
        listOf([
          productFactory({ id: 1, name: 'Longa', description: long }),
          productFactory({ id: 2, name: 'Certa', description: exact }),
          productFactory({ id: 3, name: 'Frase', description: words }),
        ])
      : undefined,
    );
    renderCatalog('/produtos');
    await screen.findByRole('heading', { level: 2, name: 'Longa' });
    expect(card('Longa').getByText(`${'a'.repeat(70)}bbbbbbbbbb...`)).toBeTruthy();
    expect(card('Certa').getByText(exact)).toBeTruthy();
    expect(card('Frase').getByText('Caixa de arrumação em cartão reciclado, com tampa e pegas, ideal para roupeiros...')).toBeTruthy();
  });

  it("reads 'A partir de' the lowest price for products with variants", async () => {
    const product = productFactory({
      hasVariants: true,
      price: 8,
      stock: 3,
      variants: [variantFactory({ id: 1, price: 8, stock: 3 }), variantFactory({ id: 2, price: 11, stock: 0 })],
    });
    fakeApi(null, ({ path }) => (path === '/product' ? listOf([product]) : undefined));
    renderCatalog('/produtos');
    await screen.findByRole('heading', { level: 2, name: 'Caixa organizadora' });
    expect(card('Caixa organizadora').getByText(`A partir de ${euros(8)}`)).toBeTruthy();
  });

  it('puts the price per unit of measure beside the price shown (the cheapest variant\'s)', async () => {
    const product = productFactory({
      hasVariants: true,
      price: 8,
      stock: 3,
      unit: 'kg',
      unit_quantity: 0.5,
      variants: [variantFactory({ id: 1, price: 11, stock: 3 }), variantFactory({ id: 2, price: 8, stock: 1 })],
    });
    fakeApi(null, ({ path }) => (path === '/product' ? listOf([product]) : undefined));
    renderCatalog('/produtos');
    await screen.findByRole('heading', { level: 2, name: 'Caixa organizadora' });
    expect(card('Caixa organizadora').getByText(`(${euros(16)}/kg)`)).toBeTruthy();
  });

  it('disables the add button and says Fora de stock when nothing is in stock', async () => {
    fakeApi(null, ({ path }) =>
      path === '/product' ?
        listOf([
          productFactory({ id: 1, name: 'Esgotado', stock: 0 }),
          productFactory({
            id: 2,
            name: 'Variantes esgotadas',
            hasVariants: true,
            stock: 0,
            variants: [variantFactory({ id: 1, stock: 0 }), variantFactory({ id: 2, stock: 0 })],
          }),
          productFactory({ id: 3, name: 'Disponível', stock: 1 }),
        ])
      : undefined,
    );
    renderCatalog('/produtos');
    await screen.findByRole('heading', { level: 2, name: 'Esgotado' });
    for (const name of ['Esgotado', 'Variantes esgotadas']) {
      const view = card(name);
      expect((view.getByRole('button', { name: `Adicionar ${name} ao carrinho` }) as HTMLButtonElement).disabled).toBe(true);
      expect(view.getByText('Fora de stock')).toBeTruthy();
    }
    const available = card('Disponível').getByRole('button', { name: 'Adicionar Disponível ao carrinho' }) as HTMLButtonElement;
    expect(available.disabled).toBe(false);
    // Its text beside the icon (hidden on a phone, where the name above says which product).
    expect(available.textContent).toBe('Adicionar');
  });

  it('has no add button for digital products', async () => {
    const calls = fakeApi(null, ({ path }) =>
      path === '/product' ? listOf([productFactory({ id: 4, name: 'Planner PDF', isDigital: true, stock: 0 })]) : undefined,
    );
    renderCatalog('/produtos-digitais');
    expect(screen.getByRole('heading', { level: 1, name: 'Produtos Digitais' })).toBeTruthy();
    await screen.findByRole('heading', { level: 2, name: 'Planner PDF' });
    expect(lastQuery(calls).isDigital).toBe('true');
    expect(card('Planner PDF').queryByRole('button', { name: /ao carrinho/ })).toBeNull();
    expect(card('Planner PDF').queryByText('Fora de stock')).toBeNull();
    expect(card('Planner PDF').getByRole('link', { name: /Ver Detalhes/ })).toBeTruthy();
  });

  it('adds a product to the cart (the cart drawer says so); for one with variants it asks which (issue #12)', async () => {
    const withVariants = productFactory({
      id: 5,
      name: 'Agenda',
      hasVariants: true,
      price: 9,
      variants: [variantFactory({ id: 1, name: 'A4', price: 9, stock: 0 }), variantFactory({ id: 2, name: 'A5', price: 11, stock: 2, sku: 'AG-A5' })],
    });
    fakeApi(null, ({ path }) => (path === '/product' ? listOf([productFactory(), withVariants]) : undefined));
    renderCatalog('/produtos');
    await screen.findByRole('heading', { level: 2, name: 'Agenda' });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Caixa organizadora ao carrinho' }));
    expect(JSON.parse(localStorage.getItem(CART_KEY) ?? '[]')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Agenda ao carrinho' }));
    const picker = await screen.findByRole('dialog', { name: 'Escolha a variante: Agenda' });
    expect(JSON.parse(localStorage.getItem(CART_KEY) ?? '[]')).toHaveLength(1);
    expect((within(picker).getByRole('button', { name: /A4/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(picker).getByRole('button', { name: /A4/ }).textContent).toContain('Fora de stock');
    fireEvent.click(within(picker).getByRole('button', { name: /A5/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(localStorage.getItem(CART_KEY) ?? '[]')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Caixa organizadora ao carrinho' }));
    expect(JSON.parse(localStorage.getItem(CART_KEY) ?? '[]')).toEqual([
      { id: '1', productId: 1, name: 'Caixa organizadora', price: 12.5, image: '/media/p1-1024.webp', quantity: 2, isDigital: false, variant: null },
      { id: 'AG-A5', productId: 5, name: 'Agenda', price: 11, image: '/media/p1-1024.webp', quantity: 1, isDigital: false, variant: { id: 2, name: 'A5' } },
    ]);
  });

  it('shows a placeholder for a product without images', async () => {
    fakeApi(null, ({ path }) => (path === '/product' ? listOf([productFactory({ images: [] })]) : undefined));
    renderCatalog('/produtos');
    await screen.findByRole('heading', { level: 2, name: 'Caixa organizadora' });
    expect(card('Caixa organizadora').queryByRole('img')).toBeNull();
    expect(card('Caixa organizadora').getByText('Sem imagem')).toBeTruthy();
  });

  it('says when nothing is found', async () => {
    fakeApi(null, ({ path }) => (path === '/product' ? listOf([]) : undefined));
    renderCatalog('/produtos');
    expect(await screen.findByText('Nenhum produto encontrado. Tente ajustar os filtros de pesquisa.')).toBeTruthy();
    cleanup();
    renderCatalog('/produtos-digitais');
    expect(await screen.findByText('Nenhum produto digital encontrado. Tente ajustar os filtros de pesquisa.')).toBeTruthy();
  });

  it('says when the list cannot load', async () => {
    fakeApi(null, ({ path }) => (path === '/product' ? { status: 500, body: { error: 'x' } } : undefined));
    renderCatalog('/produtos');
    expect(await screen.findByText('Erro ao carregar produtos. Por favor tente novamente mais tarde.')).toBeTruthy();
    cleanup();
    renderCatalog('/produtos-digitais');
    expect(await screen.findByText('Erro ao carregar produtos digitais. Por favor tente novamente mais tarde.')).toBeTruthy();
  });
});

describe('search, sort and page in the address', () => {
  const many = Array.from({ length: 12 }, (_, i) => productFactory({ id: i + 1, name: `Produto ${i + 1}` }));

  it('reads q, sort and page from the address', async () => {
    const calls = fakeApi(null, ({ path }) => (path === '/product' ? listOf(many, 30) : undefined));
    renderCatalog('/produtos?q=caixa&sort=price_desc&page=2');
    await screen.findByRole('heading', { level: 2, name: 'Produto 1' });
    expect(lastQuery(calls)).toEqual({ sortBy: 'price', order: 'desc', isDigital: 'false', q: 'caixa', page: '2', pageSize: '12' });
    expect((screen.getByLabelText('Pesquisar') as HTMLInputElement).value).toBe('caixa');
    expect((screen.getByLabelText('Ordenar por') as HTMLSelectElement).value).toBe('price_desc');
    const nav = screen.getByRole('navigation', { name: 'Paginação' });
    expect(within(nav).getByText('(página atual)').parentElement?.textContent).toContain('2');
  });

  it('searches 300 ms after typing stops, back on page 1, and Back restores the box', async () => {
    const calls = fakeApi(null, ({ path }) => (path === '/product' ? listOf(many, 30) : undefined));
    const { router } = renderCatalog('/produtos?page=2');
    await screen.findByRole('heading', { level: 2, name: 'Produto 1' });
    const box = screen.getByLabelText('Pesquisar') as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'cai' } });
    fireEvent.change(box, { target: { value: 'caixa ' } });
    expect(router.state.location.search).toBe('?page=2');
    await waitFor(() => expect(router.state.location.search).toBe('?q=caixa'));
    expect(box.value).toBe('caixa ');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ q: 'caixa', page: '1' }));
    expect(listCalls(calls).some((c) => c.query.get('q') === 'cai')).toBe(false);

    // Refining the search replaces its entry; Back returns to the list before the search.
    fireEvent.change(box, { target: { value: 'caixa azul' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=caixa+azul'));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?page=2');
    expect(box.value).toBe('');
    await act(() => router.navigate(1));
    expect(box.value).toBe('caixa azul');
    await act(() => router.navigate('/produtos?q=vaso'));
    expect(box.value).toBe('vaso');
    await act(() => router.navigate(-1));
    expect(box.value).toBe('caixa azul');
  });

  it('changing the sort goes back to page 1', async () => {
    const calls = fakeApi(null, ({ path }) => (path === '/product' ? listOf(many, 30) : undefined));
    const { router } = renderCatalog('/produtos?q=caixa&page=3');
    await screen.findByRole('heading', { level: 2, name: 'Produto 1' });
    const select = screen.getByLabelText('Ordenar por') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['price_asc', 'Preço: mais baixo primeiro'],
      ['price_desc', 'Preço: mais alto primeiro'],
    ]);
    fireEvent.change(select, { target: { value: 'price_desc' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=caixa&sort=price_desc'));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ order: 'desc', page: '1', q: 'caixa' }));
  });

  it('pages with links that keep the search and sort', async () => {
    const calls = fakeApi(null, ({ path }) => (path === '/product' ? listOf(many, 30) : undefined));
    const { router } = renderCatalog('/produtos?q=caixa&sort=price_desc');
    await screen.findByRole('heading', { level: 2, name: 'Produto 1' });
    const nav = screen.getByRole('navigation', { name: 'Paginação' });
    expect(within(nav).getByRole('link', { name: 'Página 3' }).getAttribute('href')).toBe('/produtos?q=caixa&sort=price_desc&page=3');
    fireEvent.click(within(nav).getByRole('link', { name: 'Página seguinte' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=caixa&sort=price_desc&page=2'));
    await waitFor(() => expect(lastQuery(calls).page).toBe('2'));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Produtos' }));
  });

  it('keeps the previous grid while the next page loads', async () => {
    let release: (() => void) | undefined;
    fakeApi(null, async ({ path, query }) => {
      if (path !== '/product') return undefined;
      if (query.get('page') === '2') await new Promise<void>((resolve) => (release = resolve));
      return listOf(query.get('page') === '2' ? [productFactory({ id: 99, name: 'Da página 2' })] : many, 30);
    });
    const { router } = renderCatalog('/produtos');
    await screen.findByRole('heading', { level: 2, name: 'Produto 1' });
    await act(() => router.navigate('/produtos?page=2'));
    expect(screen.getByRole('heading', { level: 2, name: 'Produto 1' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    await waitFor(() => expect(release).toBeDefined());
    release?.();
    expect(await screen.findByRole('heading', { level: 2, name: 'Da página 2' })).toBeTruthy();
  });

  it('sends a page past the end to the last page', async () => {
    fakeApi(null, ({ path, query }) =>
      path === '/product' ? (query.get('page') === '9' ? listOf([], 30) : listOf(many, 30)) : undefined,
    );
    const { router } = renderCatalog('/produtos?page=9');
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatEuros } from '#shared/money.ts';
import { admin, fakeApi, renderAdmin } from '../admin-test-utils.tsx';
import { pageWindow } from '../../../components/pagination-nav.tsx';
import { imageFactory, productFactory, variantProductFactory } from './product-test-utils.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const caixa = productFactory({ images: [imageFactory(11)] });
const guia = productFactory({ id: 6, name: 'Guia digital', isDigital: true, price: 7.5, stock: 0, order: 2, link: 'https://exemplo.pt/guia.pdf' });
const agenda = variantProductFactory({ order: 3 });
const productLists = (path: string) => path === '/product';
/** Prices hold a no-break space (pt-PT currency format), which text matchers normalise away: compare the cells. */
const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('products tab', () => {
  it('lists the products in display order with type, price, stock and actions', async () => {
    const requests = fakeApi(admin, ({ path }) => (productLists(path) ? { status: 200, body: { rows: [caixa, guia, agenda], count: 3 } } : undefined));
    renderAdmin('/admin-dashboard?tab=produtos');
    const table = await screen.findByRole('table');
    expect(screen.getByRole('tab', { name: 'Produtos' }).getAttribute('aria-selected')).toBe('true');
    for (const name of ['Imagem', 'Nome', 'Tipo', 'Preço', 'Stock', 'Ordem', 'Ações']) {
      expect(within(table).getByRole('columnheader', { name })).toBeTruthy();
    }
    const list = requests.find((r) => r.path === '/product');
    expect(Object.fromEntries(list!.query)).toEqual({ sortBy: 'order', order: 'asc', page: '1', pageSize: '50' });

    const caixaRow = within(table).getByRole('row', { name: /Caixa organizadora/ });
    expect(caixaRow.querySelector('img')?.getAttribute('src')).toBe('/api/images/11/abcdefabcdef/thumb.webp');
    expect(within(caixaRow).getByText('Físico')).toBeTruthy();
    expect(cellTexts(caixaRow)).toContain(formatEuros(12.5));
    const guiaRow = within(table).getByRole('row', { name: /Guia digital/ });
    expect(within(guiaRow).getByText('Sem imagem')).toBeTruthy();
    expect(within(guiaRow).getByText('Digital')).toBeTruthy();
    // A digital product has no stock to speak of: neither its figure nor 'Fora de stock'.
    expect(within(guiaRow).getByText('Não se aplica (produto digital)')).toBeTruthy();
    expect(within(guiaRow).queryByText('Fora de stock')).toBeNull();
    const agendaRow = within(table).getByRole('row', { name: /Agenda/ });
    expect(cellTexts(agendaRow)).toContain(`A partir de ${formatEuros(9)}`);
    expect(within(agendaRow).getByText('2 variantes')).toBeTruthy();
    expect(within(agendaRow).queryByText('Fora de stock')).toBeNull();

    expect(within(table).getByRole('link', { name: 'Editar produto Agenda' }).getAttribute('href')).toBe('/admin-dashboard/edit-product/7');
    expect(within(table).getByRole('button', { name: 'Eliminar produto Agenda' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Novo produto' }).getAttribute('href')).toBe('/admin-dashboard/create-product');
    expect(screen.getByText('3 produtos')).toBeTruthy();
    cleanup();

    fakeApi(admin, ({ path }) => (productLists(path) ? { status: 200, body: { rows: [{ ...caixa, stock: 0 }], count: 1 } } : undefined));
    renderAdmin('/admin-dashboard?tab=produtos');
    const soldOut = within(await screen.findByRole('table')).getByRole('row', { name: /Caixa organizadora/ });
    expect(within(soldOut).getByText('Fora de stock')).toBeTruthy();
  });

  it('searches and pages on the server', async () => {
    const many = Array.from({ length: 50 }, (_, i) => productFactory({ id: 100 + i, name: `Produto ${i + 1}` }));
    const requests = fakeApi(admin, ({ path }) => (productLists(path) ? { status: 200, body: { rows: many, count: 120 } } : undefined));
    renderAdmin('/admin-dashboard?tab=produtos');
    expect(await screen.findByText('1–50 de 120 produtos')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Páginas de produtos' });
    expect(within(pager).getByRole('button', { name: 'Página 1' }).getAttribute('aria-current')).toBe('page');
    expect((within(pager).getByRole('button', { name: /Anterior/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: /Seguinte/ }));
    expect(await screen.findByText('51–100 de 120 produtos')).toBeTruthy();
    expect(requests.at(-1)?.query.get('page')).toBe('2');

    fireEvent.input(screen.getByLabelText('Pesquisar produtos'), { target: { value: ' caixa ' } });
    await waitFor(() => expect(requests.at(-1)?.query.get('q')).toBe('caixa'));
    expect(requests.at(-1)?.query.get('page')).toBe('1');
    expect(await screen.findByText('1–50 de 120 produtos para «caixa»')).toBeTruthy();
  });

  it('says when nothing matches and when there are no products yet', async () => {
    fakeApi(admin, ({ path }) => (productLists(path) ? { status: 200, body: { rows: [], count: 0 } } : undefined));
    renderAdmin('/admin-dashboard?tab=produtos');
    expect(await screen.findByText('Ainda não existem produtos.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.input(screen.getByLabelText('Pesquisar produtos'), { target: { value: 'vaso' } });
    expect(await screen.findByText('Nenhum produto corresponde a «vaso».')).toBeTruthy();
  });

  it('shows the load error with a retry', async () => {
    let fail = true;
    fakeApi(admin, ({ path }) => {
      if (!productLists(path)) return undefined;
      return fail ? { status: 500, body: { message: 'x', error: 'x', code: 'INTERNAL' } } : { status: 200, body: { rows: [caixa], count: 1 } };
    });
    renderAdmin('/admin-dashboard?tab=produtos');
    expect(await screen.findByText('Erro ao carregar produtos.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it('deletes after confirmation and refreshes the list', async () => {
    let rows = [caixa, guia];
    const calls = fakeApi(admin, ({ method, path }) => {
      if (method === 'GET' && productLists(path)) return { status: 200, body: { rows, count: rows.length } };
      if (method === 'DELETE' && path === '/product/6') {
        rows = [caixa];
        return { status: 200, body: { message: 'Produto eliminado.' } };
      }
      return undefined;
    });
    renderAdmin('/admin-dashboard?tab=produtos');
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar produto Guia digital' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Tem a certeza que deseja eliminar o produto Guia digital? Esta ação não pode ser desfeita.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Produto eliminado.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Guia digital/ })).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('keeps the dialog open with the message when deleting fails', async () => {
    fakeApi(admin, ({ method, path }) => {
      if (method === 'GET' && productLists(path)) return { status: 200, body: { rows: [caixa], count: 1 } };
      if (method === 'DELETE') return { status: 500, body: 'falhou' };
      return undefined;
    });
    renderAdmin('/admin-dashboard?tab=produtos');
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar produto Caixa organizadora' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(dialog).findByText('Erro ao eliminar produto.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows first, last and the pages around the current one', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
    expect(pageWindow(2, 9)).toEqual([1, 2, 3, 4, null, 9]);
  });
});

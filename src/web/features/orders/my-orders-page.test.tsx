// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatEuros } from '#shared/money.ts';
import { ORDER_STATUSES, orderStatusBadge, orderStatusLabel } from '#shared/orders.ts';
import { customer, failure, fakeApi, orderFactory, orderPage, renderOrders } from './orders-test-utils.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const isList = (path: string) => path === '/order/myorders';

describe('my orders page', () => {
  it('sends a visitor to /login, remembering where they were going', async () => {
    const calls = fakeApi(null);
    const { router } = renderOrders('/minhas-encomendas?page=2');
    expect(await screen.findByText('Página de login')).toBeTruthy();
    expect((router.state.location.state as { from: { pathname: string; search: string } }).from).toMatchObject({
      pathname: '/minhas-encomendas',
      search: '?page=2',
    });
    expect(calls).toHaveLength(0);
  });

  it('lists the orders with number, date, status, total and a detail link', async () => {
    const calls = fakeApi(customer, ({ path }) =>
      isList(path) ? { status: 200, body: orderPage([orderFactory(), orderFactory({ id: 9, status: 'delivered', total_price_with_tax: 80.5 })]) } : undefined,
    );
    renderOrders('/minhas-encomendas');
    expect(await screen.findByRole('heading', { level: 1, name: 'As minhas encomendas' })).toBeTruthy();
    const table = await screen.findByRole('table');
    for (const name of ['Encomenda', 'Data', 'Estado', 'Total']) expect(within(table).getByRole('columnheader', { name })).toBeTruthy();

    const row = within(table).getByRole('row', { name: /N\.º 12/ });
    expect(within(row).getByText('05/03/2025').closest('time')?.getAttribute('dateTime')).toBe('2025-03-05T12:00:00.000Z');
    expect(within(row).getByText('Pendente').className).toContain('bg-warning');
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toContain(formatEuros(37));
    const link = within(row).getByRole('link', { name: 'Ver detalhes da encomenda n.º 12' });
    expect(link.getAttribute('href')).toBe('/minhas-encomendas/12');
    expect(link.textContent).toBe('Ver detalhes');

    const delivered = within(table).getByRole('row', { name: /N\.º 9/ });
    expect(within(delivered).getByText('Entregue').className).toContain('bg-success');
    expect(within(delivered).getAllByRole('cell').map((c) => c.textContent)).toContain(formatEuros(80.5));

    expect(screen.getByText('2 encomendas')).toBeTruthy();
    // One page only: no pagination.
    expect(screen.queryByRole('navigation', { name: 'Paginação' })).toBeNull();
    expect(Object.fromEntries(calls[0]!.query)).toEqual({ page: '1', pageSize: '10' });
  });

  it('shows every status with its label and colour', async () => {
    const orders = ORDER_STATUSES.map((status, i) => orderFactory({ id: i + 1, status }));
    fakeApi(customer, ({ path }) => (isList(path) ? { status: 200, body: orderPage(orders) } : undefined));
    renderOrders('/minhas-encomendas');
    const table = await screen.findByRole('table');
    ORDER_STATUSES.forEach((status, i) => {
      const row = within(table).getByRole('row', { name: new RegExp(`N\\.º ${i + 1} `) });
      const badge = within(row).getByText(orderStatusLabel[status]);
      expect(badge.className).toContain(`bg-${orderStatusBadge[status]}`);
    });
    expect(orderStatusLabel).toEqual({ pending: 'Pendente', processing: 'Em Processamento', shipped: 'Enviada', delivered: 'Entregue', cancelled: 'Cancelada' });
    expect(orderStatusBadge).toEqual({ pending: 'warning', processing: 'info', shipped: 'primary', delivered: 'success', cancelled: 'danger' });
  });

  it('pages on the server, keeping the page in the address', async () => {
    const calls = fakeApi(customer, ({ path, query }) => {
      if (!isList(path)) return undefined;
      const page = Number(query.get('page'));
      const orders = Array.from({ length: page < 3 ? 10 : 3 }, (_, i) => orderFactory({ id: 100 - (page - 1) * 10 - i }));
      return { status: 200, body: orderPage(orders, { page, total: 23, totalPages: 3 }) };
    });
    const { router } = renderOrders('/minhas-encomendas');
    expect(await screen.findByText('23 encomendas · página 1 de 3')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Paginação' });
    expect(within(nav).getByText('Página 1').closest('[aria-current="page"]')).toBeTruthy();
    fireEvent.click(within(nav).getByRole('link', { name: 'Página 2' }));
    expect(await screen.findByText('23 encomendas · página 2 de 3')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    expect(calls.at(-1)?.query.get('page')).toBe('2');
    expect(await screen.findByRole('row', { name: /N\.º 90 / })).toBeTruthy();

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Paginação' })).getByRole('link', { name: 'Página seguinte' }));
    expect(await screen.findByText('23 encomendas · página 3 de 3')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=3');
    expect(screen.getAllByRole('link', { name: /Ver detalhes/ })).toHaveLength(3);

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Paginação' })).getByRole('link', { name: 'Página 1' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('goes to the last page when the address asks for one past the end', async () => {
    fakeApi(customer, ({ path, query }) => {
      if (!isList(path)) return undefined;
      const page = Number(query.get('page'));
      return { status: 200, body: orderPage(page === 2 ? [orderFactory({ id: 1 })] : [], { page, total: 11, totalPages: 2 }) };
    });
    const { router } = renderOrders('/minhas-encomendas?page=7');
    expect(await screen.findByText('11 encomendas · página 2 de 2')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
  });

  it('shows the empty state with a link to the products', async () => {
    fakeApi(customer, ({ path }) => (isList(path) ? { status: 200, body: orderPage([], { totalPages: 0 }) } : undefined));
    renderOrders('/minhas-encomendas');
    expect(await screen.findByText('Ainda não fez nenhuma encomenda.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver produtos' }).getAttribute('href')).toBe('/produtos');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the load error with a retry', async () => {
    let fail = true;
    fakeApi(customer, ({ path }) => {
      if (!isList(path)) return undefined;
      return fail ? failure(500, 'x') : { status: 200, body: orderPage([orderFactory()]) };
    });
    renderOrders('/minhas-encomendas');
    expect(await screen.findByText('Não foi possível carregar as tuas encomendas. Por favor tenta novamente mais tarde.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatEuros } from '#shared/money.ts';
import { ORDER_STATUSES, type OrderStatus } from '#shared/orders.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { failure, fakeApi, orderFactory, orderPage } from '../../orders/orders-test-utils.tsx';
import { admin, userFactory } from '../admin-test-utils.tsx';
import { OrderStatusBadge } from '../../orders/order-ui.tsx';
import { renderOrderRoutes } from './order-test-utils.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const isList = (method: string, path: string) => method === 'GET' && path === '/order';
const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('orders tab', () => {
  it('is a tab of the dashboard, after Produtos and Serviços', async () => {
    fakeApi(admin, ({ method, path }) => (isList(method, path) ? { status: 200, body: orderPage([]) } : undefined));
    renderOrderRoutes('/admin-dashboard?tab=encomendas');
    const tabs = await screen.findAllByRole('tab');
    const names = tabs.map((tab) => tab.textContent);
    // backoffice.md §2: users, products, services, orders, ...
    expect(names.indexOf('Serviços')).toBe(names.indexOf('Produtos') + 1);
    expect(names.indexOf('Encomendas')).toBe(names.indexOf('Serviços') + 1);
    expect(screen.getByRole('tab', { name: 'Encomendas' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('Ainda não existem encomendas.')).toBeTruthy();
  });

  it('lists the orders with number, date, customer, coloured status, payment, total and actions', async () => {
    const orders: Order[] = ORDER_STATUSES.map((status, i) =>
      orderFactory({ id: 20 - i, status, email: `cliente${i}@exemplo.pt`, payment_method: i % 2 ? 'paypal' : 'credit_card' }),
    );
    const calls = fakeApi(admin, ({ method, path }) => (isList(method, path) ? { status: 200, body: orderPage(orders) } : undefined));
    renderOrderRoutes('/admin-dashboard?tab=encomendas');
    const table = await screen.findByRole('table');
    for (const name of ['N.º', 'Data', 'Cliente', 'Estado', 'Pagamento', 'Total', 'Ações']) {
      expect(within(table).getByRole('columnheader', { name })).toBeTruthy();
    }
    expect(Object.fromEntries(calls.find((c) => isList(c.method, c.path))!.query)).toEqual({ page: '1', pageSize: '20' });

    // backoffice.md §2: delivered green, shipped blue, processing cyan, cancelled red, any other yellow.
    const colours = { Pendente: 'bg-warning', 'Em Processamento': 'bg-info', Enviada: 'bg-shipped', Entregue: 'bg-success', Cancelada: 'bg-danger' };
    for (const [label, colour] of Object.entries(colours)) expect(within(table).getByText(label).className).toContain(colour);
    const unknown = render(<OrderStatusBadge status={'unknown' as OrderStatus} />);
    expect(unknown.container.querySelector('.badge')!.className).toContain('bg-warning');
    unknown.unmount();

    const row = within(table).getByRole('row', { name: /^20 / });
    expect(cellTexts(row)).toEqual(expect.arrayContaining(['05/03/2025', 'cliente0@exemplo.pt', 'Cartão de crédito', formatEuros(37)]));
    expect(within(table).getByRole('row', { name: /^19 / }).textContent).toContain('PayPal');
    expect(within(row).getByRole('link', { name: 'Editar encomenda n.º 20' }).getAttribute('href')).toBe('/admin-dashboard/edit-order/20');
    expect(within(row).getByRole('button', { name: 'Eliminar encomenda n.º 20' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nova encomenda' }).getAttribute('href')).toBe('/admin-dashboard/create-order');
    expect(screen.getByText('5 encomendas')).toBeTruthy();
  });

  it('filters by status and pages on the server', async () => {
    const calls = fakeApi(admin, ({ method, path, query }) => {
      if (!isList(method, path)) return undefined;
      const page = Number(query.get('page'));
      const status = query.get('status');
      const total = status ? 3 : 45;
      const count = status ? 3 : page < 3 ? 20 : 5;
      const orders = Array.from({ length: count }, (_, i) => orderFactory({ id: 1000 - (page - 1) * 20 - i, status: (status as Order['status']) ?? 'pending' }));
      return { status: 200, body: orderPage(orders, { page, pageSize: 20, total, totalPages: Math.ceil(total / 20) }) };
    });
    const { router } = renderOrderRoutes('/admin-dashboard?tab=encomendas');
    expect(await screen.findByText('1–20 de 45 encomendas')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Páginas de encomendas' });
    fireEvent.click(within(pager).getByRole('button', { name: 'Página 2' }));
    expect(await screen.findByText('21–40 de 45 encomendas')).toBeTruthy();
    expect(calls.at(-1)?.query.get('page')).toBe('2');
    expect(router.state.location.search).toBe('?tab=encomendas&page=2');

    const filter = screen.getByLabelText('Estado') as HTMLSelectElement;
    expect([...filter.options].map((o) => o.textContent)).toEqual(['Todos', 'Pendente', 'Em Processamento', 'Enviada', 'Entregue', 'Cancelada']);
    fireEvent.change(filter, { target: { value: 'shipped' } });
    expect(await screen.findByText('3 encomendas com o estado «Enviada»')).toBeTruthy();
    expect(Object.fromEntries(calls.at(-1)!.query)).toEqual({ status: 'shipped', page: '1', pageSize: '20' });
    expect(router.state.location.search).toBe('?tab=encomendas&status=shipped');
    expect(screen.queryByRole('navigation', { name: 'Páginas de encomendas' })).toBeNull();
  });

  it('shows the load error with a retry', async () => {
    let fail = true;
    fakeApi(admin, ({ method, path }) => {
      if (!isList(method, path)) return undefined;
      return fail ? failure(500, 'x') : { status: 200, body: orderPage([orderFactory()]) };
    });
    renderOrderRoutes('/admin-dashboard?tab=encomendas');
    expect(await screen.findByText('Erro ao carregar encomendas.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it('deletes after confirmation and refreshes the list', async () => {
    let list = [orderFactory(), orderFactory({ id: 11 })];
    const calls = fakeApi(admin, ({ method, path }) => {
      if (isList(method, path)) return { status: 200, body: orderPage(list) };
      if (method === 'DELETE' && path === '/order/12') {
        list = [orderFactory({ id: 11 })];
        return { status: 200, body: { message: 'Encomenda eliminada.' } };
      }
      return undefined;
    });
    renderOrderRoutes('/admin-dashboard?tab=encomendas');
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar encomenda n.º 12' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(`Tem a certeza que deseja eliminar a encomenda n.º 12 de ${orderFactory().email}? Esta ação não pode ser desfeita.`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Encomenda eliminada.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Eliminar encomenda n.º 12' })).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('offers no Eliminar for an order that took money: paid, refunded or owed a refund', async () => {
    const paid = '2025-03-05T13:00:00.000Z';
    fakeApi(admin, ({ method, path }) =>
      isList(method, path) ?
        {
          status: 200,
          body: orderPage([
            orderFactory({ id: 14, status: 'processing', paid_at: paid }),
            orderFactory({ id: 13, status: 'cancelled', paid_at: paid, refund_due: 37 }),
            orderFactory({ id: 12 }),
          ]),
        }
      : undefined,
    );
    renderOrderRoutes('/admin-dashboard?tab=encomendas');
    expect(await screen.findByRole('button', { name: 'Eliminar encomenda n.º 12' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Eliminar encomenda n.º 14' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eliminar encomenda n.º 13' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Editar encomenda n.º 14' })).toBeTruthy();
  });

  it("shows 'Erro ao eliminar encomenda.' when deleting fails without a message, and keeps the dialog open", async () => {
    fakeApi(admin, ({ method, path }) => {
      if (isList(method, path)) return { status: 200, body: orderPage([orderFactory()]) };
      if (method === 'DELETE') return { status: 500 };
      return undefined;
    });
    renderOrderRoutes('/admin-dashboard?tab=encomendas');
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar encomenda n.º 12' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(dialog).findByText('Erro ao eliminar encomenda.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends a customer to the home page', async () => {
    fakeApi(userFactory());
    renderOrderRoutes('/admin-dashboard?tab=encomendas');
    expect(await screen.findByText('Página inicial')).toBeTruthy();
  });
});

describe('payment alerts', () => {
  it('show money that reached no order until the admin marks it resolved', async () => {
    let alerts = [{ id: 7, order_id: 31, outcome: 'order_cancelled', receivedAt: '2026-11-20T10:15:00.000Z', params: { amount: '29.50' } }];
    const calls = fakeApi(admin, ({ method, path }) => {
      if (isList(method, path)) return { status: 200, body: orderPage([]) };
      if (method === 'GET' && path === '/payment/alerts') return { status: 200, body: alerts };
      if (method === 'PUT' && path === '/payment/alerts/7/resolve') {
        alerts = [];
        return { status: 204, body: undefined };
      }
      return undefined;
    });
    renderOrderRoutes('/admin-dashboard?tab=encomendas');
    const heading = await screen.findByRole('heading', { name: 'Pagamentos a verificar (1)' });
    const box = heading.closest('.alert') as HTMLElement;
    expect(box.textContent).toContain('Pagamento recebido para uma encomenda cancelada (29,50 €)');
    expect(within(box).getByRole('link', { name: 'Encomenda N.º 31' }).getAttribute('href')).toBe('/admin-dashboard/edit-order/31');
    fireEvent.click(within(box).getByRole('button', { name: 'Marcar como resolvido' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: /Pagamentos a verificar/ })).toBeNull());
    expect(calls.some((c) => c.method === 'PUT' && c.path === '/payment/alerts/7/resolve')).toBe(true);
  });
});

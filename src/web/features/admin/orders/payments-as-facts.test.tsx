// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '#shared/schemas/orders.ts';
import { fakeApi, orderFactory, orderPage } from '../../orders/orders-test-utils.tsx';
import { admin } from '../admin-test-utils.tsx';
import { renderOrderRoutes } from './order-test-utils.tsx';

/* issue #12: "Marcar como paga", shipping an unpaid order, and the refunds the owner owes. */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serveOrder(order: () => Order, extra: Parameters<typeof fakeApi>[1] = () => undefined) {
  return fakeApi(admin, (call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path === '/order/12') return { status: 200, body: order() };
    if (call.path === '/user') return { status: 200, body: [admin, { ...admin, id: 2, isAdmin: false, username: 'maria', email: 'maria@example.pt' }] };
    if (call.path === '/product') return { status: 200, body: { rows: [], count: 0 } };
    if (call.path === '/payment/order/12') return { status: 200, body: { payments: [], alerts: [] } };
    return undefined;
  });
}

describe('Marcar como paga', () => {
  it('asks how it was paid, sends it, and then shows the order paid', async () => {
    let current = orderFactory({ paid_at: null, status: 'pending' });
    const calls = serveOrder(
      () => current,
      (call) => {
        if (call.method === 'POST' && call.path === '/order/12/mark-paid') {
          current = orderFactory({ paid_at: '2026-11-20T10:00:00.000Z', status: 'processing', paid_method: 'cash', paid_note: 'Pago na loja' });
          return { status: 200, body: current };
        }
        return undefined;
      },
    );
    renderOrderRoutes('/admin-dashboard/edit-order/12');
    expect(await screen.findByText(/Por pagar: 37,00/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como paga' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar como paga' });
    expect(dialog.textContent).toContain('o cliente recebe o e-mail de pagamento recebido');
    fireEvent.change(within(dialog).getByLabelText('Como foi pago'), { target: { value: 'cash' } });
    fireEvent.change(within(dialog).getByLabelText('Nota (opcional)'), { target: { value: ' Pago na loja ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar pagamento' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path === '/order/12/mark-paid')?.body).toEqual({ method: 'cash', note: 'Pago na loja' });
    expect(await screen.findByText(/Paga em .*\(Numerário, registado na loja\)/)).toBeTruthy();
    expect(screen.getByText('Nota: Pago na loja')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Marcar como paga' })).toBeNull();
  });

  it("keeps the dialog open with the server's message when it fails", async () => {
    serveOrder(
      () => orderFactory({ paid_at: null }),
      (call) => (call.path === '/order/12/mark-paid' ? { status: 409, body: { message: 'Esta encomenda já está paga.', error: 'Esta encomenda já está paga.', code: 'CONFLICT' } } : undefined),
    );
    renderOrderRoutes('/admin-dashboard/edit-order/12');
    fireEvent.click(await screen.findByRole('button', { name: 'Marcar como paga' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar como paga' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar pagamento' }));
    expect(await within(dialog).findByText('Esta encomenda já está paga.')).toBeTruthy();
  });

  it('shipping an unpaid order asks first and says it is unpaid; cancelling the question sends nothing', async () => {
    const calls = serveOrder(
      () => orderFactory({ paid_at: null, status: 'processing' }),
      (call) => (call.method === 'PUT' && call.path === '/order/12' ? { status: 200, body: orderFactory({ status: 'shipped' }) } : undefined),
    );
    const { router } = renderOrderRoutes('/admin-dashboard/edit-order/12');
    const status = (await screen.findByLabelText('Estado')) as HTMLSelectElement;
    fireEvent.change(status, { target: { value: 'shipped' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    let dialog = await screen.findByRole('dialog', { name: 'Encomenda por pagar' });
    expect(dialog.textContent).toContain('Esta encomenda ainda não foi paga.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    dialog = await screen.findByRole('dialog', { name: 'Encomenda por pagar' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar como Enviada' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=encomendas'));
    expect(calls.filter((c) => c.method === 'PUT')[0]?.body).toMatchObject({ status: 'shipped' });
  });

  it('a paid order ships without the question', async () => {
    const calls = serveOrder(
      () => orderFactory({ paid_at: '2026-11-20T10:00:00.000Z', status: 'processing' }),
      (call) => (call.method === 'PUT' ? { status: 200, body: orderFactory({ status: 'shipped' }) } : undefined),
    );
    const { router } = renderOrderRoutes('/admin-dashboard/edit-order/12');
    fireEvent.change(await screen.findByLabelText('Estado'), { target: { value: 'shipped' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=encomendas'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });
});

describe('refunds the owner owes', () => {
  it('lists each one on the orders tab until she confirms it was refunded', async () => {
    let refunds = [{ order_id: 31, email: 'maria@example.pt', amount: 56, cancelled_at: '2026-11-20T10:15:00.000Z' }];
    const calls = fakeApi(admin, ({ method, path }) => {
      if (method === 'GET' && path === '/order') return { status: 200, body: orderPage([]) };
      if (method === 'GET' && path === '/payment/alerts') return { status: 200, body: [] };
      if (method === 'GET' && path === '/order/refunds') return { status: 200, body: { refunds } };
      if (method === 'POST' && path === '/order/31/refund') {
        refunds = [];
        return { status: 200, body: orderFactory({ id: 31, status: 'cancelled' }) };
      }
      return undefined;
    });
    renderOrderRoutes('/admin-dashboard?tab=encomendas');
    const heading = await screen.findByRole('heading', { name: 'Reembolsos por fazer (1)' });
    const box = heading.closest('.alert') as HTMLElement;
    expect(box.textContent).toContain('56,00');
    expect(within(box).getByRole('link', { name: 'Encomenda n.º 31' }).getAttribute('href')).toBe('/admin-dashboard/edit-order/31');
    fireEvent.click(within(box).getByRole('button', { name: 'Marcar como reembolsada' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reembolso feito?' });
    expect(dialog.textContent).toContain('maria@example.pt');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar reembolso' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: /Reembolsos por fazer/ })).toBeNull());
    expect(calls.some((c) => c.method === 'POST' && c.path === '/order/31/refund')).toBe(true);
  });
});

describe("the orders list's one step", () => {
  it('moves a paid order on from its row; shipping asks first (the customer is mailed) and the tab says it is done', async () => {
    let current = orderFactory({ id: 12, status: 'processing', paid_at: '2026-11-20T10:00:00.000Z', email: 'maria@example.pt' });
    const calls = fakeApi(admin, ({ method, path, body }) => {
      if (method === 'GET' && path === '/order') return { status: 200, body: orderPage([current]) };
      if (method === 'PATCH' && path === '/order/12/status') {
        current = { ...current, status: (body as { status: Order['status'] }).status };
        return { status: 200, body: current };
      }
      return undefined;
    });
    renderOrderRoutes('/admin-dashboard?tab=encomendas');
    fireEvent.click(await screen.findByRole('button', { name: 'Marcar como Enviada: encomenda n.º 12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar como Enviada' });
    expect(dialog.textContent).toContain('maria@example.pt recebe um email a avisar');
    expect(dialog.textContent).not.toContain('ainda não foi paga');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar como Enviada' }));
    expect(await screen.findByText('Encomenda n.º 12: Enviada.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'shipped' });
    expect(await screen.findByRole('button', { name: 'Marcar como Entregue: encomenda n.º 12' })).toBeTruthy();
  });

  it('says an order is unpaid before shipping it', async () => {
    fakeApi(admin, ({ method, path }) =>
      method === 'GET' && path === '/order' ? { status: 200, body: orderPage([orderFactory({ id: 12, status: 'processing', paid_at: null })]) } : undefined,
    );
    renderOrderRoutes('/admin-dashboard?tab=encomendas');
    fireEvent.click(await screen.findByRole('button', { name: 'Marcar como Enviada: encomenda n.º 12' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('Esta encomenda ainda não foi paga.');
  });
});


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
  it('lists each one on the orders tab, with the way to its order page', async () => {
    const refunds = [{ order_id: 31, email: 'maria@example.pt', amount: 56, cancelled_at: '2026-11-20T10:15:00.000Z' }];
    fakeApi(admin, ({ method, path }) => {
      if (method === 'GET' && path === '/order') return { status: 200, body: orderPage([]) };
      if (method === 'GET' && path === '/payment/alerts') return { status: 200, body: [] };
      if (method === 'GET' && path === '/invoice/pending') return { status: 200, body: { provider: 'invoicexpress', documents: [] } };
      if (method === 'GET' && path === '/order/refunds') return { status: 200, body: { refunds } };
      return undefined;
    });
    renderOrderRoutes('/admin-dashboard?tab=encomendas');
    const heading = await screen.findByRole('heading', { name: 'Reembolsos por fazer (1)' });
    const box = heading.closest('.alert') as HTMLElement;
    expect(box.textContent).toContain('Encomenda n.º 31: 56,00');
    expect(within(box).getByRole('link', { name: 'Reembolsar a encomenda n.º 31' }).getAttribute('href')).toBe('/admin-dashboard/edit-order/31#reembolsos');
  });

  it('gives a cancelled order back from its page: everything prefilled, her transfer recorded, then listed with its credit note to come', async () => {
    const paid = { paid_at: '2026-11-20T10:00:00.000Z', status: 'cancelled' as const, refund_due: 37, refunded_at: null, refunds: [], refunded_total: 0, mbway_refundable: false };
    let current = orderFactory(paid);
    const calls = serveOrder(
      () => current,
      (call) => {
        if (call.method === 'POST' && call.path === '/order/12/refund') {
          const body = call.body as { iban?: string };
          if (body.iban !== 'PT50000201231234567890154') return { status: 400, body: { message: 'Indique um IBAN válido (em Portugal, PT50 seguido de 21 algarismos).', error: 'Indique um IBAN válido (em Portugal, PT50 seguido de 21 algarismos).', code: 'INVALID' } };
          current = orderFactory({
            ...paid,
            refunded_at: '2026-11-21T10:00:00.000Z',
            refunded_total: 37,
            refunds: [{ id: 4, amount: 37, shipping: 6, method: 'transfer', status: 'settled', created_at: '2026-11-21T10:00:00.000Z', lines: [{ item_id: 1, quantity: 2 }, { item_id: 2, quantity: 1 }], iban: body.iban, transferred_on: '2026-11-21', note: null, credit_note: null, credit_note_error: null }],
          });
          return { status: 200, body: current };
        }
        return undefined;
      },
    );
    renderOrderRoutes('/admin-dashboard/edit-order/12');
    expect(await screen.findByText(/Reembolso por fazer: 37,00 €. Faça-o em Reembolsos, abaixo./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reembolsar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reembolsar' });
    // A cancelled order owes everything: both lines and the shipping are chosen, MB WAY is not offered.
    expect((within(dialog).getByLabelText(/Caixa organizadora/) as HTMLInputElement).value).toBe('2');
    expect((within(dialog).getByLabelText('Portes (6,00 €)') as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText(/MB WAY/) as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('IBAN do cliente'), { target: { value: 'PT50 1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Reembolsar 37,00\s€$/ }));
    expect(await within(dialog).findByText('Indique um IBAN válido (em Portugal, PT50 seguido de 21 algarismos).')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('IBAN do cliente'), { target: { value: 'PT50000201231234567890154' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Reembolsar 37,00\s€$/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls.filter((c) => c.path === '/order/12/refund').at(-1)?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ method: 'transfer', shipping: true, iban: 'PT50000201231234567890154', lines: [{ item_id: 1, quantity: 2 }, { item_id: 2, quantity: 1 }] });
    const list = await screen.findByRole('list', { name: 'Reembolsos da encomenda' });
    expect(list.textContent).toMatch(/37,00\s€/);
    expect(list.textContent).toContain('Transferência bancária');
    expect(list.textContent).toContain('Nota de crédito por emitir.');
    expect(screen.queryByRole('button', { name: 'Reembolsar' })).toBeNull();
  });
});

describe('a paid order', () => {
  it('keeps its items as paid (refunds give them back), and still saves the rest of the form', async () => {
    let current = orderFactory({ paid_at: '2026-11-20T10:00:00.000Z', status: 'processing', user_id: 2 });
    const calls = serveOrder(
      () => current,
      (call) => {
        if (call.method === 'PUT' && call.path === '/order/12') {
          current = { ...current, phone: '934444555' };
          return { status: 200, body: current };
        }
        return undefined;
      },
    );
    renderOrderRoutes('/admin-dashboard/edit-order/12');
    expect(await screen.findByText('Encomenda paga: os artigos ficam como foram pagos. Para devolver artigos, use Reembolsar, abaixo.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Adicionar produto/ }).matches(':disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Telefone'), { target: { value: '934444555' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = calls.find((c) => c.method === 'PUT')?.body as { items: unknown[]; phone: string };
    expect(body.phone).toBe('934444555');
    expect(body.items).toEqual([
      { product_id: 5, quantity: 2 },
      { product_id: 7, variant_id: 31, quantity: 1 },
    ]);
  });
});

describe('Faturas por emitir', () => {
  it('shows what the provider could not issue, with its message and a retry', async () => {
    let documents = [{ kind: 'invoice_receipt', order_id: 40, refund_id: null, email: 'rui@example.pt', amount: 19.9, since: '2026-11-21T10:00:00.000Z', error: 'InvoiceXpress respondeu 422: Fiscal ID is invalid' }];
    const calls = fakeApi(admin, ({ method, path }) => {
      if (method === 'GET' && path === '/order') return { status: 200, body: orderPage([]) };
      if (method === 'GET' && path === '/payment/alerts') return { status: 200, body: [] };
      if (method === 'GET' && path === '/order/refunds') return { status: 200, body: { refunds: [] } };
      if (method === 'GET' && path === '/invoice/pending') return { status: 200, body: { provider: 'invoicexpress', documents } };
      if (method === 'POST' && path === '/order/40/invoice/retry') {
        documents = [];
        return { status: 200, body: { message: 'Vamos tentar emitir o documento de novo.' } };
      }
      return undefined;
    });
    renderOrderRoutes('/admin-dashboard?tab=encomendas');
    const heading = await screen.findByRole('heading', { name: 'Faturas por emitir (1)' });
    const box = heading.closest('.alert') as HTMLElement;
    expect(box.textContent).toMatch(/Fatura-recibo da encomenda n\.º 40: 19,90\s€, rui@example\.pt/);
    expect(box.textContent).toContain('InvoiceXpress respondeu 422: Fiscal ID is invalid');
    fireEvent.click(within(box).getByRole('button', { name: 'Tentar de novo' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: /Faturas por emitir/ })).toBeNull());
    expect(calls.some((c) => c.method === 'POST' && c.path === '/order/40/invoice/retry')).toBe(true);
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


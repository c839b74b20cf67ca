// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatEuros } from '#shared/money.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { customer, failure, fakeApi, orderFactory, renderOrders } from './orders-test-utils.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Cell and definition texts hold the no-break space of the pt-PT currency format: compare text contents. */
const texts = (root: HTMLElement, selector: string) => [...root.querySelectorAll(selector)].map((el) => el.textContent);

/** A fake server holding one order that the customer may cancel while it is pending or processing. */
function orderServer(initial: Order, cancelAnswer?: () => { status: number; body?: unknown }) {
  let order = initial;
  return fakeApi(customer, ({ method, path }) => {
    if (method === 'GET' && path === `/order/${order.id}`) return { status: 200, body: order };
    if (method === 'PUT' && path === `/order/${order.id}/cancel`) {
      if (cancelAnswer) return cancelAnswer();
      order = { ...order, status: 'cancelled' };
      return { status: 200, body: order };
    }
    return undefined;
  });
}

describe('my order page', () => {
  it('shows the order: status, date, payment, items, totals, address and phone', async () => {
    orderServer(orderFactory({ status: 'processing', payment_method: 'mbway' }));
    renderOrders('/minhas-encomendas/12');
    expect((await screen.findByText('Em Processamento')).className).toContain('bg-info');
    expect(screen.getByRole('heading', { level: 1, name: 'Encomenda n.º 12' })).toBeTruthy();
    expect(screen.getByText('MB WAY')).toBeTruthy();
    expect(document.querySelector('time')?.getAttribute('dateTime')).toBe('2025-03-05T12:00:00.000Z');

    const items = screen.getByRole('table');
    const caixa = within(items).getByRole('row', { name: /Caixa organizadora/ });
    expect(texts(caixa, 'td')).toEqual(['2', formatEuros(12.5), formatEuros(25)]);
    expect(within(caixa).getByRole('link', { name: 'Caixa organizadora' }).getAttribute('href')).toBe('/produtos/5');
    const agenda = within(items).getByRole('row', { name: /Agenda/ });
    expect(within(agenda).getByText('Variante: A5')).toBeTruthy();
    expect(texts(agenda, 'td')).toEqual(['1', formatEuros(6), formatEuros(6)]);

    const summary = screen.getByRole('heading', { name: 'Resumo' }).parentElement!;
    expect(texts(summary, 'dt')).toEqual(['Subtotal', 'Portes', 'IVA (23%) incluído', 'Total']);
    expect(texts(summary, 'dd')).toEqual([formatEuros(31), formatEuros(6), formatEuros(6.92), formatEuros(37)]);
    expect(screen.getByText('Maria Silva, Rua das Flores 10, Lisboa, 1000-100, Portugal')).toBeTruthy();
    expect(screen.getByRole('link', { name: '912345678' }).getAttribute('href')).toBe('tel:912345678');
    expect(screen.getAllByRole('link', { name: 'Voltar às minhas encomendas' })[0]?.getAttribute('href')).toBe('/minhas-encomendas');
    expect(screen.getByRole('button', { name: 'Cancelar encomenda' })).toBeTruthy();
  });

  it('says who the invoice is made out to: the NIF and company given, or Consumidor final (issue #16)', async () => {
    orderServer(orderFactory({ nif: '501964843', company: 'Arrumações Lda.' }));
    renderOrders('/minhas-encomendas/12');
    expect(await screen.findByText('NIF 501964843 (Arrumações Lda.)')).toBeTruthy();
    cleanup();
    orderServer(orderFactory());
    renderOrders('/minhas-encomendas/12');
    expect(await screen.findByText('Consumidor final')).toBeTruthy();
  });

  it('links the invoice-receipt and each refund with its credit note, as PDFs through the shop (issue #16)', async () => {
    const document = (id: number, label: string) => ({ id, label, number: label.split(' ').at(-1) ?? '', pdf_url: `/order/12/documents/${id}/pdf` });
    orderServer(
      orderFactory({
        paid_at: '2026-11-20T10:00:00.000Z',
        status: 'processing',
        invoice: document(3, 'Fatura-recibo FR A/7'),
        refunds: [
          { id: 1, amount: 12.5, shipping: 0, method: 'mbway', status: 'settled', created_at: '2026-11-21T10:00:00.000Z', lines: [{ item_id: 1, quantity: 1 }], credit_note: document(4, 'Nota de crédito NC B/2') },
          { id: 2, amount: 6, shipping: 6, method: 'transfer', status: 'settled', created_at: '2026-11-22T10:00:00.000Z', lines: [], credit_note: null },
        ],
      }),
    );
    renderOrders('/minhas-encomendas/12');
    const section = (await screen.findByRole('heading', { name: 'Faturas e reembolsos' })).closest('.card') as HTMLElement;
    const invoice = within(section).getByRole('link', { name: /Fatura-recibo FR A\/7/ });
    expect(invoice.getAttribute('href')).toBe('/api/order/12/documents/3/pdf');
    expect(within(section).getByRole('link', { name: /Nota de crédito NC B\/2/ }).getAttribute('href')).toBe('/api/order/12/documents/4/pdf');
    expect(section.textContent).toMatch(/Reembolso de 12,50\s€ \(MB WAY\) em 21 de novembro de 2026/);
    expect(section.textContent).toContain('a loja envia-lhe a nota de crédito por e-mail');
  });

  it("shows free shipping as 'Grátis' and no cancel button once shipped", async () => {
    orderServer(orderFactory({ status: 'shipped', shipping_cost: 0, total_price_with_tax: 31 }));
    renderOrders('/minhas-encomendas/12');
    expect(await screen.findByText('Enviada')).toBeTruthy();
    expect(screen.getByText('Enviada').className).toContain('bg-primary');
    expect(screen.getByText('Grátis')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancelar encomenda' })).toBeNull();
  });

  it('says why a paid order with a delivered digital product cannot be cancelled, instead of offering it', async () => {
    const reason = 'Esta encomenda inclui um produto digital já entregue e não pode ser cancelada.';
    orderServer(orderFactory({ status: 'processing', paid_at: '2026-11-20T10:00:00.000Z', cancellable: false, cancel_block_reason: reason }));
    renderOrders('/minhas-encomendas/12');
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancelar encomenda' })).toBeNull();
  });

  // One wording for refunds (issue #25), the documents list's: "Reembolso de X …".
  it('a cancelled paid order says the refund is coming, then when it was made', async () => {
    orderServer(orderFactory({ status: 'cancelled', paid_at: '2026-11-20T10:00:00.000Z', refund_due: 37, refunded_at: null, cancellable: false }));
    renderOrders('/minhas-encomendas/12');
    expect(await screen.findByText(/^Vamos devolver-lhe 37,00\s€ pelo mesmo meio de pagamento e avisamos quando o reembolso estiver feito\.$/)).toBeTruthy();
    cleanup();
    orderServer(orderFactory({ status: 'cancelled', refund_due: 37, refunded_at: '2026-11-22T10:00:00.000Z', cancellable: false }));
    renderOrders('/minhas-encomendas/12');
    expect(await screen.findByText(/^Reembolso de 37,00\s€ feito em 22 de novembro de 2026\.$/)).toBeTruthy();
  });

  it('a partial refund says what went back and what is still owed, never the whole amount as if none had (issue #25)', async () => {
    const refund = { id: 3, amount: 16.9, shipping: 0, method: 'mbway' as const, status: 'settled' as const, created_at: '2026-11-23T10:00:00.000Z', lines: [], credit_note: null };
    orderServer(
      orderFactory({ status: 'cancelled', paid_at: '2026-11-20T10:00:00.000Z', total_price_with_tax: 22.9, refund_due: 22.9, refunded_at: null, refunds: [refund], refunded_total: 16.9, cancellable: false }),
    );
    renderOrders('/minhas-encomendas/12');
    expect(await screen.findByText(/^Reembolso de 16,90\s€ feito\. Vamos devolver-lhe os restantes 6,00\s€ \(de 22,90\s€\) pelo mesmo meio de pagamento e avisamos quando o reembolso estiver feito\.$/)).toBeTruthy();
    expect(screen.getByText(/^Reembolso de 16,90\s€ \(MB WAY\) em 23 de novembro de 2026/)).toBeTruthy();
    expect(screen.queryByText(/O reembolso de 22,90/)).toBeNull();
    const timeline = screen.getByRole('list', { name: 'Estado da encomenda' });
    expect(within(timeline).getByText('Reembolso por fazer')).toBeTruthy();
  });

  it('cancels after confirmation and reloads the order', async () => {
    const calls = orderServer(orderFactory());
    renderOrders('/minhas-encomendas/12');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar encomenda' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar encomenda' });
    expect(within(dialog).getByText('Tem a certeza que deseja cancelar esta encomenda?')).toBeTruthy();

    // 'Não' closes without cancelling.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Não' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Cancelar encomenda' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sim, cancelar' }));
    expect(await screen.findByText('Encomenda cancelada.')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Cancelada').className).toContain('bg-danger'));
    expect(screen.queryByRole('button', { name: 'Cancelar encomenda' })).toBeNull();
    // The order calls (the payment panel asks /payment/order/12 beside them).
    const orderCalls = calls.filter((c) => c.path.startsWith('/order/') && !c.path.endsWith('/withdrawal'));
    expect(orderCalls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /order/12', 'PUT /order/12/cancel', 'GET /order/12']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's message when the order can no longer be cancelled, and reloads it", async () => {
    let status: Order['status'] = 'processing';
    const calls = fakeApi(customer, ({ method, path }) => {
      if (method === 'GET' && path === '/order/12') return { status: 200, body: orderFactory({ status }) };
      if (method === 'PUT') {
        status = 'shipped';
        return failure(409, 'Esta encomenda já não pode ser cancelada.', 'CONFLICT');
      }
      return undefined;
    });
    renderOrders('/minhas-encomendas/12');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar encomenda' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sim, cancelar' }));
    expect(await screen.findByText('Esta encomenda já não pode ser cancelada.')).toBeTruthy();
    expect(await screen.findByText('Enviada')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancelar encomenda' })).toBeNull();
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/order/12')).toHaveLength(2);
  });

  it('falls back to the cancel message when the server gives none', async () => {
    orderServer(orderFactory(), () => ({ status: 500 }));
    renderOrders('/minhas-encomendas/12');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar encomenda' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sim, cancelar' }));
    expect(await screen.findByText('Não foi possível cancelar a encomenda. Por favor tente novamente mais tarde.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancelar encomenda' })).toBeTruthy();
  });

  it("says 'Encomenda não encontrada.' for someone else's order, with a way back", async () => {
    fakeApi(customer, ({ path }) => (path === '/order/99' ? failure(404, 'Encomenda não encontrada.', 'NOT_FOUND') : undefined));
    renderOrders('/minhas-encomendas/99');
    expect(await screen.findByText('Encomenda não encontrada.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Encomenda não encontrada' })).toBeTruthy();
    const back = screen.getAllByRole('link', { name: 'Voltar às minhas encomendas' });
    expect(back.every((link) => link.getAttribute('href') === '/minhas-encomendas')).toBe(true);
  });

  it('does not ask the server about an id that is not a number', async () => {
    const calls = fakeApi(customer);
    renderOrders('/minhas-encomendas/abc');
    expect(await screen.findByText('Encomenda não encontrada.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows the load error with a retry', async () => {
    let fail = true;
    fakeApi(customer, ({ path }) => (path === '/order/12' ? (fail ? failure(500, 'x') : { status: 200, body: orderFactory() }) : undefined));
    renderOrders('/minhas-encomendas/12');
    expect(await screen.findByText('Não foi possível carregar os detalhes da encomenda. Por favor tente novamente mais tarde.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it('sends a visitor to /login', async () => {
    fakeApi(null);
    renderOrders('/minhas-encomendas/12');
    expect(await screen.findByText('Página de login')).toBeTruthy();
  });
});

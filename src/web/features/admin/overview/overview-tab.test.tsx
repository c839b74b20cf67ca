// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { overviewMessages } from '#shared/schemas/overview.ts';
import { overviewFactory } from '../../../test/factories.ts';
import { admin, fakeApi, renderAdmin } from '../admin-test-utils.tsx';

// jsdom draws no canvas: the chart is left out (its figures are in the table the tests read).
beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim();
/** A table row as its cells' texts, "a | b | c". */
const cells = (row: Element) => [...row.children].map(text).join(' | ');

describe('Resumo', () => {
  it('shows the takings against the periods before, what needs the owner, low stock and best sellers', async () => {
    fakeApi(admin, ({ path }) => (path === '/overview' ? { status: 200, body: overviewFactory() } : undefined));
    renderAdmin('/admin-dashboard?tab=resumo');
    const today = (await screen.findByRole('heading', { name: 'Recebido hoje' })).closest('.card');
    expect(text(today)).toContain('123,00 €');
    expect(text(today)).toContain('100,00 € sem IVA · 2 encomendas pagas');
    // What went back today comes off what reached the bank.
    expect(text(today)).toContain('Reembolsado24,60 €Líquido98,40 €');
    expect(text(today)).toContain('+100% face a ontem (61,50 €)');
    expect(text(screen.getByRole('heading', { name: 'Últimos 7 dias' }).closest('.card'))).toContain('Sem vendas nos 7 dias anteriores');
    expect(text(screen.getByRole('heading', { name: 'Últimos 30 dias' }).closest('.card'))).toContain('-25% face aos 30 dias anteriores');

    const attention = screen.getByRole('region', { name: 'A precisar de atenção' });
    expect(text(attention)).toContain('Multibanco: 1 encomenda, 18,45 €');
    expect(text(attention)).toContain('MB WAY: 1 encomenda, 9,90 €');
    expect(text(attention)).toContain('1 de 3 no período');
    expect(within(attention).getByText('Recuperadas no período').nextElementSibling?.textContent).toMatch(/^2 encomendas, 45,90\s€$/);
    expect(within(attention).getByRole('link', { name: /^1 encomenda, 20,75\s€$/ }).getAttribute('href')).toBe('/admin-dashboard?tab=encomendas');
    expect(within(attention).getByText('Faturas por emitir').nextElementSibling?.textContent).toBe('Nenhuma');

    const low = screen.getByRole('region', { name: 'Stock baixo (até 3 unidades)' });
    expect(within(low).getByRole('link', { name: 'Etiquetas' }).getAttribute('href')).toBe('/admin-dashboard/edit-product/7');
    const best = screen.getByRole('region', { name: 'Mais vendidos (últimos 30 dias)' });
    expect(cells(within(best).getByRole('row', { name: /Etiquetas/ }))).toBe('Etiquetas | 6 | 36,90 €');

    // The chart's figures, as a table: the days with sales, newest first, and the total.
    const table = screen.getByRole('table', { name: 'Recebido e encomendas pagas por dia (só os dias com vendas)' });
    const rows = within(table).getAllByRole('row').map(cells);
    expect(rows).toEqual(['Dia | Encomendas pagas | Recebido (com IVA)', '25 de novembro de 2026 | 2 | 123,00 €', '24 de novembro de 2026 | 1 | 61,50 €', 'Total | 3 | 184,50 €']);
  });

  it('says no VAT anywhere for a shop under the art. 53.º exemption, and shows its turnover meter', async () => {
    const meter = { year: 2026, invoicedCents: 1_250_000, limitCents: 1_500_000, ceilingCents: 1_875_000, level: 'near' as const, message: 'Faltam 2 500,00 €.' };
    fakeApi(admin, ({ path }) => (path === '/overview' ? { status: 200, body: { ...overviewFactory(), vat: { exempt: true, meter } } } : undefined));
    renderAdmin('/admin-dashboard?tab=resumo');
    const today = (await screen.findByRole('heading', { name: 'Recebido hoje' })).closest('.card');
    expect(text(today)).toContain('123,00 €');
    expect(text(document.body)).not.toMatch(/IVA\)|sem IVA/);
    const best = screen.getByRole('region', { name: 'Mais vendidos (últimos 30 dias)' });
    expect(within(best).getAllByRole('columnheader').map(text)).toEqual(['Produto', 'Unidades', 'Vendido']);
    const table = screen.getByRole('table', { name: 'Recebido e encomendas pagas por dia (só os dias com vendas)' });
    expect(within(table).getAllByRole('columnheader').map(text)).toEqual(['Dia', 'Encomendas pagas', 'Recebido']);
    expect(screen.getByRole('heading', { name: 'Isenção de IVA (art. 53.º): faturado em 2026' })).toBeTruthy();
    expect(screen.getByText('Faltam 2 500,00 €.')).toBeTruthy();
  });

  it('shows what the discount codes gave in the period, or that none was used (decision 0054)', async () => {
    let discounts = { count: 3, cents: 1230 };
    fakeApi(admin, ({ path }) => (path === '/overview' ? { status: 200, body: overviewFactory({ discounts }) } : undefined));
    renderAdmin('/admin-dashboard?tab=resumo');
    const panel = await screen.findByRole('region', { name: 'Códigos de desconto (últimos 30 dias)' }, { timeout: 5000 });
    expect(text(panel)).toBe('Códigos de desconto (últimos 30 dias)Encomendas pagas com código3Descontado (portes oferecidos incluídos)12,30 €Ver os códigos');
    expect(within(panel).getByRole('link', { name: 'Ver os códigos' }).getAttribute('href')).toBe('/admin-dashboard?tab=descontos');
    cleanup();

    discounts = { count: 0, cents: 0 };
    renderAdmin('/admin-dashboard?tab=resumo');
    const none = await screen.findByRole('region', { name: 'Códigos de desconto (últimos 30 dias)' }, { timeout: 5000 });
    expect(within(none).getByText('Nenhuma encomenda paga com código de desconto.')).toBeTruthy();
    expect(text(none)).not.toContain('€');
  });

  it('reads another period when the owner chooses it, and keeps it in the address', async () => {
    const calls = fakeApi(admin, ({ path, query }) =>
      path === '/overview' ? { status: 200, body: overviewFactory({}, Number(query.get('days'))) } : undefined,
    );
    const { router } = renderAdmin('/admin-dashboard?tab=resumo');
    fireEvent.change(await screen.findByLabelText('Período'), { target: { value: '365' } });
    await waitFor(() => expect(calls.some((c) => c.path === '/overview' && c.query.get('days') === '365')).toBe(true));
    expect(router.state.location.search).toBe('?tab=resumo&dias=365');
    expect(await screen.findByRole('region', { name: 'Mais vendidos (últimos 12 meses)' })).toBeTruthy();
  });

  it('saves the low-stock level, and will not send one that is not a number of units', async () => {
    let threshold = 3;
    const calls = fakeApi(admin, ({ method, path, body }) => {
      if (path === '/overview' && method === 'GET') return { status: 200, body: overviewFactory({ lowStock: { threshold, items: [] } }) };
      if (path === '/overview/settings' && method === 'PUT') {
        threshold = (body as { lowStockThreshold: number }).lowStockThreshold;
        return { status: 200, body: { message: overviewMessages.thresholdSaved } };
      }
      return undefined;
    });
    renderAdmin('/admin-dashboard?tab=resumo');
    const input = await screen.findByLabelText('Stock baixo: até quantas unidades?');
    expect(screen.getByText('Nenhum produto com stock baixo.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '-2' } });
    expect(screen.getByText(overviewMessages.threshold)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Guardar' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('region', { name: 'Stock baixo (até 5 unidades)' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ lowStockThreshold: 5 }]);
  });

  it('turns on the e-mail of each new order, and says where the paid ones go', async () => {
    let newOrders = false;
    const calls = fakeApi(admin, ({ method, path, body }) => {
      if (path === '/overview' && method === 'GET') return { status: 200, body: overviewFactory({ ownerMail: { newOrders, to: 'dona@loja.pt' } }) };
      if (path === '/overview/settings' && method === 'PUT') {
        newOrders = (body as { mailNewOrders: boolean }).mailNewOrders;
        return { status: 200, body: { message: overviewMessages.newOrdersOn } };
      }
      return undefined;
    });
    renderAdmin('/admin-dashboard?tab=resumo');
    const panel = await screen.findByRole('region', { name: 'E-mails para a loja' });
    expect(text(panel)).toContain('Cada encomenda paga é enviada para dona@loja.pt');
    const toggle = within(panel).getByRole('checkbox', { name: 'Receber também cada encomenda nova, ainda por pagar' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe(overviewMessages.newOrdersOn));
    await waitFor(() => expect((within(panel).getByRole('checkbox') as HTMLInputElement).checked).toBe(true));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ mailNewOrders: true }]);
  });

  it('says so when the figures cannot be read, and tries again', async () => {
    let fail = true;
    fakeApi(admin, ({ path }) => {
      if (path !== '/overview') return undefined;
      return fail ? { status: 500, body: { message: 'x', error: 'x', code: 'INTERNAL' } } : { status: 200, body: overviewFactory() };
    });
    renderAdmin('/admin-dashboard?tab=resumo');
    expect(await screen.findByText('Não foi possível carregar o resumo da loja.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Recebido hoje' })).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DiscountCode, discountMessages } from '#shared/schemas/discounts.ts';
import type { FakeCall } from '../../../test/harness.tsx';
import { admin, fakeApi, renderAdmin } from '../admin-test-utils.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const code = (id: number, overrides: Partial<DiscountCode> = {}): DiscountCode => ({
  id,
  code: `CODIGO${id}`,
  kind: 'percent',
  value: 10,
  min_order: null,
  starts_at: null,
  ends_at: null,
  max_uses: null,
  max_uses_per_customer: null,
  active: true,
  uses: 0,
  ...overrides,
});

const verao = code(1, { code: 'VERAO10', starts_at: '2026-06-01', ends_at: '2026-08-31', max_uses: 50, uses: 3, max_uses_per_customer: 1 });
const cinco = code(2, { code: 'CINCO', kind: 'fixed', value: 5, min_order: 30, active: false });
const portes = code(3, { code: 'PORTES', kind: 'free_shipping', value: 0, uses: 7 });

const TAB = '/admin-dashboard?tab=descontos';
const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;
const texts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent?.replace(/\s/g, ' '));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET');

/** The tab's server: the stored codes, and `post` answering a create. */
function serve(stored: DiscountCode[], post?: (call: FakeCall) => { status: number; body: unknown }) {
  return fakeApi(admin, (call) => {
    if (call.method === 'GET' && call.path === '/discount-code') return { status: 200, body: { codes: stored } };
    if (call.method === 'POST' && call.path === '/discount-code') return post?.(call);
    if (call.method === 'DELETE' && call.path.startsWith('/discount-code/')) {
      const id = Number(call.path.split('/').at(-1));
      stored.splice(
        stored.findIndex((c) => c.id === id),
        1,
      );
      return { status: 200, body: { message: discountMessages.deleted } };
    }
    return undefined;
  });
}

describe('Códigos de desconto tab', () => {
  it('lists each code with what it gives, its terms, its uses and its state', async () => {
    serve([verao, cinco, portes]);
    renderAdmin(TAB);
    await screen.findByRole('cell', { name: 'VERAO10' }, { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 2, name: 'Códigos de desconto' })).toBeTruthy();
    expect(texts(rowOf('VERAO10')).slice(0, 5)).toEqual(['VERAO10', '10%Percentagem', 'de 1 de junho de 2026 até 31 de agosto de 20261 por cliente', '3 de 50', 'Ativo']);
    expect(texts(rowOf('CINCO')).slice(0, 5)).toEqual(['CINCO', '5,00 €Valor fixo', 'Sem datasMínimo 30,00 €', '0', 'Inativo']);
    expect(texts(rowOf('PORTES')).slice(0, 5)).toEqual(['PORTES', 'Portes grátisPortes grátis', 'Sem datas', '7', 'Ativo']);
    expect(within(rowOf('CINCO')).getByRole('button', { name: /^Ativar\s?CINCO$/ })).toBeTruthy();
    expect(within(rowOf('VERAO10')).getByRole('button', { name: /^Desativar\s?VERAO10$/ })).toBeTruthy();
  });

  it('says when there are no codes', async () => {
    serve([]);
    renderAdmin(TAB);
    expect(await screen.findByText('Ainda não há códigos de desconto.', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("creates a code: the body sent; the server's refusals stand at their fields", async () => {
    const stored: DiscountCode[] = [];
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: { error: discountMessages.codeTaken, message: discountMessages.codeTaken, fields: { code: discountMessages.codeTaken } },
    };
    const calls = serve(stored, () => answer);
    renderAdmin(TAB);
    fireEvent.click(await screen.findByRole('button', { name: 'Novo código de desconto' }, { timeout: 5000 }));
    const form = screen.getByRole('form', { name: 'Novo código de desconto' });
    // A new code starts as an active 10 %.
    expect(screen.getByLabelText<HTMLSelectElement>('Tipo').value).toBe('percent');
    expect(screen.getByLabelText<HTMLInputElement>('Percentagem (%)').value).toBe('10');
    expect(screen.getByLabelText<HTMLInputElement>('Ativo (aceite no carrinho e no checkout)').checked).toBe(true);

    type('Código', 'natal15');
    type('Percentagem (%)', '15');
    type('Encomenda mínima (€)', '25,50');
    type('Válido até (inclusive)', '2026-12-24');
    type('Usos no total', '100');
    type('Usos por cliente', '1');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));

    // The code's own field says why; nothing is listed.
    await waitFor(() => expect(screen.getByLabelText('Código').getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getAllByText(discountMessages.codeTaken).length).toBeGreaterThan(0);
    expect(writes(calls).map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'POST',
        '/discount-code',
        { code: 'natal15', kind: 'percent', value: '15', min_order: '25,50', starts_at: '', ends_at: '2026-12-24', max_uses: '100', max_uses_per_customer: '1', active: true },
      ],
    ]);

    answer = { status: 400, body: { error: discountMessages.percent, message: discountMessages.percent, fields: { value: discountMessages.percent } } };
    type('Código', 'NATAL15B');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.getByLabelText('Percentagem (%)').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText('Código').getAttribute('aria-invalid')).not.toBe('true');
    expect(within(form).getAllByText(discountMessages.percent).length).toBeGreaterThan(0);

    answer = { status: 201, body: code(9, { code: 'NATAL15B', value: 15 }) };
    stored.push(code(9, { code: 'NATAL15B', value: 15, min_order: 25.5, ends_at: '2026-12-24', max_uses: 100, max_uses_per_customer: 1 }));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Código de desconto criado.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Novo código de desconto' })).toBeNull();
    expect(await screen.findByRole('cell', { name: 'NATAL15B' })).toBeTruthy();
    expect(texts(rowOf('NATAL15B')).slice(0, 4)).toEqual(['NATAL15B', '15%Percentagem', 'até 24 de dezembro de 2026Mínimo 25,50 €1 por cliente', '0 de 100']);
    expect(writes(calls)).toHaveLength(3);
  });

  it('deletes a code only after the confirmation naming it', async () => {
    const stored = [verao, cinco];
    const calls = serve(stored);
    renderAdmin(TAB);
    fireEvent.click(within(await screen.findByRole('row', { name: /CINCO/ }, { timeout: 5000 })).getByRole('button', { name: /^Eliminar\s?CINCO$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Eliminar o código «CINCO»\? As encomendas que o usaram guardam o desconto que tiveram\./)).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(discountMessages.deleted)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'CINCO' })).toBeNull());
    expect(screen.getByRole('cell', { name: 'VERAO10' })).toBeTruthy();
    expect(writes(calls).map((c) => [c.method, c.path])).toEqual([['DELETE', '/discount-code/2']]);
  });
});

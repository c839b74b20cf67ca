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

/** The tab's server: the stored codes, `post` answering a create and `put` an update. */
function serve(stored: DiscountCode[], post?: (call: FakeCall) => { status: number; body: unknown }, put?: (call: FakeCall) => { status: number; body: unknown }) {
  return fakeApi(admin, (call) => {
    if (call.method === 'GET' && call.path === '/discount-code') return { status: 200, body: { codes: stored } };
    if (call.method === 'POST' && call.path === '/discount-code') return post?.(call);
    if (call.method === 'PUT' && call.path.startsWith('/discount-code/')) return put?.(call);
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

  /** A server that stores what a PUT sends (the answer as the API gives it: numbers, not the form's text), or refuses with `refusal`. */
  const storing = (stored: DiscountCode[], refusal: () => { status: number; body: unknown } | null) => (call: FakeCall) => {
    const refused = refusal();
    if (refused) return refused;
    const id = Number(call.path.split('/').at(-1));
    const body = call.body as Record<string, unknown>;
    const index = stored.findIndex((c) => c.id === id);
    const before = stored[index] as DiscountCode;
    stored[index] = { ...before, code: String(body.code).toUpperCase(), value: Number(String(body.value).replace(',', '.')), active: Boolean(body.active) };
    return { status: 200, body: stored[index] };
  };

  it("edits a code's value: the form holds the code as stored, the body sent, the row changed, the form closed", async () => {
    const stored = [verao, cinco];
    const calls = serve(stored, undefined, storing(stored, () => null));
    renderAdmin(TAB);
    fireEvent.click(within(await screen.findByRole('row', { name: /VERAO10/ }, { timeout: 5000 })).getByRole('button', { name: /^Editar\s?VERAO10$/ }));
    const form = screen.getByRole('form', { name: 'Editar «VERAO10»' });
    expect(screen.getByLabelText<HTMLInputElement>('Código').value).toBe('VERAO10');
    expect(screen.getByLabelText<HTMLInputElement>('Percentagem (%)').value).toBe('10');
    expect(screen.getByLabelText<HTMLInputElement>('Válido a partir de').value).toBe('2026-06-01');
    expect(screen.getByLabelText<HTMLInputElement>('Válido até (inclusive)').value).toBe('2026-08-31');
    expect(screen.getByLabelText<HTMLInputElement>('Usos no total').value).toBe('50');
    expect(screen.getByRole('button', { name: 'Novo código de desconto' }).hasAttribute('disabled')).toBe(true);

    type('Percentagem (%)', '20');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Código de desconto guardado.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Editar «VERAO10»' })).toBeNull();
    // Only the fresh list says 20 %: the row before the save said 10 %.
    await waitFor(() => expect(texts(rowOf('VERAO10')).slice(0, 2)).toEqual(['VERAO10', '20%Percentagem']));
    expect(texts(rowOf('CINCO')).slice(0, 2)).toEqual(['CINCO', '5,00 €Valor fixo']);
    expect(writes(calls).map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'PUT',
        '/discount-code/1',
        { code: 'VERAO10', kind: 'percent', value: '20', min_order: '', starts_at: '2026-06-01', ends_at: '2026-08-31', max_uses: 50, max_uses_per_customer: 1, active: true },
      ],
    ]);
  });

  it("keeps the form open with the server's refusal at its field when an edit is refused, the list unchanged", async () => {
    const stored = [verao, cinco];
    const taken = { status: 409, body: { error: discountMessages.codeTaken, message: discountMessages.codeTaken, fields: { code: discountMessages.codeTaken } } };
    const calls = serve(stored, undefined, storing(stored, () => taken));
    renderAdmin(TAB);
    fireEvent.click(within(await screen.findByRole('row', { name: /VERAO10/ }, { timeout: 5000 })).getByRole('button', { name: /^Editar\s?VERAO10$/ }));
    const form = screen.getByRole('form', { name: 'Editar «VERAO10»' });
    type('Código', 'cinco');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.getByLabelText('Código').getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getAllByText(discountMessages.codeTaken).length).toBeGreaterThan(0);
    expect(screen.getByRole('form', { name: 'Editar «VERAO10»' })).toBeTruthy();
    expect(screen.queryByText('Código de desconto guardado.')).toBeNull();
    expect(texts(rowOf('VERAO10')).slice(0, 2)).toEqual(['VERAO10', '10%Percentagem']);
    expect(writes(calls)).toHaveLength(1);
  });

  it('deactivates and reactivates a code: the whole code sent with its new state, the row and the button follow', async () => {
    const stored = [verao, cinco];
    const calls = serve(stored, undefined, storing(stored, () => null));
    renderAdmin(TAB);
    fireEvent.click(within(await screen.findByRole('row', { name: /VERAO10/ }, { timeout: 5000 })).getByRole('button', { name: /^Desativar\s?VERAO10$/ }));
    expect(await screen.findByText('Código VERAO10 desativado.')).toBeTruthy();
    await waitFor(() => expect(texts(rowOf('VERAO10'))[4]).toBe('Inativo'));
    const sent = { code: 'VERAO10', kind: 'percent', value: 10, min_order: null, starts_at: '2026-06-01', ends_at: '2026-08-31', max_uses: 50, max_uses_per_customer: 1 };
    expect(writes(calls).map((c) => [c.method, c.path, c.body])).toEqual([['PUT', '/discount-code/1', { ...sent, active: false }]]);

    fireEvent.click(await within(rowOf('VERAO10')).findByRole('button', { name: /^Ativar\s?VERAO10$/ }));
    expect(await screen.findByText('Código VERAO10 ativado.')).toBeTruthy();
    await waitFor(() => expect(texts(rowOf('VERAO10'))[4]).toBe('Ativo'));
    expect(within(rowOf('VERAO10')).getByRole('button', { name: /^Desativar\s?VERAO10$/ })).toBeTruthy();
    expect(writes(calls).map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', '/discount-code/1', { ...sent, active: false }],
      ['PUT', '/discount-code/1', { ...sent, active: true }],
    ]);
    // The other code was not touched.
    expect(texts(rowOf('CINCO'))[4]).toBe('Inativo');
  });

  it("says the server's refusal in pt-PT when a code cannot be (de)activated, and the row keeps its state", async () => {
    const stored = [verao, cinco];
    const gone = { status: 404, body: { error: discountMessages.notFound, message: discountMessages.notFound, code: 'NOT_FOUND' } };
    const calls = serve(stored, undefined, storing(stored, () => gone));
    renderAdmin(TAB);
    fireEvent.click(within(await screen.findByRole('row', { name: /CINCO/ }, { timeout: 5000 })).getByRole('button', { name: /^Ativar\s?CINCO$/ }));
    expect((await screen.findByText(discountMessages.notFound)).closest('.alert-danger')).toBeTruthy();
    expect(screen.queryByText('Código CINCO ativado.')).toBeNull();
    expect(texts(rowOf('CINCO'))[4]).toBe('Inativo');
    expect(writes(calls).map((c) => [c.method, c.path, (c.body as { active: boolean }).active])).toEqual([['PUT', '/discount-code/2', true]]);
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ShippingMethod, shippingMessages } from '#shared/schemas/shipping.ts';
import type { FakeCall } from '../../../test/harness.tsx';
import { admin, fakeApi, renderAdmin } from '../admin-test-utils.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const method = (id: number, overrides: Partial<ShippingMethod> = {}): ShippingMethod => ({
  id,
  zone: 'continente',
  name: `Método ${id}`,
  kind: 'flat',
  price: 4.5,
  bands: [],
  free_above: null,
  days_min: 2,
  days_max: 5,
  active: true,
  pickup_address: null,
  pickup_hours: null,
  ...overrides,
});

const ctt = method(1, { name: 'CTT Expresso', free_above: 70 });
const madeira = method(2, { zone: 'madeira', name: 'CTT Madeira', price: 9, days_min: 3, days_max: 7 });

const TAB = '/admin-dashboard?tab=envios';
const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET');
const zone = (name: string) => screen.getByRole('region', { name });

/** The tab's server: the stored methods (no zone abroad), `put` answering an update. */
function serve(stored: ShippingMethod[], put?: (call: FakeCall) => { status: number; body: unknown }) {
  return fakeApi(admin, (call) => {
    if (call.method === 'GET' && call.path === '/shipping-method') return { status: 200, body: { methods: stored } };
    // No zone abroad: the mainland's, Madeira's and the Azores' tables only.
    if (call.method === 'GET' && call.path === '/shipping-zone') return { status: 200, body: { zones: [] } };
    if (call.method === 'PUT' && call.path.startsWith('/shipping-method/')) return put?.(call);
    if (call.method === 'DELETE' && call.path.startsWith('/shipping-method/')) {
      const id = Number(call.path.split('/').at(-1));
      stored.splice(
        stored.findIndex((m) => m.id === id),
        1,
      );
      return { status: 200, body: { message: shippingMessages.deleted } };
    }
    return undefined;
  });
}

describe('Envios tab', () => {
  it("lists each zone's methods and says which zone has none", async () => {
    serve([ctt, madeira]);
    renderAdmin(TAB);
    await screen.findByRole('cell', { name: 'CTT Expresso Preço fixo' }, { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 2, name: 'Envios' })).toBeTruthy();
    expect(within(zone('Madeira e Porto Santo')).getByRole('cell', { name: 'CTT Madeira Preço fixo' })).toBeTruthy();
    expect(within(zone('Açores')).getByText('Sem métodos: esta zona não recebe encomendas com envio.')).toBeTruthy();
  });

  it('edits a method in place: the form holds its values, the body sent, the notice, the form closed; «Cancelar» sends nothing', async () => {
    const stored = [ctt, madeira];
    const calls = serve(stored, (call) => {
      stored[0] = method(1, { name: 'CTT Expresso 24h', free_above: 70 });
      return { status: 200, body: { ...stored[0], id: Number(call.path.split('/').at(-1)) } };
    });
    renderAdmin(TAB);
    fireEvent.click(await screen.findByRole('button', { name: /^Editar\s?CTT Madeira \(Madeira e Porto Santo\)$/ }, { timeout: 5000 }));
    expect(screen.getByRole('form', { name: 'Editar «CTT Madeira»' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Novo método de envio' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('form')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /^Editar\s?CTT Expresso \(Portugal continental\)$/ }));
    const form = screen.getByRole('form', { name: 'Editar «CTT Expresso»' });
    expect(screen.getByLabelText<HTMLInputElement>('Grátis a partir de (€)').value).toBe('70');
    fireEvent.change(screen.getByLabelText('Nome (como o cliente o vê)'), { target: { value: 'CTT Expresso 24h' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Método de envio guardado.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(await screen.findByRole('cell', { name: 'CTT Expresso 24h Preço fixo' })).toBeTruthy();
    expect(writes(calls).map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'PUT',
        '/shipping-method/1',
        { zone: 'continente', name: 'CTT Expresso 24h', kind: 'flat', price: '4,5', bands: [], free_above: '70', days_min: 2, days_max: 5, active: true, pickup_address: '', pickup_hours: '' },
      ],
    ]);
  });

  it('deletes a method only after the confirmation naming it', async () => {
    const calls = serve([ctt, madeira]);
    renderAdmin(TAB);
    fireEvent.click(await screen.findByRole('button', { name: /^Eliminar\s?CTT Madeira \(Madeira e Porto Santo\)$/ }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Eliminar «CTT Madeira»? As encomendas já feitas guardam o nome e os portes que pagaram.')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(shippingMessages.deleted)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'CTT Madeira Preço fixo' })).toBeNull());
    expect(writes(calls).map((c) => [c.method, c.path])).toEqual([['DELETE', '/shipping-method/2']]);
  });
});

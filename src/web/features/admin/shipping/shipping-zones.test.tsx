// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRESH_SHOP_METHODS } from '#shared/shipping.ts';
import { toShippingMethod, type ShippingMethod } from '#shared/schemas/shipping.ts';
import { type ShippingZoneAnswer, zoneMessages } from '#shared/schemas/zones.ts';
import type { FakeCall } from '../../../test/harness.tsx';
import { admin, fakeApi, renderAdmin } from '../admin-test-utils.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TAB = '/admin-dashboard?tab=envios';
const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET');
const spain: ShippingZoneAnswer = { id: 4, code: 'espanha', name: 'Espanha', countries: ['ES'], methods: 1 };

/** The tab's server: the stored methods and zones, `post` answering a zone's create. */
function serve(methods: ShippingMethod[], zones: ShippingZoneAnswer[], post?: (call: FakeCall) => { status: number; body: unknown }) {
  return fakeApi(admin, (call) => {
    if (call.method === 'GET' && call.path === '/shipping-method') return { status: 200, body: { methods } };
    if (call.method === 'GET' && call.path === '/shipping-zone') return { status: 200, body: { zones } };
    if (call.method === 'POST' && call.path === '/shipping-zone') return post?.(call);
    if (call.method === 'DELETE' && call.path === '/shipping-zone/4') {
      const message = zoneMessages.inUse.replace('{count}', '1');
      return { status: 409, body: { error: message, message, code: 'CONFLICT' } };
    }
    return undefined;
  });
}

describe('«Envios»: the zones the owner adds', () => {
  it('adds a zone with its countries: the body sent, a refusal at its field, then the zone listed with its own methods table', async () => {
    const zones: ShippingZoneAnswer[] = [];
    const taken = 'França já pertence à zona «Sul».';
    let answer: { status: number; body: unknown } = { status: 400, body: { error: taken, message: taken, code: 'INVALID', fields: { countries: taken } } };
    const calls = serve(FRESH_SHOP_METHODS.map(toShippingMethod), zones, () => answer);
    renderAdmin(TAB);
    expect(await screen.findByText(/A loja só envia para Portugal\./, undefined, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nova zona de envio' }));
    const form = screen.getByRole('form', { name: 'Nova zona de envio' });
    // Portugal is not offered: its zones come from the postcode.
    expect(within(form).queryByLabelText('Portugal (PT)')).toBeNull();

    // The shared rules first: nothing is sent without a code, a name and a country.
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar zona' }));
    expect(await within(form).findByText(zoneMessages.countries)).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Nome (como o cliente o vê)'), { target: { value: 'Espanha' } });
    fireEvent.change(within(form).getByLabelText('Código'), { target: { value: 'espanha' } });
    fireEvent.click(within(form).getByLabelText('Espanha (ES)'));
    fireEvent.click(within(form).getByLabelText('França (FR)'));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar zona' }));
    expect(await within(form).findAllByText(taken)).not.toHaveLength(0);
    expect(writes(calls).map((c) => [c.method, c.path, c.body])).toEqual([['POST', '/shipping-zone', { code: 'espanha', name: 'Espanha', countries: ['ES', 'FR'] }]]);

    fireEvent.click(within(form).getByLabelText('França (FR)'));
    answer = { status: 201, body: { ...spain, methods: 0 } };
    zones.push({ ...spain, methods: 0 });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar zona' }));
    expect(await screen.findByText('Zona de envio criada. Acrescente-lhe um método de envio.')).toBeTruthy();
    expect(writes(calls).at(-1)?.body).toEqual({ code: 'espanha', name: 'Espanha', countries: ['ES'] });
    expect(screen.queryByRole('form', { name: 'Nova zona de envio' })).toBeNull();
    expect(await screen.findByRole('heading', { level: 3, name: 'Espanha: Espanha (ES)' })).toBeTruthy();
    const row = screen.getByRole('cell', { name: /^Espanha\s*espanha$/ }).closest('tr') as HTMLElement;
    expect(within(row).getByRole('cell', { name: 'Espanha (ES)' })).toBeTruthy();

    // Its methods are added as Portugal's: the method form offers it.
    fireEvent.click(screen.getByRole('button', { name: 'Novo método de envio' }));
    const zone = screen.getByLabelText<HTMLSelectElement>('Zona');
    expect([...zone.options].map((o) => [o.value, o.textContent])).toEqual([
      ['continente', 'Portugal continental'],
      ['madeira', 'Madeira e Porto Santo'],
      ['acores', 'Açores'],
      ['espanha', 'Espanha'],
    ]);
  });

  it("shows the server's refusal to delete a zone that still has methods, and deletes nothing", async () => {
    const spainMethod = { ...toShippingMethod(FRESH_SHOP_METHODS[0]!), id: 9, zone: 'espanha', name: 'Correos' };
    const calls = serve([...FRESH_SHOP_METHODS.map(toShippingMethod), spainMethod], [spain]);
    renderAdmin(TAB);
    fireEvent.click(await screen.findByRole('button', { name: /^Eliminar\s?a zona Espanha$/ }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(dialog).findByText(zoneMessages.inUse.replace('{count}', '1'))).toBeTruthy();
    await waitFor(() => expect(writes(calls).map((c) => [c.method, c.path])).toEqual([['DELETE', '/shipping-zone/4']]));
    expect(screen.getByText('Correos')).toBeTruthy();
  });
});

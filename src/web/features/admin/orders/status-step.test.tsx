// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '#shared/schemas/orders.ts';
import { shippingMessages } from '#shared/schemas/shipping.ts';
import { failure, fakeApi, orderFactory, orderPage } from '../../orders/orders-test-utils.tsx';
import { admin } from '../admin-test-utils.tsx';
import { renderOrderRoutes } from './order-test-utils.tsx';

/* The orders list's step to "Enviada" asks the parcel's carrier and tracking number (decision 0046). */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const paid = { id: 12, status: 'processing', paid_at: '2026-11-20T10:00:00.000Z', email: 'maria@example.pt' } as const;
const home = { id: 1, name: 'Entrega em casa', zone: 'continente', pickup: false, pickup_details: null } as const;
const parcel = { carrier: 'ctt', carrier_label: 'CTT', number: 'RR123456789PT', url: 'https://www.ctt.pt/feapl_2/app/open/objectSearch/objectSearch.jspx?objects=RR123456789PT' } as const;

function serveList(first: Order, answer: (body: unknown) => { status: number; body?: unknown } = () => ({ status: 200, body: { ...first, status: 'shipped' } })) {
  return fakeApi(admin, ({ method, path, body }) => {
    if (method === 'GET' && path === '/order') return { status: 200, body: orderPage([first]) };
    if (method === 'PATCH' && path === '/order/12/status') return answer(body);
    return undefined;
  });
}

async function openStep() {
  renderOrderRoutes('/admin-dashboard?tab=encomendas');
  fireEvent.click(await screen.findByRole('button', { name: 'Marcar como Enviada: encomenda n.º 12' }));
  return screen.findByRole('dialog', { name: 'Marcar como Enviada' });
}

describe('the step to Enviada', () => {
  it('sends the carrier and the tracking number the owner gives, trimmed', async () => {
    const calls = serveList(orderFactory({ ...paid, shipping: { method: home, tracking: null } }));
    const dialog = await openStep();
    fireEvent.change(within(dialog).getByLabelText('Transportadora'), { target: { value: 'ctt' } });
    fireEvent.change(within(dialog).getByLabelText('Número de seguimento'), { target: { value: ' RR123456789PT ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar como Enviada' }));
    expect(await screen.findByText('Encomenda n.º 12: Enviada.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'shipped', tracking_carrier: 'ctt', tracking_number: 'RR123456789PT' });
  });

  it('clears a parcel the order had when the owner empties its fields', async () => {
    const calls = serveList(orderFactory({ ...paid, shipping: { method: home, tracking: parcel } }));
    const dialog = await openStep();
    expect((within(dialog).getByLabelText('Número de seguimento') as HTMLInputElement).value).toBe('RR123456789PT');
    fireEvent.change(within(dialog).getByLabelText('Transportadora'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('Número de seguimento'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar como Enviada' }));
    expect(await screen.findByText('Encomenda n.º 12: Enviada.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'shipped', tracking_carrier: null, tracking_number: null });
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    serveList(orderFactory({ ...paid, shipping: { method: home, tracking: null } }), () => failure(400, shippingMessages.trackingNumber, 'VALIDATION'));
    const dialog = await openStep();
    fireEvent.change(within(dialog).getByLabelText('Número de seguimento'), { target: { value: 'RR 1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar como Enviada' }));
    expect(await within(dialog).findByText(shippingMessages.trackingNumber)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Marcar como Enviada' })).toBeTruthy();
  });

  it('asks no parcel for an order to be picked up', async () => {
    const pickup = { ...home, name: 'Levantar no ateliê', pickup: true, pickup_details: 'Rua do Ateliê 1' };
    const calls = serveList(orderFactory({ ...paid, shipping: { method: pickup, tracking: null } }));
    const dialog = await openStep();
    expect(within(dialog).queryByLabelText('Número de seguimento')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar como Enviada' }));
    expect(await screen.findByText('Encomenda n.º 12: Enviada.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'shipped' });
  });
});

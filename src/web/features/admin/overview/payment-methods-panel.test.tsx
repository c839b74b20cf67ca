// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentMessages } from '#shared/schemas/payments.ts';
import { overviewFactory } from '../../../test/factories.ts';
import { admin, fakeApi, renderAdmin } from '../admin-test-utils.tsx';

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/* Issue #27: Resumo's "Meios de pagamento" sets the order in which the checkout offers the ways to pay. */

describe('Meios de pagamento', () => {
  it('shows the four in the owner\'s order, says which are not configured, and saves a new order', async () => {
    const calls = fakeApi(admin, ({ method, path }) => {
      if (path === '/overview') return { status: 200, body: overviewFactory() };
      if (method === 'GET' && path === '/payment/methods/settings') {
        return { status: 200, body: { order: ['multibanco', 'mbway', 'card', 'payshop'], configured: ['multibanco', 'mbway', 'card'] } };
      }
      if (method === 'PUT' && path === '/payment/methods/order') return { status: 200, body: { message: paymentMessages.methodOrderSaved } };
      return undefined;
    });
    renderAdmin('/admin-dashboard?tab=resumo');
    const panel = within((await screen.findByRole('heading', { name: 'Meios de pagamento' })).closest('.card') as HTMLElement);
    const names = () => panel.getAllByRole('listitem').map((li) => li.textContent?.replace(/[▲▼]/g, '').replace(/\s+/g, ' ').trim());
    expect(names()).toEqual(['1.Multibanco', '2.MB WAY', '3.Cartão', '4.PayshopNão configurado']);
    expect((panel.getByRole('button', { name: 'Guardar ordem' }) as HTMLButtonElement).disabled).toBe(true);
    expect((panel.getByRole('button', { name: 'Subir Multibanco' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(panel.getByRole('button', { name: 'Subir Cartão' }));
    fireEvent.click(panel.getByRole('button', { name: 'Subir Cartão' }));
    expect(names()).toEqual(['1.Cartão', '2.Multibanco', '3.MB WAY', '4.PayshopNão configurado']);
    fireEvent.click(panel.getByRole('button', { name: 'Guardar ordem' }));
    expect(await panel.findByText(paymentMessages.methodOrderSaved)).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ order: ['card', 'multibanco', 'mbway', 'payshop'] }]));
  });
});

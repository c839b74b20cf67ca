// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { admin, fakeApi, renderAdmin, userFactory } from './admin-test-utils.tsx';
import { overviewFactory } from '../../test/factories.ts';

// jsdom draws no canvas: the chart is left out (its figures are in the table the tests read).
beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('admin dashboard', () => {
  it('sends a customer to the home page', async () => {
    fakeApi(userFactory());
    renderAdmin('/admin-dashboard');
    expect(await screen.findByText('Página inicial')).toBeTruthy();
  });

  it('opens on Resumo, and keeps the tab chosen in the address', async () => {
    fakeApi(admin, ({ path }) => (path === '/user' ? { status: 200, body: [admin] } : path === '/overview' ? { status: 200, body: overviewFactory() } : undefined));
    const { router } = renderAdmin('/admin-dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Painel de administração' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Resumo' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('Recebido hoje')).toBeTruthy();
    const tab = screen.getByRole('tab', { name: 'Utilizadores' });
    fireEvent.click(tab);
    expect(await screen.findByRole('cell', { name: 'ana@exemplo.pt' })).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=utilizadores');
  });

  it('falls back to the first tab for an unknown ?tab=', async () => {
    fakeApi(admin, ({ path }) => (path === '/overview' ? { status: 200, body: overviewFactory() } : undefined));
    renderAdmin('/admin-dashboard?tab=nada');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Resumo' }).getAttribute('aria-selected')).toBe('true'));
    expect(await screen.findByText('Recebido hoje')).toBeTruthy();
  });
});

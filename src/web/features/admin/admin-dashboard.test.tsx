// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admin, fakeApi, renderAdmin, userFactory } from './admin-test-utils.tsx';

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

  it('shows the users tab by default and keeps it in the address', async () => {
    fakeApi(admin, ({ path }) => (path === '/user' ? { status: 200, body: [admin] } : undefined));
    const { router } = renderAdmin('/admin-dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Painel de administração' })).toBeTruthy();
    const tab = screen.getByRole('tab', { name: 'Utilizadores' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('cell', { name: 'ana@exemplo.pt' })).toBeTruthy();
    fireEvent.click(tab);
    expect(router.state.location.search).toBe('');
  });

  it('falls back to the first tab for an unknown ?tab=', async () => {
    fakeApi(admin, ({ path }) => (path === '/user' ? { status: 200, body: [] } : undefined));
    renderAdmin('/admin-dashboard?tab=nada');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Utilizadores' }).getAttribute('aria-selected')).toBe('true'));
    expect(await screen.findByText('Ainda não existem utilizadores registados.')).toBeTruthy();
  });
});

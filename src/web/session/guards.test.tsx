// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoutes, standIn, userFactory } from '../test/harness.tsx';
import { RequireUser } from './guards.tsx';
import { useSession } from './session.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A protected page whose button ends the session without leaving first (the race the header can lose). */
function ProtectedPage() {
  const session = useSession();
  return (
    <RequireUser>
      <p>Página protegida</p>
      <button type="button" onClick={() => void session.logout()}>
        Sair
      </button>
    </RequireUser>
  );
}

const routes = [{ path: '/perfil', element: <ProtectedPage /> }, standIn('/', 'Página inicial'), standIn('/login', 'Página de login')];

describe('RequireUser', () => {
  it('sends a visitor to the login page', async () => {
    fakeApi(null);
    renderRoutes(routes, '/perfil');
    expect(await screen.findByText('Página de login')).toBeTruthy();
  });

  it('sends a user who leaves from a protected page home, not to the login page', async () => {
    fakeApi(userFactory(), (call) => (call.path === '/auth/logout' ? { status: 200, body: { message: 'Logout successful' } } : undefined));
    renderRoutes(routes, '/perfil');
    const leave = await screen.findByRole('button', { name: 'Sair' });
    await act(async () => leave.click());
    expect(await screen.findByText('Página inicial')).toBeTruthy();
    expect(screen.queryByText('Página de login')).toBeNull();
  });
});

// Test helpers for the admin screens (not a test file itself): a fake API behind fetch and the app's providers.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { PublicUser } from '#shared/schemas/account.ts';
import { paths } from '../../paths.ts';
import { SessionProvider } from '../../session/session.tsx';
import { AdminDashboard } from './admin-dashboard.tsx';
import { UserFormPage } from './users/user-form-page.tsx';

export type FakeCall = { method: string; path: string; body: unknown };
type Answer = { status: number; body?: unknown };
type Handler = (call: FakeCall) => Answer | undefined | Promise<Answer | undefined>;

export const userFactory = (overrides: Partial<PublicUser> = {}): PublicUser => ({
  id: 2,
  username: 'maria',
  email: 'maria@exemplo.pt',
  isAdmin: false,
  isBanned: false,
  isVerified: true,
  pendingEmail: null,
  createdAt: '2025-03-05T10:00:00.000Z',
  ...overrides,
});

export const admin = userFactory({ id: 1, username: 'ana', email: 'ana@exemplo.pt', isAdmin: true });

/** Replaces fetch: /user/profile answers `me` (or 401), the rest goes to `handler` (404 when it says nothing). */
export function fakeApi(me: PublicUser | null, handler: Handler = () => undefined) {
  const calls: FakeCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://loja.test');
    const call = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    const answer: Answer =
      call.path === '/user/profile' ? (me ? { status: 200, body: me } : { status: 401, body: { error: 'x' } })
      : ((await handler(call)) ?? { status: 404, body: { message: 'Não encontrado', error: 'Não encontrado', code: 'NOT_FOUND' } });
    if (call.path !== '/user/profile') calls.push(call);
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

export function renderAdmin(initialEntry: string) {
  const router = createMemoryRouter(
    [
      { path: paths.home, element: <p>Página inicial</p> },
      { path: paths.login, element: <p>Página de login</p> },
      { path: paths.admin, element: <AdminDashboard /> },
      { path: paths.adminCreateUser, element: <UserFormPage /> },
      { path: '/admin-dashboard/edit-user/:id', element: <UserFormPage /> },
    ],
    { initialEntries: [initialEntry] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

// The component tests' harness (not a test file itself): the app's providers around a memory router, and a fake
// API behind fetch. Each feature's *-test-utils.tsx adds its own routes and data on top.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { PublicUser } from '#shared/schemas/account.ts';
import { paths } from '#shared/paths.ts';
import { SIGNED_IN_HINT } from '#shared/session-hint.ts';
import { SessionProvider } from '../session/session.tsx';

export { userFactory } from './factories.ts';

/** One request the screen sent (the session probe aside); `form` is a multipart body, `body` a JSON one. */
export type FakeCall = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  form: FormData | undefined;
  headers: Headers;
};
export type Answer = { status: number; body?: unknown };
export type Handler = (call: FakeCall) => Answer | undefined | Promise<Answer | undefined>;


export const notFound: Answer = { status: 404, body: { message: 'Não encontrado', error: 'Não encontrado', code: 'NOT_FOUND' } };

/** Replaces fetch: /user/profile answers `me` (or 401), the rest goes to `handler` (404 when it says nothing). */
export function fakeApi(me: PublicUser | null, handler: Handler = () => undefined) {
  const calls: FakeCall[] = [];
  // The server leaves this hint beside a session (src/shared/session-hint.ts); the app asks who is signed in only then.
  document.cookie = me ? `${SIGNED_IN_HINT}=1; path=/` : `${SIGNED_IN_HINT}=; max-age=0; path=/`;
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://loja.test');
    const call: FakeCall = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      form: init.body instanceof FormData ? init.body : undefined,
      headers: new Headers(init.headers),
    };
    // Recorded when sent, so a call whose answer is still pending is already in the list.
    if (call.path !== '/user/profile') calls.push(call);
    const answer: Answer =
      call.path === '/user/profile' ? (me ? { status: 200, body: me } : { status: 401, body: { error: 'x' } })
      : ((await handler(call)) ?? notFound);
    // A 204 has no body at all (Response refuses even an empty one).
    return new Response(answer.status === 204 ? null : answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

/** A route that only says `text`: a stand-in for a page the screen under test links or sends the visitor to. */
export const standIn = (path: string, text: string): RouteObject => ({ path, element: <p>{text}</p> });

/** Where guarded screens send a visitor who may not see them. */
export const homeAndLogin: RouteObject[] = [standIn(paths.home, 'Página inicial'), standIn(paths.login, 'Página de login')];

export type Entry = string | { pathname: string; search?: string; state?: unknown };

/** A query client that does not retry, so a failure shows at once. */
const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/** Renders `routes` at `initialEntry` inside the app's providers; `queryClient` when the routes' loaders share one. */
export function renderRoutes(routes: RouteObject[], initialEntry: Entry, queryClient = testQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

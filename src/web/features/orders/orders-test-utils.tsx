// Test helpers for the order screens (not a test file itself): order data, a fake API behind fetch and the app's providers.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { PublicUser } from '#shared/schemas/account.ts';
import type { Order, OrderPage } from '#shared/schemas/orders.ts';
import { paths } from '../../paths.ts';
import { SessionProvider } from '../../session/session.tsx';
import { MyOrderPage } from './my-order-page.tsx';
import { MyOrdersPage } from './my-orders-page.tsx';

export type FakeCall = { method: string; path: string; query: URLSearchParams; body: unknown };
export type Answer = { status: number; body?: unknown };
type Handler = (call: FakeCall) => Answer | undefined | Promise<Answer | undefined>;

export const notFound: Answer = { status: 404, body: { message: 'Não encontrado', error: 'Não encontrado', code: 'NOT_FOUND' } };
export const failure = (status: number, message: string, code = 'INTERNAL'): Answer => ({ status, body: { message, error: message, code } });

export const customer: PublicUser = {
  id: 2,
  username: 'maria',
  email: 'maria@exemplo.pt',
  isAdmin: false,
  isBanned: false,
  isVerified: true,
  pendingEmail: null,
  createdAt: '2025-03-05T10:00:00.000Z',
};

export const orderFactory = (overrides: Partial<Order> = {}): Order => ({
  id: 12,
  user_id: 2,
  email: 'maria@exemplo.pt',
  order_date: '2025-03-05T12:00:00.000Z',
  status: 'pending',
  payment_method: 'multibanco',
  shipping_address: 'Maria Silva, Rua das Flores 10, Lisboa, 1000-100, Portugal',
  phone: '912345678',
  shipping_cost: 6,
  total_price_without_tax: 30.08,
  total_tax: 6.92,
  total_price_with_tax: 37,
  orderItems: [
    {
      id: 1,
      product_id: 5,
      variant_id: null,
      quantity: 2,
      price: 12.5,
      product: { id: 5, name: 'Caixa organizadora', isDigital: false, image: null },
      variant: null,
    },
    {
      id: 2,
      product_id: 7,
      variant_id: 31,
      quantity: 1,
      price: 6,
      product: { id: 7, name: 'Agenda', isDigital: false, image: '/api/images/3/abc/thumb.webp' },
      variant: { id: 31, name: 'A5' },
    },
  ],
  ...overrides,
});

export const orderPage = (orders: Order[], pagination: Partial<OrderPage['pagination']> = {}): OrderPage => ({
  orders,
  pagination: { page: 1, pageSize: 10, total: orders.length, totalPages: 1, ...pagination },
});

/** Replaces fetch: /user/profile answers `me` (or 401), the rest goes to `handler` (404 when it says nothing). */
export function fakeApi(me: PublicUser | null, handler: Handler = () => undefined) {
  const calls: FakeCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://loja.test');
    const call: FakeCall = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
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

export function renderOrders(initialEntry: string) {
  const router = createMemoryRouter(
    [
      { path: paths.home, element: <p>Página inicial</p> },
      { path: paths.login, element: <p>Página de login</p> },
      { path: paths.products, element: <p>Página de produtos</p> },
      { path: '/produtos/:id', element: <p>Página do produto</p> },
      { path: paths.myOrders, element: <MyOrdersPage /> },
      { path: '/minhas-encomendas/:id', element: <MyOrderPage /> },
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

// Test helpers for the cart and checkout screens (not a test file itself): a fake API behind fetch, the app's
// providers and a few factories. Copied in spirit from catalog-test-utils.tsx, plus request headers.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { toEuros } from '#shared/money.ts';
import { orderTotals } from '#shared/orders.ts';
import type { PublicUser } from '#shared/schemas/account.ts';
import type { Order, TotalsAnswer } from '#shared/schemas/orders.ts';
import { SessionProvider } from '../../session/session.tsx';
import { CART_KEY, type CartItem } from './cart-store.ts';

export type FakeCall = { method: string; path: string; query: URLSearchParams; body: unknown; headers: Headers };
export type Answer = { status: number; body?: unknown };
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

export const cartItem = (overrides: Partial<CartItem> = {}): CartItem => ({
  id: '1',
  productId: 1,
  name: 'Caixa organizadora',
  price: 12.5,
  image: '/media/p1-1024.webp',
  quantity: 1,
  isDigital: false,
  variant: null,
  ...overrides,
});

export const storeCart = (items: CartItem[]) => localStorage.setItem(CART_KEY, JSON.stringify(items));
export const storedCart = () => JSON.parse(localStorage.getItem(CART_KEY) ?? 'null') as CartItem[] | null;

/** The totals the server would answer for these lines at these prices (the shared rule). */
export function totalsFor(items: Pick<CartItem, 'price' | 'quantity' | 'isDigital'>[]): TotalsAnswer {
  const t = orderTotals(items.map((i) => ({ unitPriceCents: Math.round(i.price * 100), quantity: i.quantity, isDigital: i.isDigital })));
  return {
    subtotalWithTax: toEuros(t.subtotalWithTaxCents),
    shippingCost: toEuros(t.shippingCents),
    totalPriceWithoutTax: toEuros(t.totalWithoutTaxCents),
    totalTax: toEuros(t.totalTaxCents),
    totalWithTax: toEuros(t.totalWithTaxCents),
    taxRate: t.taxRate,
  };
}

export const orderFactory = (overrides: Partial<Order> = {}): Order => ({
  id: 42,
  user_id: 2,
  email: 'maria@exemplo.pt',
  order_date: '2025-03-05T10:00:00.000Z',
  status: 'pending',
  payment_method: 'multibanco',
  shipping_address: 'Maria Silva, Rua das Flores 1, Lisboa, 1000-001, Portugal',
  phone: '912345678',
  shipping_cost: 6,
  total_price_without_tax: 25.2,
  total_tax: 5.8,
  total_price_with_tax: 31,
  orderItems: [
    {
      id: 1,
      product_id: 1,
      variant_id: null,
      quantity: 2,
      price: 12.5,
      product: { id: 1, name: 'Caixa organizadora', isDigital: false, image: null },
      variant: null,
    },
  ],
  ...overrides,
});

export const errorAnswer = (status: number, message: string, extra: Record<string, unknown> = {}): Answer => ({
  status,
  body: { message, error: message, code: status === 409 ? 'CONFLICT' : status === 400 ? 'INVALID_INPUT' : 'ERROR', ...extra },
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
      headers: new Headers(init.headers),
    };
    if (call.path !== '/user/profile') calls.push(call);
    const answer: Answer =
      call.path === '/user/profile' ? (me ? { status: 200, body: me } : { status: 401, body: { error: 'x' } })
      : ((await handler(call)) ?? { status: 404, body: { message: 'Não encontrado', error: 'Não encontrado', code: 'NOT_FOUND' } });
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

type Entry = string | { pathname: string; search?: string; state?: unknown };

/** Renders `routes` (plus simple stand-ins for the pages they link to) at `initialEntry`. */
export function renderRoutes(routes: RouteObject[], initialEntry: Entry) {
  const router = createMemoryRouter(
    [
      ...routes,
      { path: '/', element: <p>Página inicial</p> },
      { path: '/produtos', element: <p>Lista de produtos</p> },
      { path: '*', element: <p>Outra página</p> },
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

/** The value shown next to a label of a totals list (dt/dd), inside `container`. */
export function shownValue(container: HTMLElement, label: string): string | undefined {
  const term = [...container.querySelectorAll('dt')].find((dt) => dt.textContent === label);
  return term?.nextElementSibling?.textContent?.replace(/\s/g, ' ');
}

/** formatEuros with ordinary spaces, as the DOM text is compared. */
export const spaced = (text: string) => text.replace(/\s/g, ' ');

// Test helpers for the catalogue screens (not a test file itself): a fake API behind fetch and the app's providers.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { PublicUser } from '#shared/schemas/account.ts';
import type { ImageRef, Product, Variant } from '#shared/schemas/catalog.ts';
import { paths } from '../../paths.ts';
import { SessionProvider } from '../../session/session.tsx';
import { ProductPage } from './product-page.tsx';
import { DigitalProductsPage, ProductsPage } from './products-page.tsx';

export type FakeCall = { method: string; path: string; query: URLSearchParams; body: unknown };
type Answer = { status: number; body?: unknown };
type Handler = (call: FakeCall) => Answer | undefined | Promise<Answer | undefined>;

export const image = (id: number): ImageRef => ({
  id,
  src: `/media/p${id}-1024.webp`,
  srcset: `/media/p${id}-320.webp 320w, /media/p${id}-1024.webp 1024w`,
  thumbnail: `/media/p${id}-thumb.webp`,
  width: 1024,
  height: 768,
});

export const variantFactory = (overrides: Partial<Variant> = {}): Variant => ({
  id: 1,
  name: 'Azul',
  price: 10,
  stock: 5,
  sku: null,
  ...overrides,
});

export const productFactory = (overrides: Partial<Product> = {}): Product => ({
  id: 1,
  name: 'Caixa organizadora',
  description: 'Uma caixa para arrumar.',
  price: 12.5,
  stock: 3,
  isDigital: false,
  order: 0,
  hasVariants: false,
  variants: [],
  images: [image(1)],
  createdAt: '2025-03-05T10:00:00.000Z',
  updatedAt: '2025-03-05T10:00:00.000Z',
  ...overrides,
});

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

export function renderCatalog(initialEntry: string) {
  const router = createMemoryRouter(
    [
      { path: paths.home, element: <p>Página inicial</p> },
      { path: paths.products, element: <ProductsPage /> },
      { path: paths.digitalProducts, element: <DigitalProductsPage /> },
      { path: '/produtos/:id', element: <ProductPage /> },
      { path: paths.cart, element: <p>Página do carrinho</p> },
      { path: '/admin-dashboard/edit-product/:id', element: <p>Editar produto</p> },
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

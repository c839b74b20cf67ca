// Test helpers for the product and media screens (not a test file itself): product data, the product routes
// and a record of the multipart bodies sent (admin-test-utils' fake fetch reads JSON bodies only).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { ImageRef, Product } from '#shared/schemas/catalog.ts';
import { paths } from '../../../paths.ts';
import { SessionProvider } from '../../../session/session.tsx';
import { AdminDashboard } from '../admin-dashboard.tsx';
import { ProductFormPage } from './product-form-page.tsx';

export const imageFactory = (id: number): ImageRef => ({
  id,
  src: `/api/images/${id}/abcdefabcdef/640.webp`,
  srcset: `/api/images/${id}/abcdefabcdef/640.webp 640w`,
  thumbnail: `/api/images/${id}/abcdefabcdef/thumb.webp`,
  width: 800,
  height: 600,
});

export const productFactory = (overrides: Partial<Product> = {}): Product => ({
  id: 5,
  name: 'Caixa organizadora',
  description: 'Caixa de cartão reciclado.',
  price: 12.5,
  stock: 7,
  isDigital: false,
  order: 1,
  hasVariants: false,
  variants: [],
  images: [],
  link: null,
  createdAt: '2025-03-05T10:00:00.000Z',
  updatedAt: '2025-03-05T10:00:00.000Z',
  ...overrides,
});

export type SentRequest = { method: string; path: string; query: URLSearchParams; form: FormData | undefined };

/** Call after fakeApi(): keeps every request's query and FormData body (the session probe aside), then lets fakeApi answer. */
export function recordRequests(): SentRequest[] {
  const sent: SentRequest[] = [];
  const answer = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://loja.test');
    const path = url.pathname.replace(/^\/api/, '');
    if (path !== '/user/profile') {
      sent.push({ method: init.method ?? 'GET', path, query: url.searchParams, form: init.body instanceof FormData ? init.body : undefined });
    }
    return answer(input, init);
  });
  return sent;
}

/** The multipart bodies among the recorded requests. */
export const formsOf = (sent: readonly SentRequest[]) =>
  sent.flatMap(({ method, path, form }) => (form ? [{ method, path, form }] : []));

/** The text fields of a sent form as an object (files left out). */
export const textFields = (form: FormData) =>
  Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'));

export function renderProductRoutes(initialEntry: string) {
  const router = createMemoryRouter(
    [
      { path: paths.home, element: <p>Página inicial</p> },
      { path: paths.login, element: <p>Página de login</p> },
      { path: paths.admin, element: <AdminDashboard /> },
      { path: paths.adminCreateProduct, element: <ProductFormPage /> },
      { path: '/admin-dashboard/edit-product/:id', element: <ProductFormPage /> },
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

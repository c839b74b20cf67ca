// Test helpers for the service and sitemap screens (not a test file itself): service data and the routes.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ImageRef } from '#shared/schemas/catalog.ts';
import type { Service } from '#shared/schemas/services.ts';
import { paths } from '../../paths.ts';
import { SessionProvider } from '../../session/session.tsx';
import { SitemapPage } from '../sitemap/sitemap-page.tsx';
import { ServicePage } from './service-page.tsx';
import { ServicesPage } from './services-page.tsx';

export const serviceImage = (id: number): ImageRef => ({
  id,
  src: `/api/images/${id}/abcdefabcdef/1024.webp`,
  srcset: `/api/images/${id}/abcdefabcdef/320.webp 320w, /api/images/${id}/abcdefabcdef/1024.webp 1024w`,
  thumbnail: `/api/images/${id}/abcdefabcdef/thumb.webp`,
  width: 1024,
  height: 768,
});

export const serviceFactory = (overrides: Partial<Service> = {}): Service => ({
  id: 1,
  name: 'Consultoria em casa',
  description: 'Quatro horas em sua casa a organizar a divisão que mais a preocupa.',
  short_description: 'Uma manhã de organização lado a lado.',
  schedule_link: 'https://calendly.com/loja/consultoria',
  order: 0,
  image: serviceImage(1),
  price: null,
  createdAt: '2025-03-05T10:00:00.000Z',
  updatedAt: '2025-03-05T10:00:00.000Z',
  ...overrides,
});

export function renderServices(initialEntry: string) {
  const router = createMemoryRouter(
    [
      { path: paths.home, element: <p>Página inicial</p> },
      { path: paths.services, element: <ServicesPage /> },
      { path: '/servicos/:id', element: <ServicePage /> },
      { path: paths.sitemap, element: <SitemapPage /> },
      { path: '/admin-dashboard/edit-service/:id', element: <p>Formulário do serviço</p> },
    ],
    { initialEntries: [initialEntry] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { ...view, router };
}

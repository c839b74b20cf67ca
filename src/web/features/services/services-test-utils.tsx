// Test helpers for the service and sitemap screens (not a test file itself): service data and the routes.
import type { ImageRef } from '#shared/schemas/catalog.ts';
import type { Service } from '#shared/schemas/services.ts';
import { paths } from '../../paths.ts';
import { renderRoutes, standIn } from '../../test/harness.tsx';
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

export const renderServices = (initialEntry: string) =>
  renderRoutes(
    [
      standIn(paths.home, 'Página inicial'),
      { path: paths.services, element: <ServicesPage /> },
      { path: '/servicos/:id', element: <ServicePage /> },
      { path: paths.sitemap, element: <SitemapPage /> },
      standIn('/admin-dashboard/edit-service/:id', 'Formulário do serviço'),
    ],
    initialEntry,
  );

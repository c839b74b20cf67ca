// Test helpers for the service and sitemap screens (not a test file itself): service data and the routes.
import { paths } from '#shared/paths.ts';
import { renderRoutes, standIn } from '../../test/harness.tsx';
import { SitemapPage } from '../sitemap/sitemap-page.tsx';
import { ServicePage } from './service-page.tsx';
import { ServicesPage } from './services-page.tsx';

export { serviceFactory } from '../../test/factories.ts';



export const renderServices = (initialEntry: string) =>
  renderRoutes(
    [
      standIn(paths.home, 'Página inicial'),
      { path: paths.services, element: <ServicesPage /> },
      { path: paths.service.pattern, element: <ServicePage /> },
      { path: paths.sitemap, element: <SitemapPage /> },
      standIn(paths.adminEditService.pattern, 'Formulário do serviço'),
    ],
    initialEntry,
  );

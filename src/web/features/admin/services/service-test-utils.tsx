// Test helpers for the admin service screens (not a test file itself): the dashboard and the form routes.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { paths } from '../../../paths.ts';
import { SessionProvider } from '../../../session/session.tsx';
import { AdminDashboard } from '../admin-dashboard.tsx';
import { ServiceFormPage } from './service-form-page.tsx';

export function renderServiceRoutes(initialEntry: string) {
  const router = createMemoryRouter(
    [
      { path: paths.home, element: <p>Página inicial</p> },
      { path: paths.login, element: <p>Página de login</p> },
      { path: paths.admin, element: <AdminDashboard /> },
      { path: paths.adminCreateService, element: <ServiceFormPage /> },
      { path: '/admin-dashboard/edit-service/:id', element: <ServiceFormPage /> },
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

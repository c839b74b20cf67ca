// Test helpers for the admin service screens (not a test file itself): the dashboard and the form routes.
import { paths } from '#shared/paths.ts';
import { renderAdminRoutes } from '../admin-test-utils.tsx';
import { ServiceFormPage } from './service-form-page.tsx';

export const renderServiceRoutes = (initialEntry: string) =>
  renderAdminRoutes(<ServiceFormPage />, paths.adminCreateService, paths.adminEditService.pattern, initialEntry);

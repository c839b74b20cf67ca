// Test helpers for the admin order screens (not a test file itself): the dashboard and order form routes.
import { paths } from '#shared/paths.ts';
import { renderAdminRoutes } from '../admin-test-utils.tsx';
import { OrderFormPage } from './order-form-page.tsx';

export const renderOrderRoutes = (initialEntry: string) =>
  renderAdminRoutes(<OrderFormPage />, paths.adminCreateOrder, paths.adminEditOrder.pattern, initialEntry);

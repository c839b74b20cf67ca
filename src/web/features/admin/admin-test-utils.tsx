// Test helpers for the admin screens (not a test file itself): the admin user and the dashboard with a form's routes.
import type { ReactElement } from 'react';
import { paths } from '#shared/paths.ts';
import { homeAndLogin, renderRoutes, userFactory } from '../../test/harness.tsx';
import { AdminDashboard } from './admin-dashboard.tsx';
import { UserFormPage } from './users/user-form-page.tsx';

export { fakeApi, userFactory } from '../../test/harness.tsx';

export const admin = userFactory({ id: 1, username: 'ana', email: 'ana@exemplo.pt', isAdmin: true });

/** The dashboard and one tab's form, at its create path and its edit pattern (`.../:id`). */
export const renderAdminRoutes = (form: ReactElement, createPath: string, editPattern: string, initialEntry: string) =>
  renderRoutes(
    [
      ...homeAndLogin,
      { path: paths.admin, element: <AdminDashboard /> },
      { path: createPath, element: form },
      { path: editPattern, element: form },
    ],
    initialEntry,
  );

export const renderAdmin = (initialEntry: string) =>
  renderAdminRoutes(<UserFormPage />, paths.adminCreateUser, paths.adminEditUser.pattern, initialEntry);

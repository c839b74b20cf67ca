import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '#shared/paths.ts';
import { PageSpinner } from '../components/page-spinner.tsx';
import { useSession } from './session.tsx';

/** Visitors go to /login, which brings them back here after signing in (storefront.md §2). */
export function RequireUser({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'unknown') return <PageSpinner />;
  if (session.status === 'signedOut') {
    // Leaving from a protected page goes home (the header navigates there too, but the session can end first).
    if (session.loggedOut) return <Navigate to={paths.home} replace />;
    return <Navigate to={paths.login} replace state={{ from: location }} />;
  }
  return children;
}

/** Non-admins go to / (backoffice.md §2); the server checks every admin call regardless. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.status === 'unknown') return <PageSpinner />;
  if (!session.user?.isAdmin) return <Navigate to={paths.home} replace />;
  return children;
}

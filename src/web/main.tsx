import './styles/bootstrap.scss';
import './styles.css';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, type HydrationState, matchRoutes, RouterProvider } from 'react-router';
import { paths } from '#shared/paths.ts';
import { setUnauthorizedHandler } from './api/client.ts';
import { AppProviders, newQueryClient, SERVER_STATE } from './app-providers.tsx';
import { askToSignInAgain } from './session/renew-session.ts';
import { sessionKey } from './session/session.tsx';
import { dropServerHead } from './layout/server-head.ts';
import { createRoutes } from './routes.tsx';
import { followServerCart } from './features/cart/cart-store.ts';

/** What a server-rendered page hands over (entry-server.tsx), or nothing for a page the browser renders alone. */
function serverState(): { queries: DehydratedState; router: HydrationState } | undefined {
  const element = document.getElementById(SERVER_STATE);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as { queries: DehydratedState; router: HydrationState };
  } catch {
    return undefined;
  }
}

/**
 * A storefront page arrives server-rendered (entry-server.tsx) with the query cache it was rendered from and
 * its loaders' answers: the app takes over that HTML (hydration) without running them or asking the API again.
 * Any other page starts from the empty shell.
 */
async function start() {
  const queryClient = newQueryClient();
  const routes = createRoutes(queryClient);
  const state = serverState();
  const hydrationData = state?.router;
  if (state) hydrate(queryClient, state.queries);
  if (hydrationData) {
    // The matched pages' code must be there before hydrating, or the first render would differ from the server's.
    const matches = matchRoutes(routes, window.location) ?? [];
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        Object.assign(route, await route.lazy(), { lazy: undefined });
      }),
    );
  }
  const router = createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
  // Decision 0056: a form may have changed the cart before the app ran (a tap before it, or a visit without it).
  // Its lines are asked for only then: the code that asks them is not part of every page's first script.
  followServerCart(async (lines) => (await import('./features/cart/api.ts')).serverLinesWith(queryClient)(lines)).catch(() => undefined);
  // Decision 0035: the back office asks to sign in again over the page and then sends what was refused; elsewhere
  // the session is over: the header says so, a page that needs one goes to /login (RequireUser remembers where
  // from), and one that does not (the checkout, an order's payment) stays where it is.
  setUnauthorizedHandler(async () => {
    if (window.location.pathname.startsWith(paths.admin)) return askToSignInAgain();
    queryClient.setQueryData(sessionKey, null);
    return false;
  });

  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // Taking over the server's page is a transition: React hydrates it in slices and the page keeps answering
  // (a phone's main thread is not blocked for the whole tree at once).
  if (hydrationData) startTransition(() => void hydrateRoot(root, app));
  else {
    dropServerHead();
    createRoot(root).render(app);
  }
}

void start();

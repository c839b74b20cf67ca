import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { ApiError } from './api/client.ts';
import { HydrationProvider } from './components/use-hydrated.ts';
import { useSignInRequest } from './session/renew-session.ts';
import { SessionProvider } from './session/session.tsx';

// Fetched the first time a back-office session ends: a customer never downloads it.
const SessionExpiredDialog = lazy(async () => ({ default: (await import('./session/session-expired-dialog.tsx')).SessionExpiredDialog }));

/** Once a sign-in has been asked for, the dialog stays mounted (it closes itself when answered). */
function RenewSession() {
  const asked = useSignInRequest() !== null;
  const [loaded, setLoaded] = useState(false);
  if (asked && !loaded) setLoaded(true);
  return loaded || asked ?
      <Suspense fallback={null}>
        <SessionExpiredDialog />
      </Suspense>
    : null;
}

/** The query defaults of the browser and of the server's render alike (the same cache is handed over). */
export function newQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // The client already retries network failures and 502s; a 4xx will not get better by asking again.
        retry: (count, error) => !(error instanceof ApiError) && count < 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** What every page renders inside, in the browser and on the server. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <HydrationProvider>{children}</HydrationProvider>
        <RenewSession />
      </SessionProvider>
    </QueryClientProvider>
  );
}

/** The id of the data element where the server leaves the query cache and router state it rendered with. */
export const SERVER_STATE = 'loja-server-state';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from './api/client.ts';
import { HydrationProvider } from './components/use-hydrated.ts';
import { SessionProvider } from './session/session.tsx';

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
      </SessionProvider>
    </QueryClientProvider>
  );
}

/** The id of the data element where the server leaves the query cache and router state it rendered with. */
export const SERVER_STATE = 'loja-server-state';

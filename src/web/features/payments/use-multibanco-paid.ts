import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MULTIBANCO_POLL_MS } from '#shared/schemas/payments.ts';
import { paths } from '#shared/paths.ts';
import { useRedirectAfter } from '../../components/use-timers.ts';
import { paymentSearch } from './payment-format.ts';
import { multibancoWatchQueryOptions } from './api.ts';

/**
 * Whether the order a reference screen (Multibanco, Payshop) shows was paid. Asks every MULTIBANCO_POLL_MS, also
 * while the tab is hidden (the customer pays in the bank's app or at an agent), and when the customer comes back
 * to it; a failed ask waits for the next round.
 */
export function useReferencePaid(orderId: number, token: string | undefined): boolean {
  const [openedAt] = useState(() => Date.now());
  const watch = useQuery({
    ...multibancoWatchQueryOptions(orderId, token),
    // The reference on screen is the answer so far: the first ask is one interval later.
    initialData: { payments: [] },
    initialDataUpdatedAt: openedAt,
    staleTime: MULTIBANCO_POLL_MS,
    gcTime: 0,
    retry: false,
    refetchInterval: (query) => (query.state.data?.payments.some((p) => p.status === 'paid') ? false : MULTIBANCO_POLL_MS),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
  });
  return watch.data.payments.some((p) => p.status === 'paid');
}

/** The Multibanco screen's `useReferencePaid` (issue #25: the screen moves on, as the MB WAY one does): once paid, the order's page after 3 s. */
export function useMultibancoPaid(orderId: number, token: string | undefined): boolean {
  const paid = useReferencePaid(orderId, token);
  useRedirectAfter(paid ? `${paths.orderSuccess}?${paymentSearch(orderId, token)}` : null);
  return paid;
}

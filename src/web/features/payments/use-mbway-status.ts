import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type FailedMbwayStatus, MBWAY_POLL_MS, type MbwayStatus, paymentFailureWords } from '#shared/schemas/payments.ts';
import { mbwayStatusQueryOptions } from './api.ts';

/** backoffice.md §4: the MB WAY screen is pending, paid or failed; a request error also ends in failed. */
export type MbwayPhase = { phase: 'pending' } | { phase: 'paid' } | { phase: 'failed'; status: FailedMbwayStatus } | { phase: 'error' };

const isFailure = (status: string): status is FailedMbwayStatus => Object.hasOwn(paymentFailureWords, status);

/** Where a gateway status leaves the screen: anything not paid nor a known failure (e.g. 'initiated') is still pending. */
export function phaseOf(status: MbwayStatus | string): MbwayPhase {
  if (status === 'paid') return { phase: 'paid' };
  if (isFailure(status)) return { phase: 'failed', status };
  return { phase: 'pending' };
}

let visits = 0;

/**
 * Asks the server for the MB WAY request's status every MBWAY_POLL_MS while it is pending (backoffice.md §4, §9),
 * one request at a time; stops on a final status, on a request error, and when the screen goes away.
 * `recheck` asks again at once after an error.
 */
export function useMbwayStatus(orderId: number, token: string | undefined, initial: MbwayStatus) {
  // Each screen (a new request for the same order too) starts from its own answer, not a cached one.
  const [visit] = useState(() => (visits += 1));
  // Each recheck is a new round: its query has no data yet, so it asks at once.
  const [round, setRound] = useState(0);
  const status = useQuery({
    ...mbwayStatusQueryOptions(orderId, token, `${visit}.${round}`),
    // The first round starts from the status the request answered, and waits a round before asking.
    initialData: round === 0 ? { status: initial } : undefined,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchInterval: (query) =>
      query.state.status !== 'error' && phaseOf(query.state.data?.status ?? 'pending').phase === 'pending' ? MBWAY_POLL_MS : false,
    refetchIntervalInBackground: true,
  });

  const view: MbwayPhase =
    status.isError ? { phase: 'error' }
    : status.data ? phaseOf(status.data.status)
    : { phase: 'pending' };
  const recheck = () => setRound((r) => r + 1);
  return { view, recheck };
}

/** Milliseconds left until `expiresAt`, updated every second while `running`. */
export function useTimeLeft(expiresAt: string, running: boolean): number {
  const deadline = new Date(expiresAt).getTime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running || Number.isNaN(deadline)) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [deadline, running]);
  return Number.isNaN(deadline) ? 0 : Math.max(0, deadline - now);
}

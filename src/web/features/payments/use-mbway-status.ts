import { useEffect, useState } from 'react';
import { type FailedMbwayStatus, MBWAY_POLL_MS, type MbwayStatus, paymentFailureWords } from '#shared/schemas/payments.ts';
import { fetchMbwayStatus } from './payments-api.ts';

/** backoffice.md §4: the MB WAY screen is pending, paid or failed; a request error also ends in failed. */
export type MbwayPhase = { phase: 'pending' } | { phase: 'paid' } | { phase: 'failed'; status: FailedMbwayStatus } | { phase: 'error' };

const isFailure = (status: string): status is FailedMbwayStatus => Object.hasOwn(paymentFailureWords, status);

/** Where a gateway status leaves the screen: anything not paid nor a known failure (e.g. 'initiated') is still pending. */
export function phaseOf(status: MbwayStatus | string): MbwayPhase {
  if (status === 'paid') return { phase: 'paid' };
  if (isFailure(status)) return { phase: 'failed', status };
  return { phase: 'pending' };
}

/**
 * Asks the server for the MB WAY request's status every MBWAY_POLL_MS while it is pending (backoffice.md §4, §9),
 * one request at a time; stops on a final status, on a request error, and when the screen goes away.
 * `recheck` asks again at once after an error.
 */
export function useMbwayStatus(orderId: number, token: string | undefined, initial: MbwayStatus) {
  const [view, setView] = useState<MbwayPhase>(() => phaseOf(initial));
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (view.phase !== 'pending') return;
    const controller = new AbortController();
    let timer: number | undefined;
    const check = async () => {
      try {
        const { status } = await fetchMbwayStatus(orderId, token, controller.signal);
        if (controller.signal.aborted) return;
        const next = phaseOf(status);
        if (next.phase === 'pending') timer = window.setTimeout(() => void check(), MBWAY_POLL_MS);
        else setView(next);
      } catch {
        if (!controller.signal.aborted) setView({ phase: 'error' });
      }
    };
    // After a recheck the customer is waiting for an answer: ask at once; otherwise wait a round first.
    timer = window.setTimeout(() => void check(), round > 0 ? 0 : MBWAY_POLL_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [view.phase, orderId, token, round]);

  const recheck = () => {
    setView({ phase: 'pending' });
    setRound((r) => r + 1);
  };
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

import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

/** storefront.md §9 and backoffice.md §9: success messages last 3 s; redirects after success wait 3 s. */
export const SUCCESS_MS = 3000;

/**
 * A success notice ('saved', 'sent', 'added') that hides itself after `ms`; showing it again restarts the clock
 * and gives it a new `key`, so a live region announces it again.
 */
export function useFlashMessage(ms: number = SUCCESS_MS) {
  const [flash, setFlash] = useState<{ text: string; key: number } | null>(null);
  useEffect(() => {
    if (!flash) return;
    const timer = window.setTimeout(() => setFlash(null), ms);
    return () => window.clearTimeout(timer);
  }, [flash, ms]);
  const show = useCallback((text: string) => setFlash((current) => ({ text, key: (current?.key ?? 0) + 1 })), []);
  const clear = useCallback(() => setFlash(null), []);
  return { message: flash?.text ?? null, key: flash?.key ?? 0, show, clear };
}

/** Goes to `to` after `ms` once `to` is set; leaving the page first cancels the redirect. */
export function useRedirectAfter(to: string | null, ms: number = SUCCESS_MS) {
  const navigate = useNavigate();
  useEffect(() => {
    if (to === null) return;
    const timer = window.setTimeout(() => navigate(to, { replace: true }), ms);
    return () => window.clearTimeout(timer);
  }, [to, ms, navigate]);
}

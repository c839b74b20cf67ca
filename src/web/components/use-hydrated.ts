import { createContext, createElement, type ReactNode, startTransition, use, useEffect, useState } from 'react';

/** Outside the app's providers (a component test) there is nothing to take over: the browser renders alone. */
const HydratedContext = createContext(true);

/**
 * Says when the app has taken over a server-rendered page. The flag turns true in a transition after the
 * first commit: the parts it changes (buttons enabled, code loaded later) re-render in slices the browser
 * can interrupt, instead of one blocking task right after hydration (issue #14, total blocking time).
 */
export function HydrationProvider({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  // Said on the page once the app answers its controls (a server-rendered page's forms post to the server until
  // then, decision 0056): the browser journeys wait for it before they use the app.
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.app = 'ready';
  }, [hydrated]);
  return createElement(HydratedContext, { value: hydrated }, children);
}

/**
 * False on the server and while a server-rendered page is being taken over, true afterwards: for parts
 * that only the browser shows (code loaded later), so the server's HTML and the first render agree.
 */
export const useHydrated = (): boolean => use(HydratedContext);

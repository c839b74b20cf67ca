import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and while a server-rendered page is being taken over, true afterwards: for parts
 * that only the browser shows (code loaded later), so the server's HTML and the first render agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

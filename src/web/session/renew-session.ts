import { useSyncExternalStore } from 'react';

// The back office's answer to a 401 (decision 0035): one sign-in over the page for every request refused meanwhile,
// each sent again once it succeeds. A small module of its own: the storefront loads the dialog only when it is asked.

type SignInRequest = { promise: Promise<boolean>; settle(signedIn: boolean): void };

let current: SignInRequest | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Asks the user to sign in again; true once they have, false when they gave up. Requests refused together share one ask. */
export function askToSignInAgain(): Promise<boolean> {
  if (!current) {
    let resolve: (signedIn: boolean) => void = () => {};
    const promise = new Promise<boolean>((done) => (resolve = done));
    current = {
      promise,
      settle(signedIn) {
        current = null;
        notify();
        resolve(signedIn);
      },
    };
    notify();
  }
  return current.promise;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The open request to sign in again, if any (null on the server's render). */
export const useSignInRequest = () =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );

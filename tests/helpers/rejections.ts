import { expect } from 'vitest';

/** The error a call was refused with, checked to be of `kind` (a call that succeeded fails the test here). */
export async function rejectionOf<E extends Error>(promise: Promise<unknown>, kind: abstract new (...args: never[]) => E): Promise<E> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(kind);
  return err as E;
}

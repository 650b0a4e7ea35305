import { expect } from 'vitest';

/** What `promise` rejected with, checked to be a `kind`; a promise that resolves fails the test. */
export async function rejectionOf<E extends Error>(promise: Promise<unknown>, kind: abstract new (...args: never[]) => E): Promise<E> {
  const caught = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(caught).toBeInstanceOf(kind);
  return caught as E;
}

import { expect } from "vitest";

/** Awaits a promise that must reject with an instance of `type`, and returns the error. */
export async function rejectionOf<E extends Error>(
  promise: Promise<unknown>,
  type: new (...args: never[]) => E,
): Promise<E> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(type);
  return error as E;
}

/**
 * The error `promise` rejects with, when it is a `type`. A promise that resolves fails the test, and so does
 * a rejection of another kind, with its own error.
 */
export async function rejectionOf<E extends Error>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof type) return error;
    throw error;
  }
  throw new Error(`expected a rejection with ${type.name}, but the promise resolved`);
}

/** One turn of the event loop: what is due on I/O, and rejections left unhandled, get to run. */
export const aTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Resolves to what `promise` rejects with, so its fields can be asserted; fails when it resolves. */
export async function rejectionOf(promise: PromiseLike<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to reject, but it resolved');
}

/** An idempotency key the SDK made: a UUID v4. */
export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

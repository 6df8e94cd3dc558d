/**
 * Spaces the starts of requests at least `1000 / perSecond` ms apart: then no second window,
 * wherever it falls, holds more than `perSecond` starts.
 */
export function createPacer(
  perSecond: number,
  signal: AbortSignal | undefined,
  now: () => number = performance.now.bind(performance),
): () => Promise<void> {
  const gapMs = 1_000 / perSecond;
  let last = Number.NEGATIVE_INFINITY;
  return async () => {
    const wait = last + gapMs - now();
    if (wait > 0) await sleep(Math.ceil(wait), signal);
    signal?.throwIfAborted();
    last = now();
  };
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/**
 * Resolves after `ms`, or rejects with the signal's reason as soon as `signal` aborts (then no
 * timer is left behind). The timer keeps the process alive: a call waiting for a token is work
 * the program is waiting on.
 */
export function waitFor(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject((signal as AbortSignal).reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

import { onAbort } from './abort-listeners.js';

/**
 * Resolves after `ms`, or rejects with the signal's reason as soon as `signal` aborts (then no
 * timer is left behind). The timer keeps the process alive: a call waiting for a token is work
 * the program is waiting on.
 */
export function waitFor(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      stopWaiting?.();
      resolve();
    }, ms);
    const stopWaiting = signal
      ? onAbort(signal, () => {
          clearTimeout(timer);
          reject(signal.reason);
        })
      : undefined;
  });
}

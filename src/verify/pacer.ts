/**
 * The clock a run waits by: pacing, the quiet window before the burst, and the time its reference
 * engines live in. `now` is monotonic milliseconds; `sleep` is `sleep` below. Tests give a virtual
 * one, so a run paced at a few requests a second costs no real time.
 */
export interface VerifyClock {
  now(): number;
  sleep(ms: number, signal: AbortSignal | undefined): Promise<void>;
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
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

/** Real time: the clock of every run but a test's. */
export const realClock: VerifyClock = { now: () => performance.now(), sleep };

/**
 * The clock as milliseconds since the epoch, for a reference engine's `now` (its rate-limit
 * windows): anchored at the present, advancing as the clock does.
 */
export function epochTime(clock: VerifyClock): () => number {
  const offset = Date.now() - clock.now();
  return () => offset + clock.now();
}

/**
 * Spaces the starts of requests at least `1000 / perSecond` ms apart: then no second window,
 * wherever it falls, holds more than `perSecond` starts.
 */
export function createPacer(
  perSecond: number,
  signal: AbortSignal | undefined,
  clock: VerifyClock = realClock,
): () => Promise<void> {
  const gapMs = 1_000 / perSecond;
  let last = Number.NEGATIVE_INFINITY;
  return async () => {
    const wait = last + gapMs - clock.now();
    if (wait > 0) await clock.sleep(Math.ceil(wait), signal);
    signal?.throwIfAborted();
    last = clock.now();
  };
}

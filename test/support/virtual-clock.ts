/**
 * A clock that moves only when something sleeps on it: a wait costs no real time, and what
 * waited shows in `now()`. Starts at the epoch's present so engines that stamp dates by it stamp
 * plausible ones.
 */
export interface VirtualClock {
  /** Milliseconds: the start plus every sleep so far. */
  now(): number;
  /** Moves the clock `ms` on and resolves (on a later turn); rejects with the reason if `signal` aborted. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export function createVirtualClock(start: number = Date.now()): VirtualClock {
  let now = start;
  return {
    now: () => now,
    async sleep(ms, signal) {
      signal?.throwIfAborted();
      now += Math.max(0, ms);
      // A turn of the event loop, as a timer gives: what the sleeper raced with gets to run.
      await new Promise<void>((resolve) => setImmediate(resolve));
      signal?.throwIfAborted();
    },
  };
}

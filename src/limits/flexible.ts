import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { Buckets } from './buckets.js';
import type { KeyLimiter, Limiter, LimitKind } from './limiter.js';
import { waitFor } from './wait.js';

/**
 * A point given back in a window about to end could land in the next one and give it a point
 * too many; nearer the end than this, the point is left where it is.
 */
const GIVE_BACK_MARGIN_MS = 50;

/** rate-limiter-flexible rejects a refused consume with its RateLimiterRes, a store failure with an Error. */
function isRefusal(reason: unknown): reason is RateLimiterRes {
  return (
    typeof reason === 'object' && reason !== null && !(reason instanceof Error) && 'msBeforeNext' in reason
  );
}

/**
 * With `spread`, the n-th token of a window is handed out only at its share of the window
 * (`(n - 1) / points` of the way through), so that a window's tokens go out evenly rather than
 * all at its start; an abort while it waits gives the token back.
 */
async function atItsShare(
  bucket: RateLimiterAbstract,
  key: string,
  taken: RateLimiterRes,
  windowEndsAt: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  const windowMs = bucket.duration * 1_000;
  const releaseAt = windowEndsAt - windowMs + ((taken.consumedPoints - 1) * windowMs) / bucket.points;
  const wait = releaseAt - Date.now();
  if (wait <= 0) return;
  try {
    await waitFor(wait, signal);
  } catch (error) {
    await giveBack(bucket, key, windowEndsAt);
    throw error;
  }
}

/**
 * Takes a point of `bucket` for `key`, waiting for the window to end while it is full. A refused
 * consume still counts its point in the store: it is given back, so that the count stays the
 * tokens handed out and a token given back is free for the next caller. Resolves with the time
 * at which the window of the token ends.
 */
async function take(
  bucket: RateLimiterAbstract,
  key: string,
  signal: AbortSignal | undefined,
  spread = false,
): Promise<number> {
  for (;;) {
    if (signal?.aborted) throw signal.reason;
    try {
      const taken = await bucket.consume(key, 1);
      const windowEndsAt = Date.now() + taken.msBeforeNext;
      if (spread) await atItsShare(bucket, key, taken, windowEndsAt, signal);
      return windowEndsAt;
    } catch (reason) {
      if (!isRefusal(reason)) throw reason;
      if (reason.msBeforeNext > GIVE_BACK_MARGIN_MS) await bucket.reward(key, 1);
      await waitFor(Math.max(1, reason.msBeforeNext), signal);
    }
  }
}

/** Gives a token back to its window, if that window is not over. */
async function giveBack(bucket: RateLimiterAbstract, key: string, windowEndsAt: number): Promise<void> {
  if (windowEndsAt - Date.now() > GIVE_BACK_MARGIN_MS) await bucket.reward(key, 1);
}

/**
 * Blocks `bucket` for `key` during `ms`, in whole seconds: stores such as Redis count in seconds,
 * and below one second would block for ever there. A block already longer is kept.
 */
async function block(bucket: RateLimiterAbstract, key: string, ms: number): Promise<void> {
  if (!(ms > 0)) return;
  const seconds = Math.ceil(ms / 1000);
  const current = await bucket.get(key);
  const blocked = current !== null && current.consumedPoints > bucket.points;
  if (blocked && current.msBeforeNext >= seconds * 1000) return;
  await bucket.block(key, seconds);
}

function keyLimiter(ready: () => Buckets | Promise<Buckets>, key: string, spread: boolean): KeyLimiter {
  return {
    async acquire(kind: LimitKind, signal: AbortSignal | undefined): Promise<void> {
      const { requests, groupActions } = await ready();
      if (kind !== 'groupAction') {
        await take(requests, key, signal, spread);
        return;
      }
      // The scarce token first: a request token taken before a wait of up to a minute would
      // count in a window the call is not sent in.
      const groupWindowEndsAt = await take(groupActions, key, signal);
      try {
        await take(requests, key, signal, spread);
      } catch (error) {
        await giveBack(groupActions, key, groupWindowEndsAt);
        throw error;
      }
    },
    async pause(kind: LimitKind, ms: number): Promise<void> {
      const { requests, groupActions } = await ready();
      await block(kind === 'groupAction' ? groupActions : requests, key, ms);
    },
  };
}

/**
 * A `Limiter` over the buckets `load` makes, in whatever store they keep their counts: the memory
 * of this process, or a store that processes share. `load` runs at once; its failure is the
 * failure of every acquire and pause. `spread` hands out each window's request tokens evenly
 * over it (group actions, a few a minute, are not spread).
 */
export function createFlexibleLimiter(load: () => Promise<Buckets>, spread = false): Limiter {
  let buckets: Buckets | undefined;
  const loading = load().then((loaded) => {
    buckets = loaded;
    return loaded;
  });
  // Reported by the first acquire or pause, not as an unhandled rejection of a limiter unused.
  loading.catch(() => {});
  const ready = () => buckets ?? loading;
  return { forKey: (keyId) => keyLimiter(ready, keyId, spread) };
}

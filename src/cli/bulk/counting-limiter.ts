import type { KeyLimiter, Limiter } from '../../limits/limiter.js';

/**
 * The run's limiter (or none: then every token is given at once) with a count of the 429 answers
 * the run met: the client tells its limiter of each one (`pause`), retried or not.
 */
export function countingLimiter(inner: Limiter | undefined, onTooManyRequests: () => void): Limiter {
  return {
    forKey(keyId: string): KeyLimiter {
      const buckets = inner?.forKey(keyId);
      return {
        acquire: async (kind, signal) => buckets?.acquire(kind, signal),
        pause: async (kind, ms) => {
          onTooManyRequests();
          await buckets?.pause(kind, ms);
        },
      };
    },
  };
}

import type { RateLimiterMemory as RateLimiterMemoryClass } from 'rate-limiter-flexible';
import { bucketSettings } from './buckets.js';
import { createFlexibleLimiter } from './flexible.js';
import type { Limiter } from './limiter.js';
import { type MemoryLimiterOptions, readRates, readSpread } from './options.js';

/**
 * A limiter for the clients of one process (`new LoyaltyClient({ limiter })`): clients with the
 * same API key share its buckets, clients with other keys get their own.
 * `createMemoryLimiter({ requestsPerSecond: 100, groupActionsPerMinute: 10 })`.
 */
export function createMemoryLimiter(options: MemoryLimiterOptions): Limiter {
  const settings = bucketSettings(readRates(options, 'createMemoryLimiter'));
  const spread = readSpread(options, 'createMemoryLimiter');
  // Loaded here rather than by the main entry: a program without a limiter never loads it. Its
  // own file rather than the package's index, which requires Node's cluster and crypto: so the
  // memory limiter works on Workers too.
  return createFlexibleLimiter(async () => {
    // The package declares no types for its files; `as string` spares the look-up, bundlers still see the path.
    const { default: RateLimiterMemory }: { default: typeof RateLimiterMemoryClass } = await import(
      'rate-limiter-flexible/lib/RateLimiterMemory.js' as string
    );
    return {
      requests: new RateLimiterMemory(settings.requests),
      groupActions: new RateLimiterMemory(settings.groupActions),
    };
  }, spread);
}

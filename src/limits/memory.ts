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
  // Loaded here rather than by the main entry: a program without a limiter never loads it.
  return createFlexibleLimiter(async () => {
    const { RateLimiterMemory } = await import('rate-limiter-flexible');
    return {
      requests: new RateLimiterMemory(settings.requests),
      groupActions: new RateLimiterMemory(settings.groupActions),
    };
  }, spread);
}

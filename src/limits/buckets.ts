import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { LimiterRates } from './options.js';

/** The two buckets of every key, as rate-limiter-flexible limiters over one store. */
export interface Buckets {
  requests: RateLimiterAbstract;
  groupActions: RateLimiterAbstract;
}

/**
 * A bucket's settings, whatever the store: a fixed window of whole seconds (stores such as Redis
 * count in whole seconds), `points` tokens in each.
 */
export interface BucketSettings {
  keyPrefix: string;
  points: number;
  duration: number;
}

/**
 * The settings of both buckets. The prefixes name the buckets in a shared store; they are part of
 * the format every process sharing a store must agree on.
 */
export function bucketSettings(rates: LimiterRates): {
  requests: BucketSettings;
  groupActions: BucketSettings;
} {
  return {
    requests: { keyPrefix: 'loyalty-sdk:requests', points: rates.requestsPerSecond, duration: 1 },
    groupActions: {
      keyPrefix: 'loyalty-sdk:group-actions',
      points: rates.groupActionsPerMinute,
      duration: 60,
    },
  };
}

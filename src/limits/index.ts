// The limiter a client takes a token from before each attempt, and the in-memory limiter.
// May use only src/operations (and rate-limiter-flexible, loaded when a limiter is made).

export { type BucketSettings, type Buckets, bucketSettings } from './buckets.js';
export { createFlexibleLimiter } from './flexible.js';
export { limiterKeyId } from './key-id.js';
export type { KeyLimiter, Limiter, LimitKind } from './limiter.js';
export { createMemoryLimiter } from './memory.js';
export {
  LIMITER_OPTION_NAMES,
  type LimiterPacing,
  type LimiterRates,
  type MemoryLimiterOptions,
  RATE_NAMES,
  readRates,
  readSpread,
} from './options.js';

import { bucketSettings } from '../limits/buckets.js';
import { createFlexibleLimiter } from '../limits/flexible.js';
import type { Limiter } from '../limits/limiter.js';
import {
  LIMITER_OPTION_NAMES,
  type LimiterPacing,
  type LimiterRates,
  readRates,
  readSpread,
} from '../limits/options.js';
import { type RedisClient, redisCommands } from './redis-client.js';

/** Options of `createRedisLimiter`. */
export interface RedisLimiterOptions extends LimiterRates, LimiterPacing {
  /** The integrator's ioredis or node-redis client; the limiter never closes it. */
  redis: RedisClient;
}

const WHAT = 'createRedisLimiter';

/**
 * A limiter whose buckets live in Redis: every client of every process that uses the same Redis
 * and the same API key shares them (the key is stored only as its hash), and a 429 pauses them
 * all. `createRedisLimiter({ redis, requestsPerSecond: 100, groupActionsPerMinute: 10 })`.
 */
export function createRedisLimiter(options: RedisLimiterOptions): Limiter {
  const settings = bucketSettings(readRates(options, WHAT, [...LIMITER_OPTION_NAMES, 'redis']));
  const spread = readSpread(options, WHAT);
  const { kind } = redisCommands(options.redis, WHAT);
  const storeClient = options.redis;
  // rate-limiter-flexible knows node-redis 4 by its constructor's name only; later versions are named here.
  const useRedisPackage = kind === 'node-redis';
  return createFlexibleLimiter(async () => {
    const { RateLimiterRedis } = await import('rate-limiter-flexible');
    return {
      requests: new RateLimiterRedis({ storeClient, useRedisPackage, ...settings.requests }),
      groupActions: new RateLimiterRedis({ storeClient, useRedisPackage, ...settings.groupActions }),
    };
  }, spread);
}

/**
 * `loyalty-sdk/redis`: the limiter and the checkpoint a fleet of workers shares through Redis.
 * Bring your own client: ioredis or node-redis (optional peer dependencies; this entry imports
 * neither).
 *
 * @packageDocumentation
 * @module loyalty-sdk/redis
 */
export {
  createRedisCheckpoint,
  createRedisLimiter,
  type RedisCheckpointOptions,
  type RedisClient,
  type RedisLimiterOptions,
} from './index.js';

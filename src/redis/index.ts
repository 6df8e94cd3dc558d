// The Redis limiter and checkpoint, for a fleet of workers that share one API key (loyalty-sdk/redis).
// May use src/bulk, src/limits and src/operations; ioredis or node-redis is the integrator's client.

export { createRedisCheckpoint, type RedisCheckpointOptions } from './checkpoint.js';
export { createRedisLimiter, type RedisLimiterOptions } from './limiter.js';
export { type RedisClient, redisCommands } from './redis-client.js';

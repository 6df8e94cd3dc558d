import type { Checkpoint } from '../../bulk/checkpoint.js';
import { createFileCheckpoint } from '../../bulk/file-checkpoint.js';
import type { Limiter } from '../../limits/limiter.js';
import { createMemoryLimiter } from '../../limits/memory.js';
import { createRedisCheckpoint, createRedisLimiter } from '../../redis/index.js';
import { connectRedis } from './redis-connect.js';

export interface SharedState {
  limiter: Limiter | undefined;
  checkpoint: Checkpoint | undefined;
  /** Lets go of the Redis connection, if one was made. */
  close(): Promise<void>;
}

/**
 * The limiter and checkpoint of a bulk run: `--rps` limits this process (in Redis with `--redis`,
 * shared by every run with the same key); `--checkpoint FILE` records finished rows in a file,
 * else `--redis` records them in Redis for the whole fleet.
 */
export async function sharedState(options: {
  redis: string | undefined;
  rps: number | undefined;
  groupActionsPerMinute: number;
  checkpoint: string | undefined;
  jobId: string;
}): Promise<SharedState> {
  const rates =
    options.rps === undefined
      ? undefined
      : {
          requestsPerSecond: options.rps,
          groupActionsPerMinute: options.groupActionsPerMinute,
          spread: true,
        };
  const redis = options.redis === undefined ? undefined : await connectRedis(options.redis);
  const limiter =
    rates === undefined
      ? undefined
      : redis
        ? createRedisLimiter({ redis: redis.client, ...rates })
        : createMemoryLimiter(rates);
  const checkpoint = options.checkpoint
    ? createFileCheckpoint(options.checkpoint)
    : redis
      ? createRedisCheckpoint({ redis: redis.client, jobId: options.jobId })
      : undefined;
  return { limiter, checkpoint, close: async () => void (await redis?.quit()) };
}

import type { Checkpoint } from '../../bulk/checkpoint.js';
import { openFileCheckpoint } from '../../bulk/file-checkpoint.js';
import type { Limiter } from '../../limits/limiter.js';
import { createMemoryLimiter } from '../../limits/memory.js';
import { createRedisCheckpoint, createRedisLimiter } from '../../redis/index.js';
import { messageOf } from '../shared/error-message.js';
import { UsageError } from '../shared/usage-error.js';
import { connectRedis } from './redis-connect.js';

export interface SharedState {
  limiter: Limiter | undefined;
  checkpoint: Checkpoint | undefined;
  /** Lets go of the checkpoint file (when the job did not) and of the Redis connection, if one was made. */
  close(): Promise<void>;
}

/** `--checkpoint FILE`, opened and read now: a file that is no checkpoint, or that cannot be written, is refused before anything is sent. */
function fileCheckpoint(path: string): Promise<Checkpoint> {
  return openFileCheckpoint(path).catch((error: unknown) => {
    // The SDK's message starts with the path.
    throw new UsageError(`--checkpoint ${messageOf(error)}`, { cause: error });
  });
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
  const file = options.checkpoint ? await fileCheckpoint(options.checkpoint) : undefined;
  const redis =
    options.redis === undefined
      ? undefined
      : await connectRedis(options.redis).catch(async (error: unknown) => {
          await file?.close();
          throw error;
        });
  const limiter =
    rates === undefined
      ? undefined
      : redis
        ? createRedisLimiter({ redis: redis.client, ...rates })
        : createMemoryLimiter(rates);
  const checkpoint =
    file ?? (redis ? createRedisCheckpoint({ redis: redis.client, jobId: options.jobId }) : undefined);
  const close = async () => {
    await file?.close();
    await redis?.quit();
  };
  return { limiter, checkpoint, close };
}

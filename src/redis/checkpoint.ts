import type { Checkpoint, CheckpointEntry } from '../bulk/checkpoint.js';
import { checkNames } from '../core/index.js';
import { type RedisClient, redisCommands } from './redis-client.js';

/** Options of `createRedisCheckpoint`. */
export interface RedisCheckpointOptions {
  /** The integrator's ioredis or node-redis client; the checkpoint never closes it. */
  redis: RedisClient;
  /** The job whose items it records: the same `jobId` as the job's options. */
  jobId: string;
  /** How long Redis keeps the records after the last one. Default 30 days. */
  ttlSeconds?: number | undefined;
}

const WHAT = 'createRedisCheckpoint';
const OPTION_NAMES = ['redis', 'jobId', 'ttlSeconds'] as const;
const DEFAULT_TTL_SECONDS = 30 * 24 * 60 * 60;
/** The prefix of the checkpoint's Redis key; part of the format every worker must agree on. */
const REDIS_CHECKPOINT_PREFIX = 'loyalty-sdk:checkpoint:';

/**
 * A checkpoint in a Redis set, one member per item that succeeded (its derived Idempotency-Key),
 * shared by every worker of the job. Each record is sent to Redis before the item counts as
 * done, so a worker killed at any moment loses nothing that Redis acknowledged; durability past
 * a Redis restart is Redis's own (its `appendonly` setting).
 */
export function createRedisCheckpoint(options: RedisCheckpointOptions): Checkpoint {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`${WHAT} takes an object: { redis, jobId }`);
  }
  checkNames(options, OPTION_NAMES, `${WHAT} option`, (message) => {
    throw new TypeError(message);
  });
  const { send } = redisCommands(options.redis, WHAT);
  if (typeof options.jobId !== 'string' || options.jobId === '') {
    throw new TypeError(`${WHAT} needs jobId: the job's id, a non-empty string`);
  }
  const ttl = options.ttlSeconds ?? DEFAULT_TTL_SECONDS;
  if (!Number.isInteger(ttl) || ttl < 1) {
    throw new RangeError(`${WHAT} option ttlSeconds must be a positive integer, got ${ttl}`);
  }
  const key = `${REDIS_CHECKPOINT_PREFIX}${options.jobId}`;
  const expire = () => send(['EXPIRE', key, String(ttl)]);
  let expirySet = false;
  return {
    async isDone(entry: CheckpointEntry) {
      return Number(await send(['SISMEMBER', key, entry.idempotencyKey])) === 1;
    },
    async markDone(entry: CheckpointEntry) {
      await send(['SADD', key, entry.idempotencyKey]);
      if (!expirySet) {
        expirySet = true;
        await expire();
      }
    },
    async close() {
      if (expirySet) await expire();
    },
  };
}

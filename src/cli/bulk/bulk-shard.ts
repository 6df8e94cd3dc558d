import type { BulkShard } from '../../bulk/types.js';
import { UsageError } from '../shared/usage-error.js';

/** A worker's share of the rows, and the task variables it was read from (`--shard auto`). */
export interface CliShard extends BulkShard {
  /** `NAME=value` of each variable `--shard auto` read: the resume line sets them again. */
  readFrom: string[];
}

/**
 * The task engines `--shard auto` knows, by the variable holding the task's index (0-based), and
 * the one holding the count when the engine sets one (else `--shard-count` gives it).
 */
export const SHARD_ENGINES = [
  { engine: 'a Kubernetes Indexed Job', index: 'JOB_COMPLETION_INDEX', count: undefined },
  { engine: 'a Cloud Run job', index: 'CLOUD_RUN_TASK_INDEX', count: 'CLOUD_RUN_TASK_COUNT' },
  { engine: 'an AWS Batch array job', index: 'AWS_BATCH_JOB_ARRAY_INDEX', count: undefined },
] as const;

const WHOLE = /^\d+$/;

function whole(value: string, what: string): number {
  if (!WHOLE.test(value))
    throw new UsageError(`${what} must be a whole number, got ${JSON.stringify(value)}`);
  return Number(value);
}

function checked(index: number, count: number, readFrom: string[], what: string): CliShard {
  if (count < 1) throw new UsageError(`${what}: the count must be at least 1, got ${count}`);
  if (index >= count)
    throw new UsageError(`${what}: the index (0-based) must be below the count, got ${index} of ${count}`);
  return { index, count, readFrom };
}

function noTaskIndex(): never {
  const engines = SHARD_ENGINES.map(
    ({ engine, index, count }) => `${index}${count ? ` and ${count}` : ''} (${engine})`,
  ).join(', ');
  throw new UsageError(
    `--shard auto found no task index: it reads ${engines}, the count from --shard-count N where the engine sets none; elsewhere give --shard INDEX/COUNT`,
  );
}

/** `--shard auto`: the index (and count) the task's engine set, the count else from `--shard-count`. */
function fromTask(shardCount: string | undefined, env: NodeJS.ProcessEnv): CliShard {
  const found = SHARD_ENGINES.find(({ index }) => env[index] !== undefined);
  if (found === undefined) return noTaskIndex();
  const index = whole(env[found.index] as string, found.index);
  const readFrom = [`${found.index}=${index}`];
  const given = shardCount === undefined ? undefined : whole(shardCount, '--shard-count');
  let count = given;
  if (found.count !== undefined && env[found.count] !== undefined) {
    count = whole(env[found.count] as string, found.count);
    readFrom.push(`${found.count}=${count}`);
    if (given !== undefined && given !== count)
      throw new UsageError(`--shard-count ${given} differs from ${found.count}=${count}: leave it out`);
  }
  if (count === undefined)
    throw new UsageError(
      `--shard auto read ${found.index} (${found.engine}): give the count with --shard-count N`,
    );
  return checked(index, count, readFrom, `--shard auto (${found.index})`);
}

/** `--shard INDEX/COUNT` (0-based: 0/4 .. 3/4) or `--shard auto [--shard-count N]`; undefined without --shard. */
export function parseShard(
  shard: string | undefined,
  shardCount: string | undefined,
  env: NodeJS.ProcessEnv,
): CliShard | undefined {
  if (shard === 'auto') return fromTask(shardCount, env);
  if (shardCount !== undefined)
    throw new UsageError('--shard-count goes with --shard auto (--shard INDEX/COUNT gives the count itself)');
  if (shard === undefined) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(shard);
  if (match === null)
    throw new UsageError(
      `--shard takes INDEX/COUNT (0-based: 0/4 to 3/4) or auto, got ${JSON.stringify(shard)}`,
    );
  return checked(Number(match[1]), Number(match[2]), [], `--shard ${shard}`);
}

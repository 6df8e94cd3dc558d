import { checkNames, type Fail } from '../core/index.js';
import { type BudgetLedger, checkBudget, createBudgetLedger } from './budget.js';
import type { Checkpoint } from './checkpoint.js';
import { type BulkSource, isBulkSource, knownSize } from './source.js';
import type { BulkItemEvent, BulkOptions, BulkProgress, BulkRun, BulkShard } from './types.js';

export const DEFAULT_CONCURRENCY = 8;
export const MAX_CONCURRENCY = 1_024;

const OPTION_NAMES = [
  'jobId',
  'itemKey',
  'concurrency',
  'checkpoint',
  'shard',
  'signal',
  'onProgress',
  'onItem',
  'total',
  'budget',
] as const satisfies readonly (keyof BulkOptions<unknown>)[];

/** A job's options, checked, with their defaults. */
export interface BulkJob<T, R> {
  source: BulkSource<T>;
  run: BulkRun<T, R>;
  jobId: string;
  itemKey: (item: T) => string | number;
  concurrency: number;
  checkpoint: Checkpoint | undefined;
  /** Undefined when the job is not split (no shard, or a count of 1). */
  shard: BulkShard | undefined;
  signal: AbortSignal | undefined;
  onItem: ((event: BulkItemEvent<T, R>) => void | Promise<void>) | undefined;
  onProgress: ((progress: BulkProgress) => void) | undefined;
  total: number | undefined;
  /** The job's budget, counting what its group actions claimed. */
  budget: BudgetLedger | undefined;
}

const isFunction = (value: unknown): boolean => typeof value === 'function';

function optionalFunction(value: unknown, name: string, fail: Fail): void {
  if (value !== undefined && !isFunction(value)) fail(`${name} must be a function`);
}

function checkJobId(jobId: unknown, fail: Fail): string {
  if (typeof jobId !== 'string' || jobId.length === 0) {
    fail('bulk needs a jobId: a non-empty string naming the job, the same on every worker and every re-run');
  }
  if (jobId.includes('\0')) fail('jobId must not hold a NUL character (it separates the job from the item)');
  return jobId;
}

/** The count given, else the source's own size; a shard's share of a size is not known ahead. */
function checkTotal(value: unknown, source: BulkSource<unknown>, shard: BulkShard | undefined, fail: Fail) {
  if (value === undefined) return shard ? undefined : knownSize(source);
  if (!Number.isInteger(value) || (value as number) < 0)
    fail(`total must be a whole number of items (0 or more), got ${String(value)}`);
  return value as number;
}

function checkConcurrency(value: unknown, fail: Fail): number {
  if (value === undefined) return DEFAULT_CONCURRENCY;
  if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > MAX_CONCURRENCY) {
    fail(`concurrency must be an integer from 1 to ${MAX_CONCURRENCY}, got ${String(value)}`);
  }
  return value as number;
}

function checkShard(value: unknown, fail: Fail): BulkShard | undefined {
  if (value === undefined) return undefined;
  const { index, count } = (value ?? {}) as Partial<BulkShard>;
  if (!Number.isInteger(count) || (count as number) < 1) fail('shard.count must be an integer of at least 1');
  if (!Number.isInteger(index) || (index as number) < 0 || (index as number) >= (count as number)) {
    fail(`shard.index must be an integer from 0 to shard.count - 1 (${(count as number) - 1})`);
  }
  return count === 1 ? undefined : { index: index as number, count: count as number };
}

function checkCheckpoint(value: unknown, fail: Fail): Checkpoint | undefined {
  if (value === undefined) return undefined;
  const candidate = (value ?? {}) as Partial<Record<keyof Checkpoint, unknown>>;
  if (!isFunction(candidate.isDone) || !isFunction(candidate.markDone) || !isFunction(candidate.close)) {
    fail('checkpoint must have isDone, markDone and close methods (e.g. createFileCheckpoint(path))');
  }
  return value as Checkpoint;
}

/** Checks everything before the first item is read; `fail` throws the SDK's usage error. */
export function resolveJob<T, R>(source: unknown, run: unknown, options: unknown, fail: Fail): BulkJob<T, R> {
  if (!isBulkSource(source))
    fail('bulk items must be an Iterable or an AsyncIterable (an array, a generator)');
  if (!isFunction(run)) fail('bulk needs a function (item, call) => the call for that item');
  if (typeof options !== 'object' || options === null) fail('bulk needs options with jobId and itemKey');
  checkNames(options, OPTION_NAMES, 'bulk option', fail);
  const given = options as BulkOptions<T, R>;
  if (!isFunction(given.itemKey)) fail('bulk needs itemKey: a function giving the unique key of an item');
  optionalFunction(given.onItem, 'onItem', fail);
  optionalFunction(given.onProgress, 'onProgress', fail);
  if (given.signal !== undefined && !(given.signal instanceof AbortSignal))
    fail('signal must be an AbortSignal');
  const shard = checkShard(given.shard, fail);
  const budget = checkBudget(given.budget, 'budget', fail);
  return {
    source: source as BulkSource<T>,
    run: run as BulkRun<T, R>,
    jobId: checkJobId(given.jobId, fail),
    itemKey: given.itemKey,
    concurrency: checkConcurrency(given.concurrency, fail),
    checkpoint: checkCheckpoint(given.checkpoint, fail),
    shard,
    signal: given.signal,
    onItem: given.onItem,
    onProgress: given.onProgress,
    total: checkTotal(given.total, source as BulkSource<T>, shard, fail),
    budget: budget && createBudgetLedger(budget),
  };
}

import type { GroupActionBudget } from './budget.js';
import type { Checkpoint } from './checkpoint.js';

/** What `run` gets beside the item: pass it as the request options of the item's one call. */
export interface BulkCall {
  /** Derived from `jobId` and the item's key alone: the same on every machine and every re-run. */
  readonly idempotencyKey: string;
  /** The call's own signal, aborted with the job's `signal`: an aborted job aborts the calls in flight. */
  readonly signal: AbortSignal;
  /** The job's `budget`, when it has one: a group action given it runs its dry run first. */
  readonly budget?: GroupActionBudget;
}

/** This worker's share of the items: those whose key digest, modulo `count`, is `index`. */
export interface BulkShard {
  /** 0 .. count - 1. */
  index: number;
  /** How many workers share the job; 1 is the whole job. */
  count: number;
}

export type BulkItemStatus = 'succeeded' | 'failed' | 'skipped';

/** One item's outcome, given to `onItem` as soon as it is known. */
export type BulkItemEvent<T, R> =
  | { status: 'succeeded'; item: T; itemKey: string; idempotencyKey: string; result: R }
  | { status: 'skipped'; item: T; itemKey: string; idempotencyKey: string }
  | {
      status: 'failed';
      item: T;
      itemKey: string;
      /** Undefined when the item's key could not be computed. */
      idempotencyKey: string | undefined;
      error: unknown;
    };

/** The job so far, given to `onProgress` at most every 250 ms and once at the end. */
export interface BulkProgress {
  /** Items with an outcome: succeeded + skipped + failed. */
  done: number;
  succeeded: number;
  skipped: number;
  failed: number;
  /** Known when the items have a size (an array, a Set, a Map) and the job is not sharded. */
  total?: number;
  /** Items sent (succeeded + failed) per second since the job started. */
  ratePerSecond: number;
  /** The items left at `ratePerSecond`; known with `total` once an item was sent. */
  etaMs?: number;
  elapsedMs: number;
}

export interface BulkFailure {
  itemKey: string;
  error: unknown;
}

/** What `client.bulk` resolves to once every item of this worker's share has an outcome. */
export interface BulkSummary {
  /** Items of this worker's share that were read: succeeded + skipped + failed. */
  total: number;
  succeeded: number;
  /** Items a checkpoint recorded as finished by an earlier run. */
  skipped: number;
  failed: number;
  /** The first 1,000 failures, in the order they happened; `failed` counts them all. */
  failures: BulkFailure[];
  elapsedMs: number;
}

/** The options of `client.bulk` (docs/bulk-jobs.md). */
export interface BulkOptions<T, R = unknown> {
  /** Names the job; with `itemKey` it makes each item's Idempotency-Key. Required, no NUL character. */
  jobId: string;
  /** What makes an item unique in the job (an order id). Required; a non-empty string or a number. */
  itemKey: (item: T) => string | number;
  /** Calls in flight at most. Default 8; 1 to 1024. */
  concurrency?: number | undefined;
  /** Records finished items so that a job started again skips them. The job closes it when it ends. */
  checkpoint?: Checkpoint | undefined;
  /** This worker's share of the items; default: all of them. */
  shard?: BulkShard | undefined;
  /** Stops the job: no new item starts, the calls in flight are aborted, the job rejects with `LoyaltyAbortError`. */
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: BulkProgress) => void) | undefined;
  /**
   * How many items the job will see, when its source cannot say (a generator, lines read as they
   * come): `onProgress` then gets `total` and `etaMs`. An array, a Set or a Map says it itself.
   */
  total?: number | undefined;
  /** Awaited when it returns a promise; the item holds its place among the `concurrency` until then. */
  onItem?: ((event: BulkItemEvent<T, R>) => void | Promise<void>) | undefined;
  /**
   * The most the job's group actions may reach and grant together. Each group action whose call
   * gets `call` runs its dry run first; the one that would take the job past the budget is not
   * applied, and the job stops as on an error: no new item, the calls in flight finish, the job
   * rejects with `LoyaltyBudgetError`.
   */
  budget?: GroupActionBudget | undefined;
}

/** The one call a job makes for an item; it should pass `call` as the call's request options. */
export type BulkRun<T, R> = (item: T, call: BulkCall) => Promise<R> | R;

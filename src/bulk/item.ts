import { LoyaltyBudgetError } from './budget-error.js';
import type { CheckpointEntry } from './checkpoint.js';
import { checkItemKey, identifyItem, isInShard } from './item-key.js';
import type { BulkJob } from './options.js';
import type { Tally } from './tally.js';
import type { BulkItemEvent } from './types.js';

/** A job in progress: its options, its counts, and the first error that stops it. */
export interface RunningJob<T, R> extends BulkJob<T, R> {
  tally: Tally;
  /** Every call's signal: aborted with the caller's. */
  callSignal: AbortSignal;
  /** Stops the job: no new item starts; the first error given is what the job rejects with. */
  halt(error: unknown): void;
}

type Identified<T> = { entry: CheckpointEntry } | { failure: BulkItemEvent<T, never> } | undefined;

/** The item's key and Idempotency-Key; undefined when the item belongs to another shard. */
async function identify<T, R>(job: RunningJob<T, R>, item: T, index: number): Promise<Identified<T>> {
  let itemKey: string;
  try {
    itemKey = checkItemKey(job.itemKey(item));
  } catch (error) {
    // Without a key there is no shard: the first shard alone reports the item, so it counts once.
    if (job.shard && job.shard.index !== 0) return undefined;
    return {
      failure: { status: 'failed', item, itemKey: `(item ${index})`, idempotencyKey: undefined, error },
    };
  }
  const { idempotencyKey, bucket } = await identifyItem(job.jobId, itemKey);
  if (!isInShard(bucket, job.shard)) return undefined;
  return { entry: { itemKey, idempotencyKey } };
}

/** Sends the item; a thrown error (a validation error before sending too) is the item's failure. */
async function send<T, R>(
  job: RunningJob<T, R>,
  item: T,
  entry: CheckpointEntry,
): Promise<BulkItemEvent<T, R>> {
  try {
    const call = { idempotencyKey: entry.idempotencyKey, signal: job.callSignal };
    const result = await job.run(item, job.budget ? { ...call, budget: job.budget } : call);
    return { status: 'succeeded', item, ...entry, result };
  } catch (error) {
    return { status: 'failed', item, ...entry, error };
  }
}

async function settleItem<T, R>(job: RunningJob<T, R>, event: BulkItemEvent<T, R>): Promise<void> {
  job.tally.count(event.status, event.itemKey, event.status === 'failed' ? event.error : undefined);
  await job.onItem?.(event);
  job.tally.report();
}

/**
 * One item, from its key to its outcome. An item's own failure is counted and reported; an error
 * of the checkpoint or of a callback halts the job (nothing more could be recorded or reported).
 */
export async function runItem<T, R>(job: RunningJob<T, R>, item: T, index: number): Promise<void> {
  try {
    const identified = await identify(job, item, index);
    if (identified === undefined) return;
    if ('failure' in identified) return await settleItem(job, identified.failure);
    const { entry } = identified;
    if (job.checkpoint && (await job.checkpoint.isDone(entry))) {
      return await settleItem(job, { status: 'skipped', item, ...entry });
    }
    // Aborted while this item was being looked up: it was not started, so it has no outcome.
    if (job.callSignal.aborted) return;
    const event = await send(job, item, entry);
    if (event.status === 'succeeded' && job.checkpoint) {
      // The item succeeded whatever the checkpoint says: it is counted, and the job stops.
      try {
        await job.checkpoint.markDone(entry);
      } catch (error) {
        job.halt(error);
      }
    }
    await settleItem(job, event);
    if (event.status === 'failed' && event.error instanceof LoyaltyBudgetError) job.halt(event.error);
  } catch (error) {
    job.halt(error);
  }
}

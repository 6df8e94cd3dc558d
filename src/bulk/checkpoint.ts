/** How a checkpoint knows an item. */
export interface CheckpointEntry {
  /** The item's key, as `itemKey` gave it (numbers as strings). */
  readonly itemKey: string;
  /**
   * The Idempotency-Key derived from the job id and the item key. Checkpoints match on it, so the
   * records of another job (another `jobId` with the same file) never make an item count as done.
   */
  readonly idempotencyKey: string;
}

/**
 * Where a job records the items that succeeded. Every method may answer at once or with a
 * promise, so that a store across the network (Redis) fits as well as a file.
 *
 * Only successes are recorded: a failed item, or one whose outcome is unknown (the process died
 * with its call in flight), is sent again by the next run with the same key, and the service
 * answers a repeated key with the first answer instead of applying it twice.
 */
export interface Checkpoint {
  /** Whether an earlier run recorded the item as done. */
  isDone(entry: CheckpointEntry): boolean | Promise<boolean>;
  /** Records that the item succeeded; a promise here holds the item until it settles (back-pressure). */
  markDone(entry: CheckpointEntry): void | Promise<void>;
  /** Makes what was recorded durable and lets go of the store; the job calls it once, when it ends. */
  close(): void | Promise<void>;
}

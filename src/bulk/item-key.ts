import { sha256Hex } from '../limits/sha256.js';
import type { BulkShard } from './types.js';

/** Marks the derivation: another one later would make other keys, and must say so by its prefix. */
export const BULK_KEY_PREFIX = 'bulk-v1-';

export interface ItemIdentity {
  /** `bulk-v1-` and the lower-case hex SHA-256 of the UTF-8 of `jobId`, a NUL byte and `itemKey`: 72 characters. */
  idempotencyKey: string;
  /** The digest's first four bytes as an unsigned big-endian integer: what `shard` takes the modulo of. */
  bucket: number;
}

/**
 * The item's Idempotency-Key and shard bucket, from the job id and the item key alone, so every
 * worker and every re-run agrees without asking anyone. `printf '%s\0%s' "$JOB" "$ITEM" | sha256sum`
 * gives the same digest. The job id holds no NUL (checked with the options), so the NUL parts
 * the two unambiguously.
 */
export async function identifyItem(jobId: string, itemKey: string): Promise<ItemIdentity> {
  const hex = await sha256Hex(`${jobId}\0${itemKey}`);
  return { idempotencyKey: `${BULK_KEY_PREFIX}${hex}`, bucket: Number.parseInt(hex.slice(0, 8), 16) };
}

/** Whether an item of this bucket is the shard's (every item is, without a shard). */
export function isInShard(bucket: number, shard: BulkShard | undefined): boolean {
  return shard === undefined || bucket % shard.count === shard.index;
}

/**
 * The Idempotency-Key a job named `jobId` sends for the item `itemKey` (to look one up, or to
 * test): a promise, since off Node the digest comes from Web Crypto. `itemKey` as the job's
 * `itemKey` option returns it: a non-empty string, or a number (taken as its text).
 */
export async function deriveIdempotencyKey(jobId: string, itemKey: string | number): Promise<string> {
  return (await identifyItem(jobId, checkItemKey(itemKey))).idempotencyKey;
}

/** The item key as `itemKey` gave it, or why it is no key. */
export function checkItemKey(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.length > 0) return value;
  const shown = typeof value === 'string' ? 'an empty string' : String(value);
  throw new TypeError(`itemKey must return a non-empty string or a finite number, got ${shown}`);
}

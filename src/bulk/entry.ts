/**
 * `loyalty-sdk/bulk`: the file checkpoint (Node, Bun and Deno) of bulk jobs, the rows of a file
 * as a job's source (`readLines`), and the types of `client.bulk` for code that builds its options
 * elsewhere.
 *
 * @packageDocumentation
 * @module loyalty-sdk/bulk
 */
export type * from './checkpoint.js';
export { createFileCheckpoint, type FileCheckpointOptions } from './file-checkpoint.js';
export { BULK_KEY_PREFIX, deriveIdempotencyKey } from './item-key.js';
export {
  DEFAULT_MAX_ROW_BYTES,
  type ReadLinesOptions,
  type RowRefusal,
  readLines,
  type SourceLine,
} from './line-source.js';
export type * from './types.js';

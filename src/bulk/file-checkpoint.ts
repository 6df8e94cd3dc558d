import type { Checkpoint, CheckpointEntry } from './checkpoint.js';
import { type CheckpointFile, checkpointLine, openCheckpointFile } from './checkpoint-file.js';
import { requireLastingFiles } from './file-system.js';

/** When records reach the disk (docs/bulk-jobs.md, "Resuming after a crash"). */
export interface FileCheckpointOptions {
  /** Written and fsynced once this many records wait. Default 1,000; 1 syncs every record. */
  fsyncEvery?: number | undefined;
  /** Written and fsynced at most this long after a record arrived. Default 1,000 ms. */
  fsyncIntervalMs?: number | undefined;
}

const DEFAULTS = { fsyncEvery: 1_000, fsyncIntervalMs: 1_000 };

function positiveInteger(value: number | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) throw new TypeError(`${name} must be a positive integer`);
  return value;
}

/**
 * A checkpoint in an append-only file of JSON lines: its header, then one line per item that
 * succeeded (the keys of earlier runs are held; this run's are not looked up again). Records wait in
 * memory and reach the file together, with an fsync, every `fsyncEvery` records or
 * `fsyncIntervalMs`, and on `close`. A crash loses at most the records still waiting: their
 * items are sent again with the same keys, and the service answers them with their first answer.
 * One process per file (a fleet shares a Redis checkpoint, or gives each shard its own file).
 */
class FileCheckpoint implements Checkpoint {
  readonly #path: string | URL;
  readonly #every: number;
  readonly #intervalMs: number;
  #opening: Promise<CheckpointFile> | undefined;
  #opened: CheckpointFile | undefined;
  #waiting: string[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #writing: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(path: string | URL, options: FileCheckpointOptions) {
    this.#path = path;
    this.#every = positiveInteger(options.fsyncEvery, 'fsyncEvery', DEFAULTS.fsyncEvery);
    this.#intervalMs = positiveInteger(options.fsyncIntervalMs, 'fsyncIntervalMs', DEFAULTS.fsyncIntervalMs);
  }

  isDone(entry: CheckpointEntry): boolean | Promise<boolean> {
    if (this.#opened) return this.#opened.done.has(entry.idempotencyKey);
    return this.open().then((opened) => opened.done.has(entry.idempotencyKey));
  }

  markDone(entry: CheckpointEntry): void | Promise<void> {
    if (this.#closed) throw new Error(`The checkpoint ${String(this.#path)} is closed`);
    this.#waiting.push(checkpointLine(entry));
    if (this.#waiting.length >= this.#every) return this.#flush();
    // A failed write is kept in #writing: the next markDone or close rejects with it.
    this.#timer ??= setTimeout(() => this.#flush().catch(() => {}), this.#intervalMs);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    try {
      await this.#flush();
    } finally {
      const opened = await this.#opening?.catch(() => undefined);
      await opened?.handle.close();
    }
  }

  /** Opens and reads the file, once: a file that is no checkpoint is refused here, before any item is sent. */
  open(): Promise<CheckpointFile> {
    this.#opening ??= openCheckpointFile(this.#path).then((opened) => {
      this.#opened = opened;
      return opened;
    });
    return this.#opening;
  }

  /** Writes what waits, then fsyncs; one write at a time, in order. A failure sticks. */
  #flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const text = this.#waiting.join('');
    this.#waiting = [];
    this.#writing = this.#writing.then(async () => {
      if (text === '') return;
      const { handle } = await this.open();
      await handle.appendFile(text);
      await handle.datasync();
    });
    return this.#writing;
  }
}

/**
 * A checkpoint kept in the file at `path` (Node, Bun and Deno; elsewhere it refuses, saying what
 * to use). The file is opened when the job first reads it: created with its header if it does not
 * exist; refused, and left as it is, if it is not a checkpoint (docs/bulk-jobs.md).
 */
export function createFileCheckpoint(path: string | URL, options: FileCheckpointOptions = {}): Checkpoint {
  requireLastingFiles('createFileCheckpoint');
  return new FileCheckpoint(path, options);
}

/** `createFileCheckpoint` with its file opened now: a file it cannot use is refused before the job starts. */
export async function openFileCheckpoint(
  path: string | URL,
  options: FileCheckpointOptions = {},
): Promise<Checkpoint> {
  requireLastingFiles('createFileCheckpoint');
  const checkpoint = new FileCheckpoint(path, options);
  await checkpoint.open();
  return checkpoint;
}

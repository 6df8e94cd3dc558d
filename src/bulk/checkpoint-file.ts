import type { CheckpointEntry } from './checkpoint.js';
import { loadFileSystem } from './file-system.js';

/** One record of a checkpoint file: a line of JSON, ending with `\n`. */
export function checkpointLine(entry: CheckpointEntry): string {
  return `${JSON.stringify({ idempotencyKey: entry.idempotencyKey, itemKey: entry.itemKey })}\n`;
}

const NEWLINE = 0x0a;

function keyOf(line: string, path: string, number: number): string {
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    record = undefined;
  }
  const key = (record as Partial<CheckpointEntry> | undefined)?.idempotencyKey;
  if (typeof key !== 'string') {
    throw new Error(
      `${path}, line ${number}, is not a checkpoint record: only the last line of a checkpoint file ` +
        'can be damaged (by a crash while writing it). Is this the file of another program?',
    );
  }
  return key;
}

/**
 * The keys a checkpoint file records. A last line without its `\n` was torn by a crash while it
 * was written: it is ignored and cut off, so that the next record starts on a line of its own
 * (its item is sent again, with the same key). Any other line that is no record is an error.
 * Reads the file as a stream: only the keys are kept.
 */
export async function readCheckpointFile(path: string | URL): Promise<Set<string>> {
  const keys = new Set<string>();
  const { open, truncate } = await loadFileSystem();
  const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!handle) return keys;
  let pending: Buffer = Buffer.alloc(0);
  let complete = 0;
  let number = 0;
  try {
    for await (const chunk of handle.createReadStream({ autoClose: false }) as AsyncIterable<Buffer>) {
      const buffer = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
      let start = 0;
      for (let end = buffer.indexOf(NEWLINE); end !== -1; end = buffer.indexOf(NEWLINE, start)) {
        number += 1;
        const line = buffer.toString('utf8', start, end);
        if (line.trim() !== '') keys.add(keyOf(line, String(path), number));
        complete += end - start + 1;
        start = end + 1;
      }
      pending = buffer.subarray(start);
    }
  } finally {
    await handle.close();
  }
  if (pending.length > 0) await truncate(path, complete);
  return keys;
}

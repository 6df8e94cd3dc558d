import type { FileHandle } from 'node:fs/promises';
import { LoyaltyError, writtenFileProblem } from '../core/index.js';
import type { CheckpointEntry } from './checkpoint.js';
import { loadFileSystem } from './file-system.js';

/** The format this version reads and writes, as the header gives it. */
const FORMAT = 1;

/**
 * The first line of every checkpoint file: it says what the file is, so that no other file (a
 * `VERSION`, a token) is ever taken for a checkpoint and written; a later format changes the number.
 */
const CHECKPOINT_HEADER = `${JSON.stringify({ loyaltySdkCheckpoint: FORMAT })}\n`;

/** How much of a file is read to find its header: far more than any header, far less than a file. */
const HEADER_READ_BYTES = 1_024;

const NEWLINE = 0x0a;

/** One record of a checkpoint file: a line of JSON, ending with `\n`. */
export function checkpointLine(entry: CheckpointEntry): string {
  return `${JSON.stringify({ idempotencyKey: entry.idempotencyKey, itemKey: entry.itemKey })}\n`;
}

/** A checkpoint file that cannot be used: the message starts with its path. */
const refusal = (path: string | URL, problem: string, cause?: unknown) =>
  new LoyaltyError(`${String(path)}: ${problem}`, { cause });

function refusalOf(path: string | URL, error: unknown): LoyaltyError {
  return refusal(path, writtenFileProblem(error) ?? (error as Error).message, error);
}

function lineKey(line: string, path: string | URL, number: number): string {
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    record = undefined;
  }
  const key = (record as Partial<CheckpointEntry> | undefined)?.idempotencyKey;
  if (typeof key !== 'string') {
    throw new LoyaltyError(
      `${String(path)}, line ${number}, is not a checkpoint record: only the last line of a checkpoint file ` +
        'can be damaged (by a crash while writing it); the file is left as it is: mend or delete that line',
    );
  }
  return key;
}

/** The format a header line names; `undefined` when the line is no header. */
function headerFormat(line: string): unknown {
  try {
    const header: unknown = JSON.parse(line);
    return typeof header === 'object' && header !== null && 'loyaltySdkCheckpoint' in header
      ? header.loyaltySdkCheckpoint
      : undefined;
  } catch {
    return undefined;
  }
}

/** Where the records start: after the header, which is checked before anything else is read or written. */
async function recordsStart(handle: FileHandle, path: string | URL): Promise<number> {
  const { buffer, bytesRead } = await handle.read({ buffer: Buffer.alloc(HEADER_READ_BYTES), position: 0 });
  const end = buffer.subarray(0, bytesRead).indexOf(NEWLINE);
  const format = end === -1 ? undefined : headerFormat(buffer.toString('utf8', 0, end));
  if (format === FORMAT) return end + 1;
  if (format !== undefined)
    throw refusal(
      path,
      `it is a checkpoint of format ${JSON.stringify(format)}, which another version of loyalty-sdk wrote (this one reads format ${FORMAT}); ` +
        'run that version, or give a new path',
    );
  throw refusal(
    path,
    `it is not a checkpoint (its first line is not ${CHECKPOINT_HEADER.trim()}), so nothing was written to it; ` +
      'give a new path, or, if an earlier loyalty-sdk wrote it (without the header), delete it to start over',
  );
}

/**
 * Opens the file for appending, never through a symbolic link (O_NOFOLLOW): a link would have us
 * write the file it points to. A path that does not exist is created, exclusively (O_EXCL).
 */
async function openOwnFile(path: string | URL): Promise<FileHandle> {
  const { open, lstat, constants } = await loadFileSystem();
  const { O_RDWR, O_APPEND, O_CREAT, O_EXCL } = constants;
  const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
  // Where the system has no O_NOFOLLOW (Windows), the link is looked for first.
  if (O_NOFOLLOW === 0 && (await lstat(path).catch(() => undefined))?.isSymbolicLink())
    throw refusalOf(path, { code: 'ELOOP' });
  const existing = await open(path, O_RDWR | O_APPEND | O_NOFOLLOW).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw refusalOf(path, error);
  });
  if (existing) return existing;
  return open(path, O_RDWR | O_APPEND | O_NOFOLLOW | O_CREAT | O_EXCL).catch((error: unknown) => {
    throw refusalOf(path, error);
  });
}

/**
 * The keys recorded from `start` on. A last line without its `\n` was torn by a crash while it
 * was written: it is ignored and cut off, so that the next record starts on a line of its own
 * (its item is sent again, with the same key). Any other line that is no record is an error.
 * Reads the file as a stream: only the keys are kept.
 */
async function readRecords(handle: FileHandle, path: string | URL, start: number): Promise<Set<string>> {
  const keys = new Set<string>();
  let pending: Buffer = Buffer.alloc(0);
  let complete = start;
  let number = 1;
  for await (const chunk of handle.createReadStream({ start, autoClose: false }) as AsyncIterable<Buffer>) {
    const buffer = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
    let from = 0;
    for (let end = buffer.indexOf(NEWLINE); end !== -1; end = buffer.indexOf(NEWLINE, from)) {
      number += 1;
      const line = buffer.toString('utf8', from, end);
      if (line.trim() !== '') keys.add(lineKey(line, path, number));
      complete += end - from + 1;
      from = end + 1;
    }
    pending = buffer.subarray(from);
  }
  if (pending.length > 0) await handle.truncate(complete);
  return keys;
}

/** A checkpoint file open for appending, and the keys earlier runs recorded in it. */
export interface CheckpointFile {
  handle: FileHandle;
  done: Set<string>;
}

/**
 * Opens the checkpoint file at `path`: a path that does not exist, or an empty file, gets the
 * header; a file that does not start with the header is refused and left as it is (never cut,
 * never written), and so are a symbolic link, a folder and anything but a regular file. Every
 * refusal is a `LoyaltyError` whose message starts with the path and says what to do.
 */
export async function openCheckpointFile(path: string | URL): Promise<CheckpointFile> {
  const handle = await openOwnFile(path);
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw refusal(path, 'it is not a regular file; give the path of a file');
    if (stats.size === 0) {
      await handle.appendFile(CHECKPOINT_HEADER);
      await handle.datasync();
    }
    const start = await recordsStart(handle, path);
    return { handle, done: await readRecords(handle, path, start) };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { deeperThan, MAX_PRINTED_DEPTH, shellQuote } from '../../core/index.js';
import { UsageError } from './usage-error.js';

/** The most a key file (`--api-key-file`, `--token-file`) may hold: one key and its line break, with room to spare. */
export const KEY_FILE_BYTES = 4 * 1024;

/** The most a config, a profile or a `--data` body may hold: the largest profile verify writes is a few KiB. */
export const CONFIG_FILE_BYTES = 4 * 1024 * 1024;

/** A file a flag names, and the most it may hold. */
export interface FileLimit {
  /** The flag that names the file, as typed: `--api-key-file`. */
  flag: string;
  maxBytes: number;
  /** What such a file holds, said when one is past a limit: `a key file holds one key`. */
  holds: string;
}

const CHUNK_BYTES = 64 * 1024;

/** `4 KiB`, `4 MiB`: the limits are whole powers of two. */
function sizeOf(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** An error as fs throws one, with the code that says why (EFBIG: past the limit). */
function fileError(code: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}

/**
 * The text of `file`, read in chunks and never more than `maxBytes + 1` bytes of it: a file
 * larger than that, `/dev/zero`, a FIFO or a file that grows while read is refused with code
 * EFBIG (a regular file by its size, before a byte is read). A folder is EISDIR; other failures
 * are fs's own (ENOENT, EACCES).
 */
export function readCapped(file: string, maxBytes: number): string {
  const fd = openSync(file, 'r');
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw fileError('EISDIR', `${file} is a folder`);
    const tooLarge = () => fileError('EFBIG', `${file} is larger than ${sizeOf(maxBytes)}`);
    if (stat.isFile() && stat.size > maxBytes) throw tooLarge();
    const chunks: Buffer[] = [];
    let total = 0;
    while (total <= maxBytes) {
      const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, maxBytes + 1 - total));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      total += read;
    }
    if (total > maxBytes) throw tooLarge();
    return Buffer.concat(chunks, total).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * The one line a file a flag names is refused with: `--config c.json: no such file`; without
 * `shown` (what was given was no file), `--data: is not valid JSON: ...`.
 */
export function fileProblem(limit: FileLimit, shown: string | undefined, problem: string): UsageError {
  return new UsageError(`${limit.flag}${shown === undefined ? ':' : ` ${shellQuote(shown)}:`} ${problem}`);
}

/** What is said of a file past its limit: `larger than 4 KiB; a key file holds one key`. */
export const largerThan = (limit: FileLimit): string =>
  `larger than ${sizeOf(limit.maxBytes)}; ${limit.holds}`;

function whyUnread(error: unknown, limit: FileLimit): string {
  return (error as NodeJS.ErrnoException).code === 'EFBIG' ? largerThan(limit) : unreadReason(error);
}

/** Why a file could not be opened or read, for after its flag and path: `no such file`. */
export function unreadReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'is a folder, not a file';
  if (code === 'EACCES' || code === 'EPERM')
    return 'permission denied: make it readable, or name another file';
  return `cannot read it (${code ?? (error as Error).message})`;
}

/** `readCapped` of the file a flag names; a failure is one line naming the flag. `shown`: the value as typed, if not the path. */
export function readFlagFile(file: string, limit: FileLimit, shown = file): string {
  try {
    return readCapped(file, limit.maxBytes);
  } catch (error) {
    throw fileProblem(limit, shown, whyUnread(error, limit));
  }
}

/** JSON text from where a flag says: parsed, and nested at most MAX_PRINTED_DEPTH deep (deeper, the checks and messages that follow would run out of stack). */
export function parseFlagJson(text: string, limit: FileLimit, shown: string | undefined): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw fileProblem(limit, shown, `is not valid JSON: ${(error as Error).message}`);
  }
  if (deeperThan(value, MAX_PRINTED_DEPTH))
    throw fileProblem(limit, shown, `nests deeper than ${MAX_PRINTED_DEPTH} levels; ${limit.holds}`);
  return value;
}

/** How a command reads the text of a file a flag names: `readFlagFile`, or a stand-in in tests. */
export type ReadFlagFile = (file: string, limit: FileLimit) => string;

/** The JSON of the file a flag names, read with its limit and nested at most MAX_PRINTED_DEPTH deep. */
export function readJsonFile(file: string, limit: FileLimit, read: ReadFlagFile = readFlagFile): unknown {
  return parseFlagJson(read(file, limit), limit, file);
}

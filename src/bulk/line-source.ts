import { checkNames, fail } from '../core/index.js';
import { firstInvalidUtf8Byte } from './utf8.js';

/** The most bytes a row may hold unless told otherwise: far above any row of a call, and flat in memory. */
export const DEFAULT_MAX_ROW_BYTES = 1024 * 1024;

/** How `readLines` cuts its input into rows (docs/bulk-jobs.md, "Rows of a file"). */
export interface ReadLinesOptions {
  /** The most bytes a row may hold, its line break left out; a longer row is refused, never held whole. Default 1 MiB. */
  maxRowBytes?: number | undefined;
  /** A line break between double quotes belongs to the row, as in a CSV (RFC 4180). Default false. */
  csvQuotes?: boolean | undefined;
}

/** Why a row was not read: it was longer than `maxRowBytes`, or not UTF-8. */
export interface RowRefusal {
  reason: 'too-long' | 'not-utf8';
  /** One line naming the row's line (and the byte, for UTF-8) and what to do. */
  message: string;
}

/** One row of the input: its text, or why it was refused; `line` (from 1) is where it starts. */
export type SourceLine =
  | { line: number; text: string; refused?: undefined }
  | { line: number; text?: undefined; refused: RowRefusal };

const OPTION_NAMES = ['maxRowBytes', 'csvQuotes'] as const satisfies readonly (keyof ReadLinesOptions)[];
const NEWLINE = 0x0a;
const QUOTE = 0x22;
const RETURN = 0x0d;
const BOM = [0xef, 0xbb, 0xbf];
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function checkOptions(options: ReadLinesOptions): { maxRowBytes: number; csvQuotes: boolean } {
  checkNames(options, OPTION_NAMES, 'readLines option');
  const { maxRowBytes = DEFAULT_MAX_ROW_BYTES, csvQuotes = false } = options;
  if (!Number.isInteger(maxRowBytes) || maxRowBytes < 1)
    fail(`maxRowBytes must be a whole number of bytes of at least 1, got ${String(maxRowBytes)}`);
  return { maxRowBytes, csvQuotes };
}

/** The bytes of the row being read: at most a byte past the cap (a `\r` may end it), then none. */
class RowBytes {
  #parts: Uint8Array[] = [];
  /** The parts before this one are copies of their own. */
  #kept = 0;
  #size = 0;
  /** Past the cap: the rest of the row is skipped, not kept. */
  tooLong = false;

  constructor(readonly maxRowBytes: number) {}

  get empty(): boolean {
    return this.#size === 0 && !this.tooLong;
  }

  /** Its parts copied out of the chunk just read: a source may reuse a chunk, and each is let go. */
  keep(): void {
    for (let index = this.#kept; index < this.#parts.length; index++)
      this.#parts[index] = (this.#parts[index] as Uint8Array).slice();
    this.#kept = this.#parts.length;
  }

  add(part: Uint8Array): void {
    if (this.tooLong || part.length === 0) return;
    if (this.#size + part.length > this.maxRowBytes + 1) {
      this.tooLong = true;
      this.#parts = [];
      this.#kept = 0;
      return;
    }
    this.#parts.push(part);
    this.#size += part.length;
  }

  #joined(): Uint8Array {
    const parts = this.#parts;
    if (parts.length === 1) return parts[0] as Uint8Array;
    const bytes = new Uint8Array(this.#size);
    let at = 0;
    for (const part of parts) {
      bytes.set(part, at);
      at += part.length;
    }
    return bytes;
  }

  /** The row's bytes without a final `\r`; undefined when it was longer than the cap. Starts the next row. */
  take(): Uint8Array | undefined {
    const { tooLong } = this;
    let bytes = this.#joined();
    this.#parts = [];
    this.#kept = 0;
    this.#size = 0;
    this.tooLong = false;
    if (bytes.at(-1) === RETURN) bytes = bytes.subarray(0, -1);
    return tooLong || bytes.length > this.maxRowBytes ? undefined : bytes;
  }
}

function startsWithBom(bytes: Uint8Array): boolean {
  return BOM.every((byte, index) => bytes[index] === byte);
}

/** The row starting on `line`, decoded, or refused naming the line (and the byte) that is wrong. */
function rowOf(bytes: Uint8Array | undefined, line: number, maxRowBytes: number): SourceLine {
  if (bytes === undefined) {
    const message = `line ${line}: the row is longer than maxRowBytes (${maxRowBytes} bytes); shorten it, or raise maxRowBytes`;
    return { line, refused: { reason: 'too-long', message } };
  }
  const skipped = line === 1 && startsWithBom(bytes) ? BOM.length : 0;
  try {
    return { line, text: UTF8.decode(bytes.subarray(skipped)) };
  } catch {
    const at = skipped + firstInvalidUtf8Byte(bytes.subarray(skipped));
    const before = bytes.subarray(0, at);
    const breaks = before.filter((byte) => byte === NEWLINE).length;
    const byte = at - before.lastIndexOf(NEWLINE);
    const value = (bytes[at] as number).toString(16).toUpperCase().padStart(2, '0');
    const message = `line ${line + breaks}: byte ${byte} is not UTF-8 (0x${value}); save the file as UTF-8`;
    return { line, refused: { reason: 'not-utf8', message } };
  }
}

/**
 * The rows of a stream of bytes (a file's `createReadStream`, `process.stdin`, a response's body),
 * one per line, read as they are needed: a bulk job's source. A row longer than `maxRowBytes` is
 * refused without being held (its bytes are skipped to the end of its line), and so is one that
 * is not UTF-8 (never decoded with U+FFFD in place of its bytes): each is a `SourceLine` with
 * `refused`, and the rows after it are read as usual. A `\r` before the line break and a UTF-8
 * byte order mark at the start are left out; an empty line is an empty row.
 */
export async function* readLines(
  input: AsyncIterable<Uint8Array>,
  options: ReadLinesOptions = {},
): AsyncGenerator<SourceLine> {
  const { maxRowBytes, csvQuotes } = checkOptions(options);
  const row = new RowBytes(maxRowBytes);
  let line = 1;
  let breaks = 0;
  let quoted = false;
  for await (const chunk of input) {
    let from = 0;
    let quote = csvQuotes ? chunk.indexOf(QUOTE) : -1;
    while (from < chunk.length) {
      const end = chunk.indexOf(NEWLINE, from);
      const to = end === -1 ? chunk.length : end;
      for (; quote !== -1 && quote < to; quote = chunk.indexOf(QUOTE, quote + 1)) quoted = !quoted;
      row.add(chunk.subarray(from, to));
      if (end === -1) break;
      from = end + 1;
      if (quoted) {
        row.add(chunk.subarray(end, from));
        breaks += 1;
        continue;
      }
      yield rowOf(row.take(), line, maxRowBytes);
      line += breaks + 1;
      breaks = 0;
    }
    row.keep();
  }
  if (!row.empty) yield rowOf(row.take(), line, maxRowBytes);
}

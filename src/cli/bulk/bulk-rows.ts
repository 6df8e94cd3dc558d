import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { parse as parseLine } from 'csv-parse/sync';
import { readLines, type SourceLine } from '../../bulk/line-source.js';
import { shellQuote } from '../../core/index.js';
import { unreadReason } from '../shared/capped-file.js';
import { UsageError } from '../shared/usage-error.js';
import { cellsAsWritten } from './bulk-cells.js';

/** How a bulk file is written: a CSV with a header, or JSON lines. */
export type RowFormat = 'csv' | 'jsonl';

/** One row of the input, with where it is, for messages and the failures file. */
export interface Row {
  /** 1-based line of the file where the row starts (a CSV's header is line 1). */
  line: number;
  fields: Record<string, unknown>;
  /** Why the row could not be read (too long, not UTF-8), naming its line: an invalid row. */
  refused?: string | undefined;
}

/** Where the rows are, and the longest a row may be (`--max-row-bytes`). */
interface RowInput {
  file: string;
  format: RowFormat;
  maxRowBytes: number;
}

/** The format of `file` by its extension; `-` (stdin) is JSON lines. */
export function formatOf(file: string): RowFormat {
  if (file === '-' || /\.(jsonl|ndjson)$/i.test(file)) return 'jsonl';
  if (/\.csv$/i.test(file)) return 'csv';
  throw new UsageError(
    `--file ${file}: give a .csv (with a header), a .jsonl file, or - for JSON lines on stdin`,
  );
}

/** The bytes of `file` (stdin for `-`); a file that cannot be read is one line naming --file. */
async function* bytesOf(file: string): AsyncGenerator<Uint8Array> {
  if (file === '-') {
    yield* process.stdin;
    return;
  }
  try {
    yield* createReadStream(file);
  } catch (error) {
    throw new UsageError(`--file ${shellQuote(file)}: ${unreadReason(error)}`);
  }
}

/** A row that could not be read, said in the command's words (the SDK names the option `maxRowBytes`). */
function refusedRow(source: Extract<SourceLine, { refused: object }>, input: RowInput): Row {
  const refused =
    source.refused.reason === 'too-long'
      ? `line ${source.line}: the row is longer than --max-row-bytes (${input.maxRowBytes} bytes); shorten it, or raise --max-row-bytes`
      : source.refused.message;
  return { line: source.line, fields: {}, refused };
}

/**
 * CSV rows, the records parsed by csv-parse from the rows `readLines` read and checked: a refused
 * row reaches the parser as a row of empty cells, so every record the parser gives is the row
 * next in `order` (its line, or the refused row); rows not yet parsed are few, as the parser
 * takes text only as fast as it gives records.
 */
async function* csvRows(input: RowInput): AsyncGenerator<Row> {
  const order: (number | Row)[] = [];
  async function* texts(): AsyncGenerator<string> {
    let empty: string | undefined;
    for await (const source of readLines(bytesOf(input.file), {
      maxRowBytes: input.maxRowBytes,
      csvQuotes: true,
    })) {
      if (source.refused) {
        const row = refusedRow(source, input);
        if (empty === undefined)
          throw new UsageError(`--file ${shellQuote(input.file)}: its header cannot be read: ${row.refused}`);
        order.push(row);
        yield empty;
      } else if (source.text.trim() !== '') {
        if (empty === undefined) {
          const header = (parseLine(source.text) as string[][])[0] ?? [];
          empty = `${header.map(() => '""').join(',')}\n`;
        } else order.push(source.line);
        yield `${source.text}\n`;
      }
    }
  }
  const cells = cellsAsWritten();
  const parser = parse({ columns: cells.columns, trim: true });
  // Its failure is the parser's, which the loop below throws.
  pipeline(Readable.from(texts()), parser).catch(() => {});
  for await (const fields of parser as AsyncIterable<Record<string, string>>) {
    const next = order.shift();
    if (typeof next === 'number') yield { line: next, fields: cells.values(fields) };
    else if (next !== undefined) yield { ...next, fields: cells.values(fields) };
  }
}

async function* jsonRows(input: RowInput): AsyncGenerator<Row> {
  for await (const source of readLines(bytesOf(input.file), { maxRowBytes: input.maxRowBytes })) {
    if (source.refused) {
      yield refusedRow(source, input);
      continue;
    }
    const { line, text } = source;
    if (text.trim() === '') continue;
    let fields: unknown;
    try {
      fields = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`line ${line}: not JSON (${(error as Error).message})`);
    }
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
      throw new UsageError(`line ${line}: each line must be a JSON object`);
    }
    yield { line, fields: fields as Record<string, unknown> };
  }
}

/** The rows of the file (or stdin), read as they are needed, each at most `maxRowBytes` long. */
export function readRows(input: RowInput): AsyncGenerator<Row> {
  return input.format === 'csv' ? csvRows(input) : jsonRows(input);
}

import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { UsageError } from '../shared/usage-error.js';
import { cellsAsWritten } from './bulk-cells.js';

/** How a bulk file is written: a CSV with a header, or JSON lines. */
export type RowFormat = 'csv' | 'jsonl';

/** One row of the input, with where it is, for messages and the failures file. */
export interface Row {
  /** 1-based line of the file (a CSV's header is line 1). */
  line: number;
  fields: Record<string, unknown>;
}

/** The format of `file` by its extension; `-` (stdin) is JSON lines. */
export function formatOf(file: string): RowFormat {
  if (file === '-' || /\.(jsonl|ndjson)$/i.test(file)) return 'jsonl';
  if (/\.csv$/i.test(file)) return 'csv';
  throw new UsageError(
    `--file ${file}: give a .csv (with a header), a .jsonl file, or - for JSON lines on stdin`,
  );
}

const open = (file: string): Readable => (file === '-' ? process.stdin : createReadStream(file));

async function* csvRows(input: Readable): AsyncGenerator<Row> {
  const cells = cellsAsWritten();
  const parser = input.pipe(
    parse({ columns: cells.columns, skip_empty_lines: true, trim: true, bom: true, info: true }),
  );
  for await (const { record, info } of parser as AsyncIterable<{
    record: Record<string, string>;
    info: { lines: number };
  }>) {
    yield { line: info.lines, fields: cells.values(record) };
  }
}

async function* jsonRows(input: Readable): AsyncGenerator<Row> {
  let line = 0;
  for await (const text of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
    line += 1;
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

/** The rows of `file` (or stdin), read as they are needed. */
export function readRows(file: string, format: RowFormat = formatOf(file)): AsyncGenerator<Row> {
  const input = open(file);
  return format === 'csv' ? csvRows(input) : jsonRows(input);
}

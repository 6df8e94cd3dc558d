import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import { FAILURE_COLUMNS, type FailureOutcome, isFailureColumn } from './bulk-outcome.js';
import type { Row, RowFormat } from './bulk-rows.js';

/** What the failures file says of a failed row beyond its fields. */
export interface RowFailure {
  error: string;
  outcome: FailureOutcome;
  /** The item key the row went under (bulk-outcome.ts `rowItemKey`). */
  sentItemKey: string;
}

/**
 * The failures file: each failed row in the input's format with its failure added (last CSV
 * columns, or fields: `error`, `outcome`, `sentItemKey`), so that it can be fed back in as it is,
 * fixed or not: those columns are read back for the row's item key, never sent.
 */
export class FailuresFile {
  readonly #stream: WriteStream;
  readonly #format: RowFormat;
  #columns: string[] | undefined;
  count = 0;

  constructor(path: string, format: RowFormat) {
    this.#stream = createWriteStream(path, { flags: 'w' });
    this.#format = format;
  }

  async add(row: Row, failure: RowFailure): Promise<void> {
    this.count += 1;
    const fields = Object.fromEntries(Object.entries(row.fields).filter(([name]) => !isFailureColumn(name)));
    let text: string;
    if (this.#format === 'jsonl') {
      text = `${JSON.stringify({ ...fields, ...failure })}\n`;
    } else {
      const header = this.#columns === undefined;
      this.#columns ??= [...Object.keys(fields), ...FAILURE_COLUMNS];
      const all: Record<string, unknown> = { ...fields, ...failure };
      const values = this.#columns.map((column) => all[column] ?? '');
      text = `${header ? stringify([this.#columns]) : ''}${stringify([values])}`;
    }
    if (!this.#stream.write(text)) await once(this.#stream, 'drain');
  }

  async close(): Promise<void> {
    this.#stream.end();
    await once(this.#stream, 'finish');
  }
}

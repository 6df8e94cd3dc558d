import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import type { Row, RowFormat } from './bulk-rows.js';

/**
 * The failures file: each failed row in the input's format with its error added (a last CSV
 * column `error`, or an `error` field), so that it can be fed back in as it is (the `error`
 * column is ignored on input).
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

  async add(row: Row, error: string): Promise<void> {
    this.count += 1;
    const { error: _previous, ...fields } = row.fields;
    let text: string;
    if (this.#format === 'jsonl') {
      text = `${JSON.stringify({ ...fields, error })}\n`;
    } else {
      const header = this.#columns === undefined;
      this.#columns ??= [...Object.keys(fields), 'error'];
      const values = this.#columns.map((column) => (column === 'error' ? error : (fields[column] ?? '')));
      text = `${header ? stringify([this.#columns]) : ''}${stringify([values])}`;
    }
    if (!this.#stream.write(text)) await once(this.#stream, 'drain');
  }

  async close(): Promise<void> {
    this.#stream.end();
    await once(this.#stream, 'finish');
  }
}

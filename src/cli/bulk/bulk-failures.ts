import { once } from 'node:events';
import { createWriteStream, rmSync, type WriteStream } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import { createWrittenFile } from '../shared/written-file.js';
import { neutralised } from './bulk-cells.js';
import { FAILURE_COLUMNS, type FailureOutcome, isFailureColumn } from './bulk-outcome.js';
import type { Row, RowFormat } from './bulk-rows.js';

/**
 * One CSV line: each cell neutralised (bulk-cells.ts), and quoted when it starts or ends with
 * white space, which the reader would otherwise trim: read back, the rows are those first read.
 */
function csvLine(cells: readonly unknown[]): string {
  const shown = cells.map((cell) => (typeof cell === 'string' ? neutralised(cell) : cell));
  return stringify([shown], { quoted_match: /^\s|\s$/ });
}

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
 * fixed or not: those columns are read back for the row's item key, never sent. A CSV's cells
 * cannot run as formulas in a spreadsheet, and are read back as they were (bulk-cells.ts); JSON
 * lines need nothing of the kind: a spreadsheet opens them as text.
 *
 * It exists after a run exactly when a row of that run failed: made at the first failed row (a
 * CSV's header with it), and a file of that name left by an earlier run is removed when the run
 * starts, so an old failure is never taken for a new one. An empty file would say neither.
 */
export class FailuresFile {
  readonly #path: string;
  readonly #format: RowFormat;
  #stream: WriteStream | undefined;
  #columns: string[] | undefined;
  count = 0;

  /** Where it is written, as `--failures` named it. */
  get path(): string {
    return this.#path;
  }

  constructor(path: string, format: RowFormat) {
    this.#path = path;
    this.#format = format;
    rmSync(path, { force: true });
  }

  async add(row: Row, failure: RowFailure): Promise<void> {
    this.count += 1;
    this.#stream ??= createWriteStream(this.#path, { fd: createWrittenFile('--failures', this.#path) });
    const stream = this.#stream;
    const fields = Object.fromEntries(Object.entries(row.fields).filter(([name]) => !isFailureColumn(name)));
    let text: string;
    if (this.#format === 'jsonl') {
      text = `${JSON.stringify({ ...fields, ...failure })}\n`;
    } else {
      const header = this.#columns === undefined;
      this.#columns ??= [...Object.keys(fields), ...FAILURE_COLUMNS];
      const all: Record<string, unknown> = { ...fields, ...failure };
      const values = this.#columns.map((column) => all[column] ?? '');
      text = `${header ? csvLine(this.#columns) : ''}${csvLine(values)}`;
    }
    if (!stream.write(text)) await once(stream, 'drain');
  }

  async close(): Promise<void> {
    if (this.#stream === undefined) return;
    this.#stream.end();
    await once(this.#stream, 'finish');
  }
}

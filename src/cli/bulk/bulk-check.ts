/**
 * The rows of a bulk run, checked before the first request (every row mapped to its call as the
 * SDK would check it), and read again for the run.
 */

import { UsageError } from '../shared/usage-error.js';
import type { BulkCommand } from './bulk-args.js';
import { SHOWN_ROWS } from './bulk-failed-rows.js';
import { mapRow, type RowCall, unusedColumns } from './bulk-map.js';
import { rowItemKey } from './bulk-outcome.js';
import { readRows } from './bulk-rows.js';
import type { BulkStop } from './bulk-stop.js';

/** Without --key-field, a column named `id`; a row known only by its line could not be sent again safely. */
function keyFieldOf(row: RowCall['row']): string {
  if ('id' in row.fields) return 'id';
  throw new UsageError(
    'bulk needs --key-field NAME: the column that identifies a row (an order id), so that a row sent again ' +
      '(a resumed run, a failures file fed back) gets the same Idempotency-Key; or name that column id',
  );
}

export interface Checked {
  valid: number;
  invalid: { row: RowCall['row']; message: string }[];
  /** Stdin can be read once: its valid rows are kept for the run. */
  kept: RowCall[] | undefined;
}

/** Every row checked before the first request, as the SDK would check its call. */
export async function checkRows(command: BulkCommand): Promise<Checked> {
  const checked: Checked = { valid: 0, invalid: [], kept: command.file === '-' ? [] : undefined };
  let first = true;
  for await (const row of readRows(command.file, command.format)) {
    if (first) {
      first = false;
      command.mapping.keyField ??= keyFieldOf(row);
      const unused = unusedColumns(row, command.mapping);
      if (unused.length > 0)
        process.stderr.write(
          `bulk: columns not used (no parameter of ${command.operation.id}): ${unused.join(', ')}\n`,
        );
    }
    try {
      const call = mapRow(row, command.mapping);
      checked.valid += 1;
      checked.kept?.push(call);
    } catch (error) {
      checked.invalid.push({ row, message: (error as Error).message });
    }
  }
  return checked;
}

/** A row's value of the key field, as the failed rows' lines name it. */
export function keyOf(row: RowCall['row'], command: BulkCommand): string {
  const key = command.mapping.keyField === undefined ? undefined : row.fields[command.mapping.keyField];
  return key === undefined || key === '' ? '?' : rowItemKey(row.fields, String(key));
}

/** The valid rows, from the file read again (stdin's were kept); none once Ctrl+C asked to stop. */
export async function* validRows(
  command: BulkCommand,
  checked: Checked,
  stop: BulkStop,
): AsyncGenerator<RowCall> {
  for await (const call of checked.kept ?? mappedRows(command)) {
    if (stop.requested) return;
    yield call;
  }
}

async function* mappedRows(command: BulkCommand): AsyncGenerator<RowCall> {
  for await (const row of readRows(command.file, command.format)) {
    try {
      yield mapRow(row, command.mapping);
    } catch {
      // Invalid: counted and reported by the check.
    }
  }
}

export function refuseInvalid(command: BulkCommand, checked: Checked): never {
  const lines = checked.invalid.slice(0, SHOWN_ROWS).map(({ message }) => `  ${message}`);
  const more =
    checked.invalid.length > SHOWN_ROWS ? [`  ... and ${checked.invalid.length - SHOWN_ROWS} more`] : [];
  process.stderr.write(
    `${[`bulk: ${checked.invalid.length} of ${checked.invalid.length + checked.valid} rows are invalid:`, ...lines, ...more].join('\n')}\n`,
  );
  throw new UsageError(
    `nothing was sent: fix the rows, or add --skip-invalid to send the others${command.failures ? ` (the invalid ones go to ${command.failures})` : ''}`,
  );
}

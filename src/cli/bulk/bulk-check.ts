/**
 * The rows of a bulk run, checked before the first request (every row mapped to its call as the
 * SDK would check it), and read again for the run.
 */

import { identifyItem, isInShard } from '../../bulk/item-key.js';
import { counted } from '../../core/index.js';
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
  /** Every row of the file. */
  rows: number;
  /** The valid rows of this worker's share (--shard); of the file without one. */
  valid: number;
  /** Every invalid row of the file, each saying whether it is this worker's to report. */
  invalid: { row: RowCall['row']; message: string; mine: boolean }[];
  /** Stdin can be read once: its valid rows are kept for the run. */
  kept: RowCall[] | undefined;
}

/**
 * Whether a row is this worker's under --shard, by the SDK's rule (its item key's bucket); a row
 * without a key has no bucket: the first shard reports it, so that it counts once in the fleet.
 */
async function isMine(command: BulkCommand, itemKey: string | undefined): Promise<boolean> {
  if (command.shard === undefined) return true;
  if (itemKey === undefined) return command.shard.index === 0;
  return isInShard((await identifyItem(command.jobId, itemKey)).bucket, command.shard);
}

/** Every row checked before the first request, as the SDK would check its call. */
export async function checkRows(command: BulkCommand): Promise<Checked> {
  const checked: Checked = { rows: 0, valid: 0, invalid: [], kept: command.file === '-' ? [] : undefined };
  let first = true;
  for await (const row of readRows(command.file, command.format)) {
    checked.rows += 1;
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
      if (await isMine(command, call.itemKey)) checked.valid += 1;
      checked.kept?.push(call);
    } catch (error) {
      const mine = await isMine(command, itemKeyOf(row, command));
      checked.invalid.push({ row, message: (error as Error).message, mine });
    }
  }
  return checked;
}

/** The item key a row goes under; undefined when it has no value of the key field. */
function itemKeyOf(row: RowCall['row'], command: BulkCommand): string | undefined {
  const key = command.mapping.keyField === undefined ? undefined : row.fields[command.mapping.keyField];
  return key === undefined || key === '' ? undefined : rowItemKey(row.fields, String(key));
}

/** A row's value of the key field, as the failed rows' lines name it. */
export function keyOf(row: RowCall['row'], command: BulkCommand): string {
  return itemKeyOf(row, command) ?? '?';
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
    `${[`bulk: ${checked.invalid.length} of ${counted(checked.rows, 'row')} ${checked.invalid.length === 1 ? 'is' : 'are'} invalid:`, ...lines, ...more].join('\n')}\n`,
  );
  throw new UsageError(
    `nothing was sent: fix the rows, or add --skip-invalid to send the others${command.failures ? ` (the invalid ones go to ${command.failures})` : ''}`,
  );
}

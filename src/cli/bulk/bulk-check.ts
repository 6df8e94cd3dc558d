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
import { mapHint } from './bulk-map-hint.js';
import { rowItemKey } from './bulk-outcome.js';
import { type Row, readRows } from './bulk-rows.js';
import type { BulkStop } from './bulk-stop.js';

/** Without --key-field, a column named `id`; a row known only by its line could not be sent again safely. */
function keyFieldOf(row: Row): string {
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
  /** The invalid rows of the file. */
  invalid: number;
  /** The invalid rows of this worker's share (--shard): those it reports; all of them without one. */
  invalidMine: number;
  /** What is wrong with the first SHOWN_ROWS invalid rows: the others are only counted. */
  shown: string[];
  /** Stdin can be read once: its rows are kept for the run. */
  kept: Mapped[] | undefined;
}

/** A row with its call, or with what is wrong with it. */
type Mapped =
  | { row: Row; call: RowCall; message?: undefined }
  | { row: Row; call?: undefined; message: string };

/**
 * Whether a row is this worker's under --shard, by the SDK's rule (its item key's bucket); a row
 * without a key has no bucket: the first shard reports it, so that it counts once in the fleet.
 */
async function isMine(command: BulkCommand, itemKey: string | undefined): Promise<boolean> {
  if (command.shard === undefined) return true;
  if (itemKey === undefined) return command.shard.index === 0;
  return isInShard((await identifyItem(command.jobId, itemKey)).bucket, command.shard);
}

function mapped(row: Row, command: BulkCommand): Mapped {
  try {
    return { row, call: mapRow(row, command.mapping) };
  } catch (error) {
    return { row, message: (error as Error).message };
  }
}

/** The file's rows read again (stdin's were kept), each with its call or what is wrong with it. */
async function* mappedRows(command: BulkCommand, checked: Checked): AsyncGenerator<Mapped> {
  if (checked.kept) yield* checked.kept;
  else for await (const row of readRows(command)) yield mapped(row, command);
}

/** What the first readable row says of the file: the key field, and the columns that fill nothing. */
function checkColumns(command: BulkCommand, row: Row): void {
  command.mapping.keyField ??= keyFieldOf(row);
  const unused = unusedColumns(row, command.mapping);
  if (unused.length > 0)
    process.stderr.write(
      `bulk: columns not used (no parameter of ${command.operation.id}): ${unused.join(', ')}\n`,
    );
  const hint = mapHint(row, command.mapping, unused);
  if (hint !== undefined) process.stderr.write(`bulk: ${hint}\n`);
}

/**
 * Every row checked before the first request, as the SDK would check its call; the invalid ones
 * counted (the first few kept for the message), so that memory stays flat with the file.
 */
export async function checkRows(command: BulkCommand): Promise<Checked> {
  const checked: Checked = {
    rows: 0,
    valid: 0,
    invalid: 0,
    invalidMine: 0,
    shown: [],
    kept: command.file === '-' ? [] : undefined,
  };
  let first = true;
  for await (const row of readRows(command)) {
    checked.rows += 1;
    if (first && row.refused === undefined) {
      first = false;
      checkColumns(command, row);
    }
    const one = mapped(row, command);
    if (one.call !== undefined) {
      if (await isMine(command, one.call.itemKey)) checked.valid += 1;
    } else {
      checked.invalid += 1;
      if (checked.shown.length < SHOWN_ROWS) checked.shown.push(one.message);
      if (await isMine(command, itemKeyOf(row, command))) checked.invalidMine += 1;
    }
    checked.kept?.push(one);
  }
  return checked;
}

/** The item key a row goes under; undefined when it has no value of the key field. */
function itemKeyOf(row: Row, command: BulkCommand): string | undefined {
  const key = command.mapping.keyField === undefined ? undefined : row.fields[command.mapping.keyField];
  return key === undefined || key === '' ? undefined : rowItemKey(row.fields, String(key));
}

/** A row's value of the key field, as the failed rows' lines name it. */
export function keyOf(row: Row, command: BulkCommand): string {
  return itemKeyOf(row, command) ?? '?';
}

/**
 * The valid rows, from the file read again (stdin's were kept); none once Ctrl+C asked to stop.
 * This worker's invalid rows go to `invalid` as the reading meets them: none is kept.
 */
export async function* validRows(
  command: BulkCommand,
  checked: Checked,
  stop: BulkStop,
  invalid: (row: Row, message: string) => Promise<void>,
): AsyncGenerator<RowCall> {
  for await (const { row, call, message } of mappedRows(command, checked)) {
    if (stop.requested) return;
    if (call !== undefined) yield call;
    else if (await isMine(command, itemKeyOf(row, command))) await invalid(row, message);
  }
}

export function refuseInvalid(command: BulkCommand, checked: Checked): never {
  const lines = checked.shown.map((message) => `  ${message}`);
  const more = checked.invalid > SHOWN_ROWS ? [`  ... and ${checked.invalid - SHOWN_ROWS} more`] : [];
  process.stderr.write(
    `${[`bulk: ${checked.invalid} of ${counted(checked.rows, 'row')} ${checked.invalid === 1 ? 'is' : 'are'} invalid:`, ...lines, ...more].join('\n')}\n`,
  );
  throw new UsageError(
    `nothing was sent: fix the rows, or add --skip-invalid to send the others${command.failures ? ` (the invalid ones go to ${command.failures})` : ''}`,
  );
}

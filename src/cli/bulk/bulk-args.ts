import { basename, resolve } from 'node:path';
import { DEFAULT_MAX_ROW_BYTES } from '../../bulk/line-source.js';
import type { Operation } from '../../operations/table.js';
import { SERVICE_OPTIONS } from '../shared/global-options.js';
import { type ServiceSettings, serviceSettings } from '../shared/service-client.js';
import { UsageError } from '../shared/usage-error.js';
import { wholeNumber } from '../shared/whole-number.js';
import { operationById } from '../table/operation-id.js';
import { parseFlags } from '../table/parse-flags.js';
import { parseRenames, type RowMapping } from './bulk-map.js';
import { formatOf, type RowFormat } from './bulk-rows.js';
import { type CliShard, parseShard } from './bulk-shard.js';

export const BULK_OPTIONS = {
  file: { type: 'string', short: 'f' },
  'job-id': { type: 'string' },
  'key-field': { type: 'string' },
  map: { type: 'string', multiple: true },
  concurrency: { type: 'string' },
  checkpoint: { type: 'string' },
  redis: { type: 'string' },
  shard: { type: 'string' },
  'shard-count': { type: 'string' },
  rps: { type: 'string' },
  'group-actions-per-minute': { type: 'string' },
  failures: { type: 'string' },
  'skip-invalid': { type: 'boolean' },
  'max-row-bytes': { type: 'string' },
  yes: { type: 'boolean', short: 'y' },
  ...SERVICE_OPTIONS,
} as const;

export interface BulkCommand {
  /** The words after `loyalty bulk`, as given: a stopped run is resumed with them. */
  argv: readonly string[];
  /** Its key field is set from the file when --key-field is not given. */
  operation: Operation;
  file: string;
  format: RowFormat;
  /** `--max-row-bytes`: a longer row is invalid, and never held whole. */
  maxRowBytes: number;
  jobId: string;
  mapping: RowMapping;
  concurrency: number;
  checkpoint: string | undefined;
  redis: string | undefined;
  /** `--shard`: this worker's share of the rows; undefined for all of them. */
  shard: CliShard | undefined;
  rps: number | undefined;
  groupActionsPerMinute: number;
  failures: string | undefined;
  skipInvalid: boolean;
  client: ServiceSettings;
}

function operationOf(id: string | undefined): Operation {
  if (id === undefined)
    throw new UsageError(
      'loyalty bulk needs an operation id: loyalty bulk clientes.puntos.add --file movements.csv',
    );
  return operationById(id);
}

/** The failures file and the checkpoint are written: naming the input (or each other) would destroy it. */
function checkOwnFiles(file: string, failures: string | undefined, checkpoint: string | undefined): void {
  const named = [
    ['--file', file],
    ['--failures', failures],
    ['--checkpoint', checkpoint],
  ] as const;
  for (const [index, [flag, path]] of named.entries()) {
    if (path === undefined || path === '-') continue;
    const other = named
      .slice(index + 1)
      .find(([, another]) => another !== undefined && resolve(another) === resolve(path));
    if (other !== undefined)
      throw new UsageError(`${flag} and ${other[0]} name the same file (${path}): give each its own`);
  }
}

/** `loyalty bulk <operationId> --file F [...]`, checked; `undefined` for `--help`. */
export function parseBulkArgs(argv: readonly string[], env: NodeJS.ProcessEnv): BulkCommand | undefined {
  const { values, positionals } = parseFlags(argv, BULK_OPTIONS, 'loyalty bulk');
  if (values.help) return undefined;
  const operation = operationOf(positionals[0]);
  if (positionals.length > 1)
    throw new UsageError(`loyalty bulk takes one operation id, got also ${JSON.stringify(positionals[1])}`);
  if (values.file === undefined)
    throw new UsageError('loyalty bulk needs --file F: a .csv with a header, a .jsonl file, or - for stdin');
  if (operation.groupAction && values.yes !== true) {
    throw new UsageError(
      `${operation.id} is a group action: a bulk run applies each row without asking; add --yes to run it`,
    );
  }
  if (values.file === '-' && values['job-id'] === undefined)
    throw new UsageError('loyalty bulk --file - needs --job-id: stdin has no name to derive one from');
  checkOwnFiles(values.file, values.failures, values.checkpoint);
  const rps = wholeNumber(values.rps, '--rps', 1);
  if (values.redis !== undefined && rps === undefined && values.checkpoint !== undefined) {
    throw new UsageError(
      '--redis shares the limiter (--rps) and the checkpoint: give --rps, or leave --checkpoint out',
    );
  }
  return {
    argv,
    operation,
    file: values.file,
    format: formatOf(values.file),
    maxRowBytes: wholeNumber(values['max-row-bytes'], '--max-row-bytes', 1) ?? DEFAULT_MAX_ROW_BYTES,
    jobId: values['job-id'] ?? `${operation.id}:${basename(values.file)}`,
    mapping: {
      operation,
      renames: parseRenames(values.map ?? [], operation),
      keyField: values['key-field'],
      fromText: formatOf(values.file) === 'csv',
    },
    concurrency: wholeNumber(values.concurrency, '--concurrency', 1) ?? 8,
    checkpoint: values.checkpoint,
    redis: values.redis,
    shard: parseShard(values.shard, values['shard-count'], env),
    rps,
    groupActionsPerMinute:
      wholeNumber(values['group-actions-per-minute'], '--group-actions-per-minute', 1) ?? 10,
    failures: values.failures,
    skipInvalid: values['skip-invalid'] === true,
    client: serviceSettings(values, env),
  };
}

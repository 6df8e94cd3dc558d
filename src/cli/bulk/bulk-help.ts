import { DEFAULT_MAX_ROW_BYTES } from '../../bulk/line-source.js';
import { SERVICE_HELP } from '../shared/global-options.js';
import { columns } from '../shared/help-columns.js';
import { SHARD_ENGINES } from './bulk-shard.js';

/** What `--shard auto` reads, one engine a line, from its table. */
const SHARD_VARIABLES = SHARD_ENGINES.map(
  ({ engine, index, count }) => `${index}${count ? ` and ${count}` : ''} (${engine})`,
).join('\n');

const BULK_FLAGS: readonly (readonly [string, string])[] = [
  ['--file F, -f F', 'a .csv with a header, a .jsonl file, or - (JSON lines on stdin)'],
  ['--map COLUMN=FIELD', "a column whose name is not the parameter's (repeat for more)"],
  ['--key-field NAME', 'the column that identifies a row (an order id); default: id'],
  ['--job-id ID', "names the job (default: the operation and the file's name)"],
  ['--concurrency N', 'calls in flight (default 8)'],
  [
    '--rps N',
    "requests per second at most (spread evenly); give a few per cent\nbelow the API key's limit (95 for 100): at the limit itself the\nservice's window and ours meet, and it answers 429s",
  ],
  ['--group-actions-per-minute N', 'group actions per minute of the key (default 10)'],
  ['--checkpoint FILE', 'record finished rows; a run started again skips them'],
  [
    '--redis URL',
    'share the limiter (--rps) and, without --checkpoint, the\ncheckpoint with every worker of the job (needs ioredis or redis)',
  ],
  [
    '--shard INDEX/COUNT',
    "send only this worker's share of the rows (0-based: 0/4 to 3/4);\nthe workers share the file, the job id and --redis",
  ],
  ['--shard auto', `the index (and count) the task's engine sets:\n${SHARD_VARIABLES}`],
  ['--shard-count N', 'the count with --shard auto, where the engine sets none'],
  [
    '--failures FILE',
    "write the failed rows there, in the input's format, with an error\ncolumn: fix them and feed the file back in (without it, the first\nfailed rows and their reasons are listed on stderr)",
  ],
  ['--skip-invalid', 'send the valid rows when some are invalid (those go to --failures)'],
  [
    '--max-row-bytes N',
    `the most bytes a row may hold (default ${DEFAULT_MAX_ROW_BYTES}): a longer row\nis invalid, and is never held in memory whole`,
  ],
  ['--yes, -y', "run a group action's rows (there is no confirmation per row)"],
];

export const BULK_HELP = `Usage: loyalty bulk <operationId> --file F [options]

Runs one call of the operation per row of F, through the SDK's bulk runner: every row checked
first (nothing is sent while a row is invalid), each row's Idempotency-Key derived from the job
and the row, so that a run started again never applies a row twice.

${columns([...BULK_FLAGS, ...SERVICE_HELP]).join('\n')}

A row's fields are the operation's parameters by name (path parameters and body or query
fields), e.g. uid,puntos,motivo for clientes.puntos.add. The last line is
"succeeded N, skipped N, failed N, invalid N" (skipped: finished by an earlier run, per the
checkpoint; invalid: left out by --skip-invalid), the counts the progress line shows too; the
exit status is 1 when a row failed or was invalid.
Ctrl+C stops cleanly: no new row starts, the calls in flight end; a second Ctrl+C aborts
them. Either way the command that resumes the run is printed.
`;

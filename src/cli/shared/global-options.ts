import type { ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/** The options of every command that calls the service: the operations, whoami, help and bulk (docs/cli.md). */
export const SERVICE_OPTIONS = {
  'base-url': { type: 'string' },
  'api-key-file': { type: 'string' },
  'timeout-ms': { type: 'string' },
  'max-retries': { type: 'string' },
  verbose: { type: 'boolean', short: 'v' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Options;

/** The options of `loyalty whoami` and `loyalty help <operationId>`. */
export const COMMAND_OPTIONS = {
  json: { type: 'boolean' },
  ...SERVICE_OPTIONS,
} as const satisfies Options;

/** The options every operation command takes besides its fields. */
export const GLOBAL_OPTIONS = {
  ...COMMAND_OPTIONS,
  'with-response': { type: 'boolean' },
  'idempotency-key': { type: 'string' },
  data: { type: 'string' },
  yes: { type: 'boolean', short: 'y' },
} as const satisfies Options;

type HelpRows = readonly (readonly [string, string])[];

export const SERVICE_HELP: HelpRows = [
  ['--base-url URL', 'the service (default LOYALTY_BASE_URL)'],
  [
    '--api-key-file FILE',
    'read the API key from FILE (default LOYALTY_API_KEY, else asked for on a terminal)',
  ],
  ['--timeout-ms N, --max-retries N', 'per attempt, and retries after the first'],
  ['--verbose, -v', 'log each attempt on stderr, and print the whole envelope of an error'],
  ['--help, -h', 'this help'],
];

export const JSON_HELP: HelpRows = [['--json', 'print JSON (the default when stdout is not a terminal)']];

/** The rows of an operation's own options; `--yes` only where it means something: a group action. */
export function operationOptionsHelp(groupAction: boolean): HelpRows {
  return [
    [
      '--data JSON|@FILE|-',
      'the whole body (or query) as JSON, from a file, or from stdin; flags override its fields',
    ],
    [
      '--idempotency-key KEY',
      'the Idempotency-Key of a write (8..128 printable characters); default: a new one',
    ],
    ...JSON_HELP,
    ['--with-response', 'print { data, meta, status, requestId, idempotencyKey, replayed }'],
    ...(groupAction
      ? ([['--yes, -y', 'apply a group action without its dry run and confirmation']] as const)
      : []),
    ...SERVICE_HELP,
  ];
}

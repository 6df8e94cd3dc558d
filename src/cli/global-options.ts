import type { ParseArgsConfig } from 'node:util';

/** The options every operation command takes besides its fields (docs/cli.md). */
export const GLOBAL_OPTIONS = {
  json: { type: 'boolean' },
  'with-response': { type: 'boolean' },
  'idempotency-key': { type: 'string' },
  data: { type: 'string' },
  'base-url': { type: 'string' },
  'api-key-file': { type: 'string' },
  'timeout-ms': { type: 'string' },
  'max-retries': { type: 'string' },
  yes: { type: 'boolean', short: 'y' },
  verbose: { type: 'boolean', short: 'v' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

/** The options of `loyalty whoami` and `loyalty help <operationId>`. */
export const COMMAND_OPTIONS = {
  json: { type: 'boolean' },
  'base-url': { type: 'string' },
  'api-key-file': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

export const GLOBAL_HELP: readonly (readonly [string, string])[] = [
  [
    '--data JSON|@FILE|-',
    'the whole body (or query) as JSON, from a file, or from stdin; flags override its fields',
  ],
  [
    '--idempotency-key KEY',
    'the Idempotency-Key of a write (8..128 printable characters); default: a new one',
  ],
  ['--json', 'print JSON (the default when stdout is not a terminal)'],
  ['--with-response', 'print { data, meta, status, requestId, idempotencyKey }'],
  ['--yes, -y', 'apply a group action without its dry run and confirmation'],
  ['--base-url URL', 'the service (default LOYALTY_BASE_URL)'],
  [
    '--api-key-file FILE',
    'read the API key from FILE (default LOYALTY_API_KEY, else asked for on a terminal)',
  ],
  ['--timeout-ms N, --max-retries N', 'per attempt, and retries after the first'],
  ['--verbose, -v', 'log each attempt on stderr, and print the whole envelope of an error'],
  ['--help, -h', 'this help'],
];

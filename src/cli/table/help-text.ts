import { ruleOf } from '../../operations/help.js';
import { API_PREFIX } from '../../operations/limits.js';
import type { Operation } from '../../operations/table.js';
import { JSON_HELP, operationOptionsHelp, SERVICE_HELP } from '../shared/global-options.js';
import { columns } from '../shared/help-columns.js';
import { commandOf, commandWords, nextWords, operationsUnder } from './command-tree.js';
import { operationFlags } from './operation-flags.js';
import { WHERE_IDS_ARE } from './operation-id.js';

const IDEMPOTENCY: Record<Operation['idempotency'], string> = {
  required: 'always sent (a new one unless --idempotency-key)',
  optional: 'sent with --idempotency-key',
  none: 'none (a read)',
};

/** `loyalty clientes puntos add --help`: the command's arguments and flags, from the table. */
export function operationHelp(operation: Operation): string {
  const flags = operationFlags(operation);
  const positionals = flags.positionals.map((parameter) => `<${parameter.name}>`).join(' ');
  const fields = flags.fields.map((field): [string, string] => {
    const required = field.parameter.required ? 'required' : 'optional';
    const value = field.kind === 'boolean' ? '' : ` <${field.kind === 'json' ? 'json' : field.kind}>`;
    const text = field.parameter.description ? `. ${field.parameter.description}` : '';
    return [`${field.flag}${value}`, `${ruleOf(field.parameter.schema)}; ${required}${text}`];
  });
  return [
    `Usage: ${commandOf(operation)}${positionals ? ` ${positionals}` : ''}${fields.length > 0 ? ' [--flags]' : ''}`,
    '',
    `${operation.summary}. ${operation.description}`,
    '',
    `  ${operation.method} ${API_PREFIX}${operation.path}`,
    `  Scope: ${operation.scope ?? 'none'}; Idempotency-Key: ${IDEMPOTENCY[operation.idempotency]}`,
    ...(operation.groupAction
      ? ['  A group action: without --yes, its dry run is shown first and applying it is asked.']
      : []),
    ...(flags.positionals.length > 0
      ? [
          '',
          'Arguments:',
          ...columns(flags.positionals.map((parameter) => [`<${parameter.name}>`, ruleOf(parameter.schema)])),
        ]
      : []),
    ...(fields.length > 0 ? ['', 'Fields:', ...columns(fields)] : []),
    '',
    'Options:',
    ...columns(operationOptionsHelp(operation.groupAction === true)),
    '',
    `The service's own help: loyalty help ${operation.id}`,
    '',
  ].join('\n');
}

/** The help of a command that is no operation: its usage, what it does, and its options. */
function commandHelp(usage: string, what: string): string {
  return [`Usage: ${usage}`, '', what, '', 'Options:', ...columns([...JSON_HELP, ...SERVICE_HELP]), ''].join(
    '\n',
  );
}

/** `loyalty whoami --help`. */
export const whoamiHelp = (): string =>
  commandHelp(
    'loyalty whoami [options]',
    'The application of the API key (appId) and the operations it may call, with their ids.',
  );

/** `loyalty help --help`. */
export const serviceHelpHelp = (): string =>
  commandHelp(
    'loyalty help <operationId> [options]',
    "The service's own help text of an operation (help=true), e.g. loyalty help clientes.puntos.add.\n" +
      `(${WHERE_IDS_ARE}; a command's --help names its own.)`,
  );

/** `loyalty clientes --help`: the commands under these words. */
export function groupHelp(words: readonly string[]): string {
  const rows = operationsUnder(words).map((operation): [string, string] => [
    commandWords(operation).slice(words.length).join(' '),
    operation.summary,
  ]);
  const prefix = ['loyalty', ...words].join(' ');
  return [
    `Usage: ${prefix} <command> [args] [--flags]`,
    '',
    'Commands:',
    ...columns(rows),
    '',
    `Help of one: ${prefix} <command> --help`,
    '',
  ].join('\n');
}

/** `loyalty --help`. */
export function topHelp(): string {
  const families = nextWords([]).map((word): [string, string] => [word, nextWords([word]).join(', ')]);
  return [
    'Usage: loyalty <resource> [<sub-resource>] <method> [args] [--flags]',
    '',
    'The operator command line of the Loyalty Program External API v3: one command per operation.',
    'Key: LOYALTY_API_KEY or --api-key-file (asked for on a terminal); service: LOYALTY_BASE_URL or --base-url.',
    '',
    'Resources:',
    ...columns(families),
    '',
    'Other commands:',
    ...columns([
      ['bulk <operationId> --file F', 'one call per row of a CSV or JSON-lines file (loyalty bulk --help)'],
      ['whoami', 'the application of the key, and the operations (their ids) it may call'],
      [
        'verify',
        'measure the real service against the SDK; a report of each difference (loyalty verify --help)',
      ],
      ['mcp', 'the operations as tools for AI assistants, over stdio or HTTP (loyalty mcp --help)'],
      ['help <operationId>', "the service's own help of an operation (help=true)"],
      ['serve', 'the in-memory reference server (loyalty serve --help)'],
      [
        'completion bash|zsh|fish',
        'the Tab completion script of a shell (how to install it: its first lines)',
      ],
    ]),
    '',
    'Options of every command: loyalty <command> --help. loyalty --version (-V): the version.',
    'Exit statuses: 0 ok, 1 failure, 2 invalid input (nothing applied), 3 key refused, 4 not found,',
    '5 conflict or business rule, 6 rate limited, 7 no answer.',
    '',
  ].join('\n');
}

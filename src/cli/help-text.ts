import type { OperationDefinition } from '../operations/define.js';
import { ruleOf } from '../operations/help.js';
import { API_PREFIX } from '../operations/limits.js';
import { commandOf, commandWords, nextWords, operationsUnder } from './command-tree.js';
import { GLOBAL_HELP } from './global-options.js';
import { operationFlags } from './operation-flags.js';

const IDEMPOTENCY: Record<OperationDefinition['idempotency'], string> = {
  required: 'always sent (a new one unless --idempotency-key)',
  optional: 'sent with --idempotency-key',
  none: 'none (a read)',
};

const columns = (rows: readonly (readonly [string, string])[], indent = '  '): string[] => {
  const width = Math.max(0, ...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `${indent}${left.padEnd(width)}  ${right}`.trimEnd());
};

/** `loyalty clientes puntos add --help`: the command's arguments and flags, from the table. */
export function operationHelp(operation: OperationDefinition): string {
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
    ...columns(GLOBAL_HELP),
    '',
    `The service's own help: loyalty help ${operation.id}`,
    '',
  ].join('\n');
}

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
      ['whoami', 'the application of the key, and the operations it may call'],
      ['help <operationId>', "the service's own help of an operation (help=true)"],
      ['serve', 'the in-memory reference server (loyalty serve --help)'],
      [
        'completion bash|zsh|fish',
        'the Tab completion script of a shell (how to install it: its first lines)',
      ],
    ]),
    '',
    'Options of every command: loyalty <command> --help. Exit statuses: 0 ok, 1 failure, 2 invalid input',
    '(nothing applied), 3 key refused, 4 not found, 5 conflict or business rule, 6 rate limited, 7 no answer.',
    '',
  ].join('\n');
}

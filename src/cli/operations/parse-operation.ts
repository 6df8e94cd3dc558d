import type { ParseArgsConfig } from 'node:util';
import type { Operation } from '../../operations/table.js';
import { GLOBAL_OPTIONS } from '../shared/global-options.js';
import { readData } from '../shared/read-data.js';
import { UsageError } from '../shared/usage-error.js';
import { commandOf } from '../table/command-tree.js';
import {
  convertFlag,
  convertPositional,
  type FieldFlag,
  type OperationFlags,
  operationFlags,
} from '../table/operation-flags.js';
import { parseFlags } from '../table/parse-flags.js';

type Options = NonNullable<ParseArgsConfig['options']>;

export interface ParsedOperation {
  operation: Operation;
  /** The path parameters, in the method's order. */
  positionals: unknown[];
  /** The body or query, as the method takes it; undefined when it takes none. */
  part: Record<string, unknown> | undefined;
  globals: {
    [Name in keyof typeof GLOBAL_OPTIONS]?: (typeof GLOBAL_OPTIONS)[Name]['type'] extends 'boolean'
      ? boolean
      : string;
  };
}

function optionsOf(flags: OperationFlags): Options {
  const options: Options = { ...GLOBAL_OPTIONS };
  for (const field of flags.fields) {
    const name = field.flag.slice(2);
    options[name] = { type: field.kind === 'boolean' ? 'boolean' : 'string' };
    if (field.kind === 'boolean') options[`no-${name}`] = { type: 'boolean' };
  }
  return options;
}

function setAt(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const inner = target[head];
  const next = typeof inner === 'object' && inner !== null && !Array.isArray(inner) ? inner : {};
  target[head] = next;
  setAt(next as Record<string, unknown>, rest, value);
}

function fieldValues(
  fields: readonly FieldFlag[],
  values: Record<string, unknown>,
  part: Record<string, unknown>,
) {
  for (const field of fields) {
    const name = field.flag.slice(2);
    if (values[`no-${name}`] === true) setAt(part, field.path, false);
    const given = values[name];
    if (given !== undefined) setAt(part, field.path, convertFlag(field, given as string | boolean));
  }
}

/**
 * `--puntos -150`: a number flag followed by a negative number takes it as its value (a parser
 * would read `-150` as flags), as `--puntos=-150` does.
 */
function joinNegativeNumbers(argv: readonly string[], fields: readonly FieldFlag[]): string[] {
  const numeric = new Set(fields.filter((field) => field.kind === 'number').map((field) => field.flag));
  const joined: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] as string;
    const next = argv[index + 1];
    if (numeric.has(arg) && next !== undefined && /^-\d/.test(next)) {
      joined.push(`${arg}=${next}`);
      index += 1;
    } else joined.push(arg);
  }
  return joined;
}

/** Exactly the path parameters: the missing ones named, or the first one too many. */
function checkArgumentCount(given: readonly string[], flags: OperationFlags, command: string): void {
  const names = flags.positionals.map((parameter) => `<${parameter.name}>`);
  if (given.length === names.length) return;
  const what =
    given.length < names.length
      ? `missing ${names.slice(given.length).join(' ')}`
      : `unexpected argument ${JSON.stringify(given[names.length])}`;
  throw new UsageError(`${what}; usage: ${[command, ...names].join(' ')} [options]`);
}

/** The command line of an operation as the arguments of its SDK method. */
export async function parseOperation(
  operation: Operation,
  argv: readonly string[],
): Promise<ParsedOperation> {
  const flags = operationFlags(operation);
  const command = commandOf(operation);
  const { values, positionals } = parseFlags(
    joinNegativeNumbers(argv, flags.fields),
    optionsOf(flags),
    command,
  );
  const globals = values as ParsedOperation['globals'];
  if (globals.help) return { operation, positionals: [], part: undefined, globals };
  checkArgumentCount(positionals, flags, command);
  if (flags.part === undefined && globals.data !== undefined) {
    throw new UsageError(`${command} takes no body or query: --data has nowhere to go`);
  }
  const part = flags.part === undefined ? undefined : await readData(globals.data);
  if (part) fieldValues(flags.fields, values, part);
  return {
    operation,
    positionals: flags.positionals.map((parameter, index) =>
      convertPositional(parameter, positionals[index] as string),
    ),
    part,
    globals,
  };
}

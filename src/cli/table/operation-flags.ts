import { nearestName } from '../../core/index.js';
import { describeParameters, type ParameterDescription } from '../../operations/parameters.js';
import type { Operation } from '../../operations/table.js';
import { UsageError } from '../shared/usage-error.js';
import { kebab } from './command-tree.js';

/** What a flag's value becomes: the JSON Schema type of its field. */
export type FlagKind = 'string' | 'number' | 'boolean' | 'json';

export interface FieldFlag {
  /** `--dry-run`, `--usuario-data.nombre`. */
  flag: string;
  /** Where the value goes: `['dryRun']`, `['usuarioData', 'nombre']`. */
  path: string[];
  kind: FlagKind;
  parameter: ParameterDescription;
}

export interface OperationFlags {
  /** The path parameters, in the order the command takes them. */
  positionals: ParameterDescription[];
  /** The fields of the body or the query, each a flag. */
  fields: FieldFlag[];
  /** Where the fields go. */
  part: 'body' | 'query' | undefined;
}

function kindOf(schema: Record<string, unknown>): FlagKind {
  const type = schema.type ?? (Array.isArray(schema.enum) ? typeof schema.enum[0] : undefined);
  if (type === 'integer' || type === 'number') return 'number';
  if (type === 'boolean') return 'boolean';
  if (type === 'string') return 'string';
  return 'json';
}

/** The flags of an object field: one per property of its schema (`--usuario-data.nombre`). */
function nestedFlags(parameter: ParameterDescription): FieldFlag[] {
  const properties = (parameter.schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const nested = Object.entries(properties).map(([name, schema]) => ({
    flag: `--${kebab(parameter.name)}.${name}`,
    path: [parameter.name, name],
    kind: kindOf(schema),
    parameter: { ...parameter, name: `${parameter.name}.${name}`, schema, required: false },
  }));
  return [{ flag: `--${kebab(parameter.name)}`, path: [parameter.name], kind: 'json', parameter }, ...nested];
}

const derived = new WeakMap<Operation, OperationFlags>();

/** The command's positionals and flags, derived from the operation table (once per operation). */
export function operationFlags(operation: Operation): OperationFlags {
  const known = derived.get(operation);
  if (known) return known;
  const flags = deriveFlags(operation);
  derived.set(operation, flags);
  return flags;
}

function deriveFlags(operation: Operation): OperationFlags {
  const parameters = describeParameters(operation);
  const fields = parameters
    .filter((parameter) => parameter.in !== 'path')
    .flatMap((parameter): FieldFlag[] =>
      parameter.schema.type === 'object'
        ? nestedFlags(parameter)
        : [
            {
              flag: `--${kebab(parameter.name)}`,
              path: [parameter.name],
              kind: kindOf(parameter.schema),
              parameter,
            },
          ],
    );
  return {
    positionals: parameters.filter((parameter) => parameter.in === 'path'),
    fields,
    part: operation.body ? 'body' : operation.query ? 'query' : undefined,
  };
}

/** What `fromText` gives back for a text that is no value of the kind. */
export const NOT_CONVERTED: unique symbol = Symbol('not converted');

/** A text (a flag's value, a CSV cell) as a value of `kind`, or NOT_CONVERTED. */
export function fromText(kind: FlagKind, text: string): unknown {
  const trimmed = text.trim();
  if (kind === 'number') {
    const value = Number(trimmed);
    return trimmed === '' || !Number.isFinite(value) ? NOT_CONVERTED : value;
  }
  if (kind === 'boolean') {
    return /^(true|false)$/i.test(trimmed) ? trimmed.toLowerCase() === 'true' : NOT_CONVERTED;
  }
  if (kind === 'json') {
    try {
      return JSON.parse(text);
    } catch {
      return NOT_CONVERTED;
    }
  }
  return text;
}

const EXPECTED: Record<FlagKind, string> = {
  number: 'a number',
  boolean: 'true or false (or no value for true)',
  json: `JSON, e.g. '{"nombre":"Ana"}'`,
  string: 'text',
};

/** A flag's text as the value its field takes; what does not convert is refused with the flag named. */
export function convertFlag(field: FieldFlag, text: string | boolean): unknown {
  if (typeof text === 'boolean') {
    if (field.kind === 'boolean') return text;
    throw new UsageError(`${field.flag} needs a value`);
  }
  const value = fromText(field.kind, text);
  if (value === NOT_CONVERTED)
    throw new UsageError(`${field.flag} takes ${EXPECTED[field.kind]}, got ${JSON.stringify(text)}`);
  return value;
}

/** A path parameter's text as its value (numbers for integer ids). */
export function convertPositional(parameter: ParameterDescription, text: string): unknown {
  if (kindOf(parameter.schema) !== 'number') return text;
  const value = Number(text);
  if (!/^-?\d+$/.test(text))
    throw new UsageError(`<${parameter.name}> takes a whole number, got ${JSON.stringify(text)}`);
  return value;
}

/** Refuses an unknown flag, naming the nearest one the command has. */
export function unknownFlag(flag: string, known: readonly string[], command: string): never {
  const near = nearestName(
    flag.replace(/^--/, ''),
    known.map((name) => name.replace(/^--/, '')),
  );
  throw new UsageError(
    `${command} has no option ${flag}${near ? `; did you mean --${near}?` : ''} (see ${command} --help)`,
  );
}

import type * as z from 'zod/mini';
import { nearestName } from '../core/index.js';

/**
 * Messages that read like the spec for the problems zod finds: a missing field "is required"
 * (not "must be a number"), an unknown key names the field it was probably meant to be, and a
 * rule the table gave no message of its own reads as a plain "must be ...", never zod's text.
 */

type Issue = z.core.$ZodIssue;
type Location = 'path' | 'query' | 'body' | 'header';

interface SchemaDef {
  type?: string;
  shape?: Record<string, z.ZodMiniType>;
  innerType?: z.ZodMiniType;
  in?: z.ZodMiniType;
}

const defOf = (schema: unknown): SchemaDef =>
  ((schema as { _zod?: { def?: SchemaDef } } | undefined)?._zod?.def ?? {}) as SchemaDef;

const TYPE_NAMES: Record<string, string> = { int: 'integer', nonoptional: 'value' };

function withArticle(word: string): string {
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}

function bound(issue: { origin: string; inclusive?: boolean }, limit: number | bigint, side: string): string {
  const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : '';
  const exclusive = side === 'least' ? 'more than' : 'less than';
  return `must be ${issue.inclusive === false ? exclusive : `at ${side}`} ${limit}${unit}`;
}

/** zod's error map for the rules without a message of their own (`safeParse(value, PLAIN_MESSAGES)`). */
function plainMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      const expected = TYPE_NAMES[issue.expected] ?? issue.expected;
      return `must be ${withArticle(expected)}, got ${kindOf(issue.input)}`;
    }
    case 'invalid_value': {
      const shown = issue.values.map((value) => JSON.stringify(value));
      return shown.length === 1 ? `must be ${shown[0]}` : `must be one of ${shown.join(', ')}`;
    }
    case 'too_small':
      return bound(issue, issue.minimum, 'least');
    case 'too_big':
      return bound(issue, issue.maximum, 'most');
    case 'invalid_format':
      return `must be a valid ${issue.format}`;
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `${issue.keys.length === 1 ? 'is not a known key' : 'are not known keys'}: ${issue.keys.join(', ')}`;
    default:
      return undefined;
  }
}

export const PLAIN_MESSAGES: z.core.ParseContext<Issue> = { error: plainMessage };

/** The object schema under optional, nullable, default and pipe wrappers; undefined if there is none. */
function objectShape(schema: unknown): Record<string, z.ZodMiniType> | undefined {
  let current = schema;
  for (let depth = 0; depth < 8; depth++) {
    const def = defOf(current);
    if (def.type === 'object') return def.shape;
    current = def.innerType ?? def.in;
    if (current === undefined) return undefined;
  }
  return undefined;
}

function shapeAt(schema: unknown, path: readonly PropertyKey[]): Record<string, z.ZodMiniType> | undefined {
  let shape = objectShape(schema);
  for (const key of path) shape = objectShape(shape?.[String(key)]);
  return shape;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** `an object with puntos; optionally motivo`: what a body must be, from its schema. */
function describeObject(shape: Record<string, z.ZodMiniType>): string {
  const names = Object.keys(shape);
  const optional = names.filter((name) => shape[name]?._zod.optin === 'optional');
  const required = names.filter((name) => !optional.includes(name));
  if (required.length === 0) return `an object with any of ${optional.join(', ')} (each optional)`;
  const rest = optional.length > 0 ? `; optionally ${optional.join(', ')}` : '';
  return `an object with ${required.join(', ')}${rest}`;
}

/** Required fields of `shape` that `object` leaves out. */
function missingFields(shape: Record<string, z.ZodMiniType>, object: unknown): string[] {
  const given = typeof object === 'object' && object !== null ? (object as Record<string, unknown>) : {};
  return Object.keys(shape).filter(
    (name) => shape[name]?._zod.optin !== 'optional' && given[name] === undefined,
  );
}

/**
 * The field an unknown key was probably meant to be: a known one at most two edits away, else a
 * required field left out, up to half the key's length away (`points` for a missing `puntos`).
 */
function suggestion(key: string, shape: Record<string, z.ZodMiniType>, object: unknown): string | undefined {
  const missing = missingFields(shape, object);
  return nearestName(key, Object.keys(shape)) ?? nearestName(key, missing, Math.floor(key.length / 2));
}

function unknownKeyMessage(
  key: string,
  shape: Record<string, z.ZodMiniType>,
  object: unknown,
  location: Location,
): string {
  const what = `is not a known ${location === 'body' ? 'field' : 'parameter'}`;
  const known = Object.keys(shape);
  const near = suggestion(key, shape, object);
  if (near !== undefined) return `${what}; did you mean "${near}"?`;
  return known.length > 0 ? `${what} (known: ${known.join(', ')})` : `${what} (it takes none)`;
}

/**
 * A missing value "is required", whatever rule it failed (a type, a literal); a whole body of the
 * wrong kind says what it must be. Other messages stay as the table or PLAIN_MESSAGES wrote them.
 */
function reworded(issue: Issue, schema: z.ZodMiniType, value: unknown): string {
  const given = valueAt(value, issue.path);
  const shape = issue.path.length === 0 ? objectShape(schema) : undefined;
  if (given === undefined) return shape ? `is required: ${describeObject(shape)}` : 'is required';
  if (shape && issue.code === 'invalid_type') return `must be ${describeObject(shape)}, got ${kindOf(given)}`;
  return issue.message;
}

/**
 * The issue as the caller should read it. An `unrecognized_keys` issue becomes one issue per
 * key (`keys` holds that one key; its path stays the object's), so each key gets its suggestion.
 */
export function explainIssue(
  issue: Issue,
  schema: z.ZodMiniType,
  value: unknown,
  location: Location,
): Issue[] {
  if (issue.code !== 'unrecognized_keys') return [{ ...issue, message: reworded(issue, schema, value) }];
  const shape = shapeAt(schema, issue.path) ?? {};
  const object = valueAt(value, issue.path);
  return issue.keys.map((key) => ({
    ...issue,
    keys: [key],
    message: unknownKeyMessage(key, shape, object, location),
  }));
}

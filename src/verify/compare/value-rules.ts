import { isObject, type Json } from '../../core/index.js';
import { deref } from '../document-index.js';

/**
 * The value rules of a response schema (OpenAPI 3.0 dialect, `$ref` into `root`) held against a
 * value: `enum`, `not: { enum }`, `minimum`, `maximum`, `minLength`, `maxLength`, `format` date
 * and date-time, `pattern`. The type is the shape's concern (shapes.ts): a value of another type
 * than its schema's, or null, is passed over here. Each break says the rule and, for a number, a
 * boolean or a listed value, the value seen; a string's value never (only which rule it breaks).
 */

export interface ValueBreak {
  /** Field names from the value down, `[]` for items: as a shape difference's path. */
  path: string[];
  /** The rule, short: `{ enum: [0, 1] }`, `{ minimum: 0 }`, `{ format: 'date' }`. */
  expected: Json;
  /** The number or boolean seen; for a string, what it is not (`empty string`, `not a date`). */
  observed: unknown;
  /** The spec's words for the rule, where the schema quotes them (`x-spec-rule`). */
  rule?: string;
}

/** Deeper than any record of this API; a schema's endless `$ref` stops here. */
const MAX_DEPTH = 32;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

function isCalendarDate(text: string): boolean {
  return DATE.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
}

/** The formats checked, and what a string that breaks one is not. */
const FORMATS: Readonly<Record<string, { holds: (text: string) => boolean; not: string }>> = {
  date: { holds: isCalendarDate, not: 'not a date' },
  'date-time': {
    holds: (text) => {
      const day = DATE_TIME.exec(text)?.[1];
      return day !== undefined && isCalendarDate(day) && !Number.isNaN(Date.parse(text));
    },
    not: 'not a date-time',
  },
};

function hasType(type: unknown, value: unknown): boolean {
  switch (type) {
    case undefined:
      return true;
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'string':
    case 'boolean':
      return typeof value === type;
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    default:
      return false;
  }
}

/** A value as a break may show it: numbers and booleans as seen; a string by what it is not. */
const shown = (value: unknown, otherwise: string): unknown => (typeof value === 'string' ? otherwise : value);

const codePoints = (text: string) => [...text].length;

function matches(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(text);
  } catch {
    // A pattern this engine cannot read says nothing it can hold a value to.
    return true;
  }
}

/** The first rule of the schema itself (not of its fields or items) that `value` breaks. */
function ownBreak(schema: Json, value: unknown): Omit<ValueBreak, 'path' | 'rule'> | undefined {
  if (Array.isArray(schema.enum) && !schema.enum.includes(value))
    return { expected: { enum: schema.enum }, observed: shown(value, 'not one of its values') };
  const excluded = isObject(schema.not) ? schema.not.enum : undefined;
  if (Array.isArray(excluded) && excluded.includes(value))
    return { expected: { not: { enum: excluded } }, observed: shown(value, 'one of the excluded values') };
  if (typeof value === 'number') {
    const { minimum, maximum } = schema;
    if (
      typeof minimum === 'number' &&
      (schema.exclusiveMinimum === true ? value <= minimum : value < minimum)
    )
      return {
        expected: { minimum, ...(schema.exclusiveMinimum === true ? { exclusiveMinimum: true } : {}) },
        observed: value,
      };
    if (
      typeof maximum === 'number' &&
      (schema.exclusiveMaximum === true ? value >= maximum : value > maximum)
    )
      return {
        expected: { maximum, ...(schema.exclusiveMaximum === true ? { exclusiveMaximum: true } : {}) },
        observed: value,
      };
  }
  if (typeof value === 'string') return stringBreak(schema, value);
  return undefined;
}

function stringBreak(schema: Json, text: string): Omit<ValueBreak, 'path' | 'rule'> | undefined {
  const { minLength, maxLength, format, pattern } = schema;
  const length = codePoints(text);
  if (typeof minLength === 'number' && length < minLength)
    return { expected: { minLength }, observed: length === 0 ? 'empty string' : `${length} characters` };
  if (typeof maxLength === 'number' && length > maxLength)
    return { expected: { maxLength }, observed: `${length} characters` };
  const known = typeof format === 'string' ? FORMATS[format] : undefined;
  // A known format's pattern (zod writes one beside it) says the same: the format is named.
  if (known) return known.holds(text) ? undefined : { expected: { format }, observed: known.not };
  if (typeof pattern === 'string' && !matches(pattern, text))
    return { expected: { pattern }, observed: 'not matching the pattern' };
  return undefined;
}

interface Walk {
  root: Json | undefined;
  /** Values the request fixed (its body's fields): a union's variants that rule them out are not the answer's. */
  given: Json;
  out: ValueBreak[];
  /** Paths already broken: one break each, whatever the number of items. */
  seen: Set<string>;
}

/** The variants of a union the request leaves possible: those whose enum holds what it sent. */
function possible(variants: Json[], given: Json): Json[] {
  const kept = variants.filter((variant) =>
    Object.entries(given).every(([name, sent]) => {
      const property = isObject(variant.properties) ? variant.properties[name] : undefined;
      return !isObject(property) || !Array.isArray(property.enum) || property.enum.includes(sent);
    }),
  );
  return kept.length > 0 ? kept : variants;
}

function walkUnion(variants: Json[], value: unknown, walk: Walk, path: string[], depth: number): void {
  let fewest: ValueBreak[] | undefined;
  for (const variant of possible(variants, path.length === 0 ? walk.given : {})) {
    const own: Walk = { ...walk, out: [], seen: new Set() };
    visit(variant, value, own, path, depth + 1);
    if (own.out.length === 0) return;
    if (fewest === undefined || own.out.length < fewest.length) fewest = own.out;
  }
  for (const found of fewest ?? []) record(walk, found);
}

function record(walk: Walk, found: ValueBreak): void {
  const key = found.path.join('.');
  if (walk.seen.has(key)) return;
  walk.seen.add(key);
  walk.out.push(found);
}

function visit(raw: unknown, value: unknown, walk: Walk, path: string[], depth: number): void {
  const schema = walk.root ? deref(walk.root, raw) : raw;
  if (!isObject(schema) || depth > MAX_DEPTH || value === null) return;
  if (Array.isArray(schema.allOf))
    for (const member of schema.allOf) visit(member, value, walk, path, depth + 1);
  const union = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(union)) {
    const variants = union
      .map((variant) => (walk.root ? deref(walk.root, variant) : variant))
      .filter(isObject);
    walkUnion(variants, value, walk, path, depth);
  }
  if (!hasType(schema.type, value)) return;
  const broken = ownBreak(schema, value);
  if (broken) {
    const rule = schema['x-spec-rule'];
    record(walk, { path, ...broken, ...(typeof rule === 'string' ? { rule } : {}) });
    return;
  }
  if (Array.isArray(value)) {
    if (schema.items !== undefined)
      for (const item of value) visit(schema.items, item, walk, [...path, '[]'], depth + 1);
    return;
  }
  if (!isObject(value)) return;
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [name, field] of Object.entries(value)) {
    const fieldSchema = Object.hasOwn(properties, name) ? properties[name] : schema.additionalProperties;
    visit(fieldSchema, field, walk, [...path, name], depth + 1);
  }
}

/**
 * Every value rule of `schema` that `value` breaks, once per place. `given`: the request body's
 * fields, which decide a union's variant where the variants fix them (a dry run's answer).
 */
export function valueBreaks(schema: unknown, value: unknown, root?: Json, given: Json = {}): ValueBreak[] {
  const walk: Walk = { root, given, out: [], seen: new Set() };
  visit(schema, value, walk, [], 0);
  return walk.out;
}

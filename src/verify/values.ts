/**
 * Values for probes, derived from the JSON Schema of each parameter (the table's rules): one that
 * keeps every rule, and, for each rule, one that breaks it and nothing else.
 */

import type { RuleKeyword } from '../operations/spec-rules.js';

type JsonSchema = Record<string, unknown>;

/** zod's bounds of a safe integer: no rule of the table, so never probed. */
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

const now = (): string => new Date().toISOString();
const today = (): string => now().slice(0, 10);
const FORMATTED: Readonly<Record<string, () => string>> = { date: today, 'date-time': now };

function matches(pattern: unknown, value: string): boolean {
  return typeof pattern !== 'string' || new RegExp(pattern, 'u').test(value);
}

function validString(schema: JsonSchema): string | undefined {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  const formatted = typeof schema.format === 'string' ? FORMATTED[schema.format] : undefined;
  const candidates = [formatted ? formatted() : 'verify', 'verify'.padEnd(min, 'x').slice(0, max)];
  return candidates.find(
    (value) => value.length >= min && value.length <= max && matches(schema.pattern, value),
  );
}

function validNumber(schema: JsonSchema): number {
  const min = typeof schema.minimum === 'number' ? schema.minimum : Number.NEGATIVE_INFINITY;
  const max = typeof schema.maximum === 'number' ? schema.maximum : Number.POSITIVE_INFINITY;
  return Math.min(Math.max(1, min), max);
}

/** A value that keeps every rule of the schema; undefined when none can be made. */
export function validValue(schema: JsonSchema): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const variants = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(variants)) return validValue((variants[0] ?? {}) as JsonSchema);
  switch (schema.type) {
    case 'string':
      return validString(schema);
    case 'number':
    case 'integer':
      return validNumber(schema);
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return validObject(schema);
    default:
      return undefined;
  }
}

/** An object holding the required properties only. */
export function validObject(schema: JsonSchema): Record<string, unknown> | undefined {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const out: Record<string, unknown> = {};
  for (const name of (schema.required ?? []) as string[]) {
    const value = validValue(properties[name] ?? {});
    if (value === undefined) return undefined;
    out[name] = value;
  }
  return out;
}

/** One rule broken: what, and the value that breaks it. */
export interface Breakage {
  /** `over 120 characters`, `below the minimum 1`, `of the wrong type`. */
  rule: string;
  /** The schema's keyword that says the rule: whose rule it is (spec-rules.ts). */
  keyword: RuleKeyword;
  /** `limit`: a length or a range; `parameter`: a type, a pattern, a set of values. */
  kind: 'limit' | 'parameter';
  value: unknown;
  /** The upper bound it is one past, for a too-long string or a too-large number. */
  bound?: { rule: 'maxLength' | 'maximum'; limit: number };
}

function wrongType(schema: JsonSchema): unknown {
  if (schema.type === 'string') return 12_345;
  if (schema.type === 'object' || schema.type === 'array') return 'verify';
  return 'verify';
}

/** For each rule of the schema, a value that breaks that rule alone. */
export function breakages(schema: JsonSchema, withWrongType: boolean): Breakage[] {
  const out: Breakage[] = [];
  const valid = validValue(schema);
  if (typeof schema.maxLength === 'number' && typeof valid === 'string')
    out.push({
      kind: 'limit',
      keyword: 'maxLength',
      rule: `over ${schema.maxLength} characters`,
      value: valid.padEnd(schema.maxLength + 1, 'x'),
      bound: { rule: 'maxLength', limit: schema.maxLength },
    });
  if (typeof schema.minLength === 'number' && schema.minLength > 0)
    out.push({
      kind: 'limit',
      keyword: 'minLength',
      rule: schema.minLength === 1 ? 'empty' : `under ${schema.minLength} characters`,
      value: ''.padEnd(schema.minLength - 1, 'x'),
    });
  if (typeof schema.maximum === 'number' && Math.abs(schema.maximum) < UNBOUNDED)
    out.push({
      kind: 'limit',
      keyword: 'maximum',
      rule: `above the maximum ${schema.maximum}`,
      value: schema.maximum + 1,
      bound: { rule: 'maximum', limit: schema.maximum },
    });
  if (typeof schema.minimum === 'number' && Math.abs(schema.minimum) < UNBOUNDED)
    out.push({
      kind: 'limit',
      keyword: 'minimum',
      rule: `below the minimum ${schema.minimum}`,
      value: schema.minimum - 1,
    });
  const excluded = (schema.not as JsonSchema | undefined)?.enum;
  if (Array.isArray(excluded))
    for (const value of excluded)
      out.push({ kind: 'limit', keyword: 'not', rule: `equal to ${JSON.stringify(value)}`, value });
  if (Array.isArray(schema.enum)) {
    const numbers = schema.enum.filter((value): value is number => typeof value === 'number');
    const outside = numbers.length > 0 ? Math.max(...numbers) + 1 : 'loyalty-verify-not-listed';
    out.push({ kind: 'parameter', keyword: 'enum', rule: 'outside its values', value: outside });
  }
  if (typeof schema.pattern === 'string') {
    const value = ['not-a-match', '!', ' '].find((candidate) => !matches(schema.pattern, candidate));
    if (value !== undefined)
      out.push({ kind: 'parameter', keyword: 'pattern', rule: 'not matching its pattern', value });
  }
  if (withWrongType && typeof schema.type === 'string')
    out.push({
      kind: 'parameter',
      keyword: 'type',
      rule: `not ${/^[aeiou]/.test(String(schema.type)) ? 'an' : 'a'} ${schema.type}`,
      value: wrongType(schema),
    });
  return out;
}

import type { Json } from '../../core/index.js';
import { isObject } from '../../core/index.js';
import { fieldPath } from './field-path.js';
import type { ProfileFact, ProfileJsonType } from './format.js';

type FieldFact = Extract<ProfileFact, { kind: 'field' }>;

/** A value of a JSON type that says nothing of any record: what an added field carries. */
const EMPTY: Record<ProfileJsonType, () => unknown> = {
  string: () => '',
  integer: () => 0,
  number: () => 0,
  boolean: () => false,
  null: () => null,
  object: () => ({}),
  array: () => [],
};

/** The type a field takes: the first observed one that is not null, else null. */
const mainType = (types: readonly ProfileJsonType[]): ProfileJsonType =>
  types.find((type) => type !== 'null') ?? 'null';

/** A value carried over to another JSON type where that keeps its meaning (`1000` -> `"1000"`), else that type's empty value. */
function convert(value: unknown, type: ProfileJsonType): unknown {
  if (type === 'string' && (typeof value === 'number' || typeof value === 'boolean')) return String(value);
  if ((type === 'number' || type === 'integer') && typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    if (Number.isFinite(number) && (type === 'number' || Number.isInteger(number))) return number;
  }
  return EMPTY[type]();
}

function applyAt(record: Json, name: string, fact: FieldFact): void {
  if (fact.change === 'missing') delete record[name];
  else if (fact.change === 'added') record[name] = EMPTY[mainType(fact.types)]();
  else if (fact.change === 'nullable') record[name] = null;
  else if (name in record) record[name] = convert(record[name], mainType(fact.types));
}

function walk(value: unknown, path: readonly string[], fact: FieldFact): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (head === '[]') {
    if (Array.isArray(value)) for (const item of value) walk(item, rest, fact);
    return;
  }
  if (!isObject(value)) return;
  if (rest.length === 0) applyAt(value, head, fact);
  else walk(value[head], rest, fact);
}

/**
 * `data` of a success as the service answered it: fields it was seen to add (with an empty value
 * of the observed type), fields it lacks removed, others in the observed type or null. Changes
 * `data` in place.
 */
export function followRecordFacts(data: unknown, facts: readonly FieldFact[]): void {
  for (const fact of facts) walk(data, fieldPath(fact.location), fact);
}

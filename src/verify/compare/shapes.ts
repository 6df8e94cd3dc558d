import { describeShape, type JsonType, type Shape } from '../shape.js';

/**
 * How two shapes differ, field by field. `observed` mode: the observed shape was inferred from
 * values, so a field it lacks counts only when the expected one requires it, and a nullable type
 * never seen null is no difference. `declared` mode: both were declared, so each side counts.
 */
export type ShapeMode = 'observed' | 'declared';

type ShapeChange = 'added' | 'missing' | 'type' | 'nullable';

export interface ShapeDifference {
  /** Field names from the compared value down; `[]` is the value itself, `[]` items are `[]`. */
  path: string[];
  change: ShapeChange;
  expected: string;
  observed: string;
  /**
   * Whether the expected side requires the field (for `missing`), is not nullable (for `nullable`),
   * or has a type besides null (for `type`).
   */
  strict: boolean;
}

const accepts = (types: JsonType[], type: JsonType): boolean =>
  types.length === 0 || types.includes(type) || (type === 'integer' && types.includes('number'));

const withoutNull = (shape: Shape): JsonType[] => shape.types.filter((type) => type !== 'null');

/** The types of a side, null left out unless it is all there was (a reference that sent null says `null`). */
const typesIn = (shape: Shape): string => {
  const types = withoutNull(shape);
  return types.length === 0 ? 'null' : describeShape({ types });
};

function diffTypes(expected: Shape, observed: Shape, mode: ShapeMode, path: string[]): ShapeDifference[] {
  if (expected.types.length === 0 || observed.types.length === 0) return [];
  const out: ShapeDifference[] = [];
  const wrong = withoutNull(observed).filter((type) => !accepts(expected.types, type));
  const narrower =
    mode === 'declared' && withoutNull(expected).some((type) => !accepts(observed.types, type));
  if (wrong.length > 0 || narrower) {
    const wanted = withoutNull(expected);
    out.push({
      path,
      change: 'type',
      expected: typesIn(expected),
      observed: typesIn(observed),
      // Where the expected side was only ever null there is no type to break: it differs.
      strict: wanted.length > 0,
    });
  }
  const expectedNull = expected.types.includes('null');
  const observedNull = observed.types.includes('null');
  if (observedNull !== expectedNull && (observedNull || mode === 'declared')) {
    out.push({
      path,
      change: 'nullable',
      expected: expectedNull ? 'nullable' : 'not nullable',
      observed: observedNull ? 'null' : 'not nullable',
      strict: !expectedNull,
    });
  }
  return out;
}

function diffFields(expected: Shape, observed: Shape, mode: ShapeMode, path: string[]): ShapeDifference[] {
  const out: ShapeDifference[] = [];
  const wanted = expected.fields ?? {};
  const seen = observed.fields ?? {};
  for (const [name, field] of Object.entries(wanted)) {
    const got = seen[name];
    const at = [...path, name];
    if (got === undefined || (mode === 'observed' && field.required && !got.required)) {
      if (mode === 'observed' && !field.required) continue;
      out.push({
        path: at,
        change: 'missing',
        expected: describeShape(field.shape),
        observed: got === undefined ? 'absent' : 'absent from some items',
        strict: field.required,
      });
      if (got === undefined) continue;
    }
    out.push(...diffShapes(field.shape, got.shape, mode, at));
  }
  if (expected.open && mode === 'observed') return out;
  for (const [name, field] of Object.entries(seen)) {
    if (name in wanted) continue;
    if (expected.values) {
      out.push(...diffShapes(expected.values, field.shape, mode, [...path, name]));
      continue;
    }
    out.push({
      path: [...path, name],
      change: 'added',
      expected: 'absent',
      observed: describeShape(field.shape),
      strict: false,
    });
  }
  return out;
}

/** Every difference between an expected shape and an observed one. */
export function diffShapes(
  expected: Shape,
  observed: Shape,
  mode: ShapeMode,
  path: string[] = [],
): ShapeDifference[] {
  if (expected.types.length === 0 || observed.types.length === 0) return [];
  const out = diffTypes(expected, observed, mode, path);
  if (out.some((difference) => difference.change === 'type')) return out;
  if (observed.types.includes('object') && expected.types.includes('object')) {
    if (expected.fields) out.push(...diffFields(expected, observed, mode, path));
    else if (expected.values && observed.fields) {
      for (const [name, field] of Object.entries(observed.fields))
        out.push(...diffShapes(expected.values, field.shape, mode, [...path, name]));
    } else if (expected.values && observed.values)
      out.push(...diffShapes(expected.values, observed.values, mode, path));
  }
  if (expected.items && observed.items)
    out.push(...diffShapes(expected.items, observed.items, mode, [...path, '[]']));
  return out;
}

/** `data.etiquetas`, `data.[].nombre` -> `data[].nombre`. */
export function joinPath(prefix: string, path: readonly string[]): string {
  return path.reduce((at, part) => (part === '[]' ? `${at}[]` : `${at}.${part}`), prefix);
}

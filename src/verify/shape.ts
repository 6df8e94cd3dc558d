/**
 * The shape of JSON: field names, JSON types, nullability and array items, never a value. Shapes
 * come from values (what a service answered) or from JSON Schemas (what a document declares), so
 * both can be compared the same way (compare/shapes.ts).
 */

export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'object' | 'array';

export interface FieldShape {
  shape: Shape;
  required: boolean;
}

export interface Shape {
  /** Empty: any JSON value (a schema that says nothing, a list seen empty). */
  types: JsonType[];
  /** An object's named fields. */
  fields?: Record<string, FieldShape>;
  /** An object whose fields are not named (a map): the shape of each value. */
  values?: Shape;
  /** Fields besides `fields` are allowed (a loose object): none is reported as added. */
  open?: boolean;
  /** An array's items; absent when no item was seen. */
  items?: Shape;
}

export const ANY: Shape = Object.freeze({ types: [] }) as Shape;

const ORDER: JsonType[] = ['object', 'array', 'string', 'number', 'integer', 'boolean', 'null'];

function sortTypes(types: Iterable<JsonType>): JsonType[] {
  const set = new Set(types);
  // An integer is a number: a field seen as both is a number.
  if (set.has('number')) set.delete('integer');
  return ORDER.filter((type) => set.has(type));
}

function typeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string' || typeof value === 'boolean') return typeof value as JsonType;
  return 'object';
}

/**
 * How deep a shape goes, from a value or a schema: deeper than any record of this API. Below it a
 * shape is ANY, so a service's deep answer (or a schema's endless `$ref`) neither overflows the
 * stack here nor makes a profile or report too deep to print.
 */
const MAX_SHAPE_DEPTH = 32;

/** The shape of a JSON value; the value itself is dropped. No value at all (an absent field) says nothing: any. */
export function inferShape(value: unknown, depth = 0): Shape {
  if (depth > MAX_SHAPE_DEPTH || value === undefined) return ANY;
  const type = typeOf(value);
  if (type === 'array') {
    const items = (value as unknown[]).map((item) => inferShape(item, depth + 1));
    return items.length === 0 ? { types: ['array'] } : { types: ['array'], items: items.reduce(mergeShapes) };
  }
  if (type !== 'object') return { types: [type] };
  const fields: Record<string, FieldShape> = {};
  for (const [name, field] of Object.entries(value as Record<string, unknown>))
    fields[name] = { shape: inferShape(field, depth + 1), required: true };
  return { types: ['object'], fields };
}

/** One shape for values seen in several places (the items of a list): a field seen in some only is optional. */
function mergeShapes(a: Shape, b: Shape): Shape {
  if (a.types.length === 0 || b.types.length === 0) return ANY;
  const merged: Shape = { types: sortTypes([...a.types, ...b.types]) };
  if (a.fields || b.fields) {
    const fields: Record<string, FieldShape> = {};
    const names = new Set([...Object.keys(a.fields ?? {}), ...Object.keys(b.fields ?? {})]);
    // A value that is no object (null, of a nullable object) lacks no field of the object.
    const [aObject, bObject] = [a.types.includes('object'), b.types.includes('object')];
    for (const name of names) {
      const left = a.fields?.[name];
      const right = b.fields?.[name];
      fields[name] =
        left && right
          ? { shape: mergeShapes(left.shape, right.shape), required: left.required && right.required }
          : {
              shape: (left ?? right)!.shape,
              required: (left ?? right)!.required && !(left ? bObject : aObject),
            };
    }
    merged.fields = fields;
  }
  if (a.items || b.items)
    merged.items = a.items && b.items ? mergeShapes(a.items, b.items) : (a.items ?? b.items);
  return merged;
}

type JsonSchema = Record<string, unknown>;

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `#/components/schemas/X` inside `root`; anything else is unknown, so any value. */
function resolveRef(ref: string, root: JsonSchema | undefined): JsonSchema | undefined {
  if (!ref.startsWith('#/') || root === undefined) return undefined;
  let current: unknown = root;
  for (const part of ref.slice(2).split('/')) current = isSchema(current) ? current[part] : undefined;
  return isSchema(current) ? current : undefined;
}

function typesOfEnum(values: unknown[]): JsonType[] {
  return sortTypes(values.map(typeOf));
}

/**
 * The shape a JSON Schema (OpenAPI 3.0 dialect: `nullable`, `$ref` into `root`) declares. `allOf`
 * merges its members' fields; `anyOf`/`oneOf` unite their types.
 */
export function shapeOfSchema(schema: unknown, root?: JsonSchema, depth = 0): Shape {
  if (!isSchema(schema) || depth > MAX_SHAPE_DEPTH) return ANY;
  if (typeof schema.$ref === 'string') return shapeOfSchema(resolveRef(schema.$ref, root), root, depth + 1);
  if (Array.isArray(schema.allOf)) {
    const members = schema.allOf.map((member) => shapeOfSchema(member, root, depth + 1));
    return members.reduce(intersect, shapeOfSchema({ ...schema, allOf: undefined }, root, depth + 1));
  }
  const union = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(union)) {
    const members = union.map((member) => shapeOfSchema(member, root, depth + 1));
    return members.some((member) => member.types.length === 0) ? ANY : members.reduce(mergeShapes);
  }
  let types: JsonType[] = [];
  if (typeof schema.type === 'string') types = [schema.type as JsonType];
  else if (Array.isArray(schema.type)) types = schema.type as JsonType[];
  else if (Array.isArray(schema.enum)) types = typesOfEnum(schema.enum);
  else if ('const' in schema) types = typesOfEnum([schema.const]);
  else if (isSchema(schema.properties)) types = ['object'];
  if (types.length > 0 && schema.nullable === true) types = [...types, 'null'];
  const shape: Shape = { types: sortTypes(types) };
  if (isSchema(schema.properties)) {
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    shape.fields = Object.fromEntries(
      Object.entries(schema.properties).map(([name, property]) => [
        name,
        { shape: shapeOfSchema(property, root, depth + 1), required: required.has(name) },
      ]),
    );
    shape.open = schema.additionalProperties !== false;
  } else if (types.includes('object') && schema.additionalProperties !== false) {
    shape.values = shapeOfSchema(schema.additionalProperties, root, depth + 1);
  }
  if (types.includes('array') && schema.items !== undefined)
    shape.items = shapeOfSchema(schema.items, root, depth + 1);
  return shape;
}

/** `allOf`: the fields of both; the types the narrower one allows. */
function intersect(a: Shape, b: Shape): Shape {
  if (a.types.length === 0) return b;
  if (b.types.length === 0) return a;
  const fields = a.fields || b.fields ? { ...a.fields, ...b.fields } : undefined;
  return {
    ...a,
    ...b,
    types: a.types.filter((type) => b.types.includes(type)),
    ...(fields ? { fields, open: (a.open ?? true) && (b.open ?? true) } : {}),
  };
}

/** `string`, `integer | null`, `array of object`, `any JSON value`: a shape's types in words. */
export function describeShape(shape: Shape): string {
  if (shape.types.length === 0) return 'any JSON value';
  return shape.types
    .map((type) =>
      type === 'array' && shape.items && shape.items.types.length > 0
        ? `array of ${describeShape(shape.items)}`
        : type,
    )
    .join(' | ');
}

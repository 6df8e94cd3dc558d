import type * as z from 'zod';

/**
 * Path and query parameters travel as strings. The table declares their values (integers,
 * booleans, dates); this converts strings to values, derived from the schema.
 */

function baseType(schema: z.ZodType): string {
  let current = schema as z.ZodType & { def: { type: string; innerType?: z.ZodType } };
  while (current.def.innerType && (current.def.type === 'optional' || current.def.type === 'default')) {
    current = current.def.innerType as typeof current;
  }
  return current.def.type;
}

const NUMBER = /^-?(?:\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?$/;

/** Turns raw strings into the values the schema expects; what cannot convert stays a string for the schema to reject. */
export function decodeWireParams(schema: z.ZodObject, raw: Record<string, string>): Record<string, unknown> {
  // No prototype: a parameter named __proto__ is data here, not a prototype.
  const out: Record<string, unknown> = Object.create(null);
  for (const [name, value] of Object.entries(raw)) {
    const field = Object.hasOwn(schema.shape, name) ? schema.shape[name] : undefined;
    const type = field ? baseType(field as z.ZodType) : 'string';
    if (type === 'number' && NUMBER.test(value)) out[name] = Number(value);
    else if (type === 'boolean' && (value === 'true' || value === 'false')) out[name] = value === 'true';
    else out[name] = value;
  }
  return out;
}

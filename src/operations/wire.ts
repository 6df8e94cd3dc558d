import type * as z from 'zod/mini';
import type { ObjectSchema } from './define.js';

/**
 * Path and query parameters travel as strings. The table declares their values (integers,
 * booleans, dates); this converts strings to values, derived from the schema.
 */

function baseType(schema: z.ZodMiniType): string {
  let current = schema as z.ZodMiniType & { def: { type: string; innerType?: z.ZodMiniType } };
  while (current.def.innerType && (current.def.type === 'optional' || current.def.type === 'default')) {
    current = current.def.innerType as typeof current;
  }
  return current.def.type;
}

const NUMBER = /^-?(?:\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?$/;

/** Turns raw strings into the values the schema expects; what cannot convert stays a string for the schema to reject. */
export function decodeWireParams(schema: ObjectSchema, raw: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(raw)) {
    const value = raw[name] as string;
    const field = Object.hasOwn(schema.shape, name) ? schema.shape[name] : undefined;
    const type = field ? baseType(field as z.ZodMiniType) : 'string';
    const decoded =
      type === 'number' && NUMBER.test(value)
        ? Number(value)
        : type === 'boolean' && (value === 'true' || value === 'false')
          ? value === 'true'
          : value;
    // A parameter named __proto__ is data: defined as an own property, never set as a prototype.
    if (name === '__proto__')
      Object.defineProperty(out, name, {
        value: decoded,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else out[name] = decoded;
  }
  return out;
}

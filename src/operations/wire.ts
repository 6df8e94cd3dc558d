import type * as z from 'zod/mini';
import type { ObjectSchema } from './define.js';

/**
 * Path and query parameters travel as strings. The table declares their values (integers,
 * booleans, dates); this converts strings to values, derived from the schema.
 */

/** The type of a parameter's schema (`number`, `boolean`, `string`...), `integer` for a zod int. */
function baseType(schema: z.ZodMiniType): string {
  let current = schema as z.ZodMiniType & {
    def: { type: string; format?: string; innerType?: z.ZodMiniType };
  };
  while (current.def.innerType && (current.def.type === 'optional' || current.def.type === 'default')) {
    current = current.def.innerType as typeof current;
  }
  return current.def.type === 'number' && current.def.format === 'safeint' ? 'integer' : current.def.type;
}

/**
 * An integer on the wire (a path or query parameter): decimal digits, a minus for a negative.
 * Not `+1`, `1.0`, `1e0` or `0x1`: the client writes `String(n)` of a safe integer, which is always
 * this, and the OpenAPI document gives the same `pattern` to every integer parameter.
 */
export const WIRE_INTEGER_PATTERN = '^-?[0-9]+$';
const INTEGER = new RegExp(WIRE_INTEGER_PATTERN);
const NUMBER = /^-?(?:\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?$/;

/** Turns raw strings into the values the schema expects; what cannot convert stays a string for the schema to reject. */
export function decodeWireParams(schema: ObjectSchema, raw: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(raw)) {
    const value = raw[name] as string;
    const field = Object.hasOwn(schema.shape, name) ? schema.shape[name] : undefined;
    const type = field ? baseType(field as z.ZodMiniType) : 'string';
    const decoded =
      (type === 'integer' && INTEGER.test(value)) || (type === 'number' && NUMBER.test(value))
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

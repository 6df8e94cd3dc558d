import * as z from 'zod/mini';
import type { Operation } from './define.js';
import type { ParameterLocation } from './validate.js';

/** JSON Schema (OpenAPI 3.0 dialect) of a request schema, as the caller writes it. */
export function requestJsonSchema(schema: z.ZodMiniType): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
}

/**
 * OpenAPI 3.0.3 reads `nullable` as adding null to the type, not to an `enum`: a nullable enum
 * must list null itself, or null breaks it (Ajv, Prism). zod writes the enum without it.
 */
function nullInNullableEnums(node: unknown): void {
  if (typeof node !== 'object' || node === null) return;
  for (const value of Object.values(node)) nullInNullableEnums(value);
  const schema = node as { nullable?: unknown; enum?: unknown[] };
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum.push(null);
  }
}

/** JSON Schema (OpenAPI 3.0 dialect) of a response schema. */
export function responseJsonSchema(schema: z.ZodMiniType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output', unrepresentable: 'any' });
  nullInNullableEnums(json);
  return json as Record<string, unknown>;
}

export interface ParameterDescription {
  in: Exclude<ParameterLocation, 'header'>;
  name: string;
  required: boolean;
  schema: Record<string, unknown>;
  description: string | undefined;
}

/** The parameters of an operation, one entry per path, query and top-level body field. */
export function describeParameters(operation: Operation): ParameterDescription[] {
  const out: ParameterDescription[] = [];
  const sources = [
    ['path', operation.params],
    ['query', operation.query],
    ['body', operation.body],
  ] as const;
  for (const [location, schema] of sources) {
    if (!schema) continue;
    const json = requestJsonSchema(schema);
    const properties = (json.properties ?? {}) as Record<string, Record<string, unknown>>;
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      const { description, ...rest } = property;
      out.push({
        in: location,
        name,
        required: location === 'path' || required.has(name),
        schema: rest,
        description: description as string | undefined,
      });
    }
  }
  return out;
}

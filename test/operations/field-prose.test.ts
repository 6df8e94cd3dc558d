import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { rows } from '../../src/operations/rows.js';

/** What zod's registry holds (own or inherited) for each schema reachable from `schema`, by path. */
function metadataIn(
  schema: z.core.$ZodType,
  path: string,
  found: Map<string, unknown>,
): Map<string, unknown> {
  const meta = z.globalRegistry.get(schema);
  if (meta) found.set(path, meta);
  const def = schema._zod.def as z.core.$ZodTypeDef & {
    shape?: Record<string, z.core.$ZodType>;
    innerType?: z.core.$ZodType;
    catchall?: z.core.$ZodType;
  };
  for (const [name, field] of Object.entries(def.shape ?? {})) metadataIn(field, `${path}.${name}`, found);
  if (def.innerType) metadataIn(def.innerType, path, found);
  if (def.catchall) metadataIn(def.catchall, `${path}[*]`, found);
  return found;
}

function metadataOfRows(
  read: (id: string, part: 'params' | 'query' | 'body') => z.core.$ZodType | undefined,
) {
  const found = new Map<string, unknown>();
  for (const row of rows) {
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = read(row.id, part);
      if (schema) metadataIn(schema, `${row.id} ${part}`, found);
    }
  }
  return found;
}

describe('field descriptions live beside the prose, not in the schemas a client bundles', () => {
  it('the rows a client reads describe no field: no description, no JSON Schema extra', () => {
    const read = (id: string, part: 'params' | 'query' | 'body') =>
      (rows.find((row) => row.id === id) as Partial<Record<typeof part, z.core.$ZodType>>)[part];
    expect(metadataOfRows(read)).toEqual(new Map());
  });

  it('the table describes the same schemas when it hands them out', async () => {
    const { findOperation } = await import('../../src/operations/table.js');
    const read = (id: string, part: 'params' | 'query' | 'body') =>
      (findOperation(id) as Partial<Record<typeof part, z.core.$ZodType>> | undefined)?.[part];
    const found = metadataOfRows(read);
    expect(found.get('clientes.retrieve params.uid')).toEqual({ description: 'Customer UID' });
    expect(found.get('clientes.puntos.add body.puntos')).toEqual({
      description: 'Points in the public unit; a negative number removes',
      not: { enum: [0] },
    });
    expect(found.get('tareas.setStatus body.status')).toEqual({
      type: 'integer',
      description: '1 active, 0 inactive',
    });
    expect(found.get('promociones.cupones.list query.inicio')).not.toEqual(
      found.get('promociones.cupones.list query.fin'),
    );
  });
});

import { getOperation } from '../operations/table.js';
import type { ProfileEntry } from '../server/internal.js';
import type { Operation } from './probe.js';
import { expectedRecord } from './profile-expect.js';
import { observationsOf } from './profile-observe.js';
import type { Run } from './run.js';
import { ANY, describeShape, type Shape } from './shape.js';

/**
 * A record's shape as field paths and their types (`nivel.nombre: 'string'`,
 * `etiquetas: 'array of string'`, `[].fechaProgramada: 'string | null (optional)'`): names and
 * types only, never a value. Only where the SDK names fields: below a map (`expected.values`) or
 * a value it says nothing of, the names are data (ids, dataset names), so only the type is kept.
 */
function fieldTypes(
  observed: Shape,
  expected: Shape,
  prefix = '',
  out: Record<string, string> = {},
): Record<string, string> {
  if (expected.fields === undefined && expected.items === undefined) return out;
  for (const [name, field] of Object.entries(expected.fields ? (observed.fields ?? {}) : {})) {
    const path = prefix === '' ? name : `${prefix}.${name}`;
    out[path] = `${describeShape(field.shape)}${field.required ? '' : ' (optional)'}`;
    fieldTypes(field.shape, expected.fields?.[name]?.shape ?? ANY, path, out);
  }
  if (observed.items && expected.items) fieldTypes(observed.items, expected.items, `${prefix}[]`, out);
  return out;
}

/** How `details` came: our list, an object (keyed by field), or not at all. */
const detailsForm = (shape: Shape | undefined) =>
  shape === undefined ? 'absent' : shape.types.includes('object') ? 'keyed' : 'list';

/**
 * What the probes observed, whether it differs or not: each record's fields and types, and each
 * refusal's `codigoRespuesta` and `details` form by operation and status.
 */
export function observedEntries(run: Run): ProfileEntry[] {
  const { records, codes, details } = observationsOf(run);
  const out: ProfileEntry[] = [];
  for (const [operationId, shape] of records) {
    const expected = expectedRecord(getOperation(operationId) as Operation, run.options.profile);
    out.push({ path: `records.${operationId}`, value: fieldTypes(shape, expected), source: 'probe' });
  }
  for (const [key, codigoRespuesta] of codes) {
    const [operationId, status] = key.split(' ');
    out.push({
      path: `refusals.${operationId}.${status}`,
      value: { codigoRespuesta, details: detailsForm(details.get(key)) },
      source: 'probe',
    });
  }
  return out;
}

import { tableOperation } from '../operations/table.js';
import type { ProfileEntry } from '../server/internal.js';
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

/** The checks that read an operation's record (plan.ts names them). */
const RECORD_CHECKS = ['read: the record shape', 'dry run: the answer shape'];

/** How `details` came: our list, an object (keyed by field), or not at all. */
const detailsForm = (shape: Shape | undefined) =>
  shape === undefined ? 'absent' : shape.types.includes('object') ? 'keyed' : 'list';

/**
 * What the probes observed, whether it differs or not: each record's fields and types (or, where
 * none was seen, that the SDK's is assumed, and why), and each refusal's `codigoRespuesta` and
 * `details` form by operation and status.
 */
export function observedEntries(run: Run): ProfileEntry[] {
  const { records, codes, details } = observationsOf(run);
  const out: ProfileEntry[] = [];
  for (const [operationId, checks] of run.coverage) {
    const record = checks.find((entry) => RECORD_CHECKS.includes(entry.check));
    if (record === undefined) continue;
    const shape = records.get(operationId);
    if (record.outcome === 'observed' && shape !== undefined) {
      const expected = expectedRecord(tableOperation(operationId), run.options.profile);
      out.push({ path: `records.${operationId}`, value: fieldTypes(shape, expected), source: 'probe' });
    }
    // Nothing seen: the reference server keeps the SDK's record there, which is our assumption.
    else
      out.push({
        path: `records.${operationId}`,
        value: { record: "the SDK's", why: record.note ?? record.outcome },
        source: 'assumption',
      });
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

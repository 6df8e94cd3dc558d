import { type Basis, envelopeBasis, onReference, onSpec, weighed } from '../basis.js';
import type { Finding, FindingKind, OperationId, Severity } from '../types.js';
import { joinPath, type ShapeDifference } from './shapes.js';

const FIELD_KINDS: Record<ShapeDifference['change'], FindingKind> = {
  added: 'field-added',
  missing: 'field-missing',
  type: 'field-type',
  nullable: 'field-nullable',
};

function fieldSeverity(difference: ShapeDifference): Severity {
  if (difference.change === 'added') return 'info';
  if (difference.change === 'type') return difference.strict ? 'breaking' : 'differs';
  return difference.strict ? 'breaking' : difference.change === 'missing' ? 'differs' : 'info';
}

/** The fields of a report dataset the spec's "Report catalog" table names. */
const CATALOG_FIELDS = new Set(['label', 'fields', 'metrics', 'filters', 'id', 'type', 'operators']);

/**
 * Whose a record's field is: the spec shows the fields of the report catalog only; every other
 * record's fields are the reference server's (docs/decisions.md, "Records returned by the
 * reference server").
 */
function recordBasis(operationId: OperationId | null, difference: ShapeDifference): Basis {
  const name = difference.path.at(-1) ?? '';
  if (
    operationId === 'reportes.catalogo.retrieve' &&
    difference.change !== 'added' &&
    CATALOG_FIELDS.has(name)
  )
    return onSpec(
      'Report catalog: each dataset has label, fields, metrics and filters, items of id, label, type (and operators).',
    );
  return onReference("the spec does not show the fields of this record: they are the reference server's");
}

/** The status of a location's prefix (`response.400`), or 200 for `data`. */
const statusOf = (prefix: string) => Number(/^response\.(\d+)/.exec(prefix)?.[1] ?? 200);

/**
 * Findings of the shape differences of a record (`family` 'field') or of an error's envelope
 * ('error-shape': every difference there is one kind, its severity as a record's would be). A
 * record's type that promises a field the service does not send fails code written against the
 * SDK's result types, whosever the field; a difference of an envelope on our choice only differs.
 */
export function shapeFindings(
  differences: readonly ShapeDifference[],
  prefix: string,
  family: 'field' | 'error-shape',
  operationId: OperationId | null,
  reproduce: string,
): Finding[] {
  const inData = family === 'field' && prefix.startsWith('response.200.data');
  return differences.map((difference) => {
    const basis = inData
      ? recordBasis(operationId, difference)
      : envelopeBasis(statusOf(prefix), difference.path.join('.'), difference.change);
    return {
      kind: family === 'field' ? FIELD_KINDS[difference.change] : 'error-shape',
      operationId,
      location: joinPath(prefix, difference.path),
      expected: difference.expected,
      observed: difference.observed,
      severity: weighed(fieldSeverity(difference), basis, inData),
      ...basis,
      reproduce,
    };
  });
}

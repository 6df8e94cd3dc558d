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

/**
 * Findings of the shape differences of a record (`family` 'field') or of an error's envelope
 * ('error-shape': every difference there is one kind, its severity as a record's would be).
 */
export function shapeFindings(
  differences: readonly ShapeDifference[],
  prefix: string,
  family: 'field' | 'error-shape',
  operationId: OperationId | null,
  reproduce: string,
): Finding[] {
  return differences.map((difference) => ({
    kind: family === 'field' ? FIELD_KINDS[difference.change] : 'error-shape',
    operationId,
    location: joinPath(prefix, difference.path),
    expected: difference.expected,
    observed: difference.observed,
    severity: fieldSeverity(difference),
    reproduce,
  }));
}

import { isObject } from '../../core/index.js';
import { responseJsonSchema } from '../../operations/parameters.js';
import type { Operation } from '../../operations/table.js';
import type { ProbeAnswer } from '../answer.js';
import { onReference, onSpec, weighed } from '../basis.js';
import { joinPath } from '../compare/shapes.js';
import { type ValueBreak, valueBreaks } from '../compare/value-rules.js';
import type { Probe } from '../probe.js';
import { addFinding, type Run, reproduceOf } from '../run.js';
import type { Finding, OperationId } from '../types.js';

/** The JSON Schema of each operation's `data`, made once a process. */
const schemas = new Map<OperationId, Record<string, unknown>>();

function dataSchema(operation: Operation): Record<string, unknown> {
  let schema = schemas.get(operation.id);
  if (schema === undefined) {
    schema = responseJsonSchema(operation.data);
    schemas.set(operation.id, schema);
  }
  return schema;
}

/**
 * A `value` finding: on the spec's rule where the schema quotes it, else the reference server's.
 * `breaking` where the spec's rule is broken, or where a listed value is outside its list (the
 * SDK's result type, `0 | 1`, is then wrong); else `differs`.
 */
function valueFinding(
  operationId: OperationId,
  prefix: string,
  found: ValueBreak,
  reproduce: string,
): Finding {
  const basis = found.rule === undefined ? onReference() : onSpec(found.rule);
  return {
    kind: 'value',
    operationId,
    location: joinPath(prefix, found.path),
    expected: found.expected,
    observed: found.observed,
    severity: weighed('breaking', basis, 'enum' in found.expected),
    ...basis,
    reproduce,
  };
}

/**
 * The values of a success's `data` against the value rules of the operation's record (the
 * document's response schema): a `value` finding for each place that breaks one. The request's
 * body decides which variant of a union the answer must be (a dry run's answer says it did not run).
 */
export function checkValues(run: Run, probe: Probe, answer: ProbeAnswer): void {
  const envelope = answer.envelope;
  if (envelope === undefined || !('data' in envelope)) return;
  const given = isObject(probe.body) ? probe.body : {};
  const found = valueBreaks(dataSchema(probe.operation), envelope.data, undefined, given);
  if (found.length === 0) return;
  const reproduce = reproduceOf(run, probe);
  for (const one of found)
    addFinding(run, valueFinding(probe.operation.id, `response.${answer.status}.data`, one, reproduce));
}

import { isWrite, pathParamNames } from '../operations/define.js';
import { describeParameters, requestJsonSchema } from '../operations/parameters.js';
import type { Operation } from '../operations/table.js';
import { NONEXISTENT, type Probe } from './probe.js';
import { validObject, validValue } from './values.js';

/**
 * The valid request a probe starts from, derived from the table: required query and body fields
 * with values that keep every rule, identifiers that name nothing, a fresh Idempotency-Key.
 */

/** A probe before it says what it checks and which key it carries. */
export type ProbeBase = Omit<Probe, 'check' | 'target' | 'key'>;

/** A write that names no record in its path: accepted, it would make one. */
export const isCreate = (operation: Operation) =>
  isWrite(operation) && pathParamNames(operation.path).length === 0;

function pathSchema(operation: Operation, name: string): Record<string, unknown> {
  return (
    (requestJsonSchema(operation.params!).properties as Record<string, Record<string, unknown>>)[name] ?? {}
  );
}

/** A refusal's path parameter: an identifier that names nothing, so a wrong acceptance changes nothing. */
function nowhere(operation: Operation, name: string): string | number {
  return pathSchema(operation, name).type === 'string' ? NONEXISTENT.string : NONEXISTENT.integer;
}

export function baseQuery(operation: Operation): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const parameter of describeParameters(operation).filter((p) => p.in === 'query' && p.required)) {
    const value = validValue(parameter.schema);
    if (value === undefined) return undefined;
    out[parameter.name] = String(value);
  }
  return out;
}

function baseBody(operation: Operation): unknown {
  if (!operation.body) return undefined;
  const body = validObject(requestJsonSchema(operation.body));
  // A group action's probe is a dry run, whatever else it breaks: nothing can be executed.
  return body && operation.groupAction ? { dryRun: true, ...body } : body;
}

/** Idempotency-Keys of a run, each its own: `loyalty-verify-<run>-001`, `-002`, ... */
export function keySource(runId: string): () => string {
  let next = 1;
  return () => `loyalty-verify-${runId}-${String(next++).padStart(3, '0')}`;
}

/** The request every refusal of an operation starts from: valid, aimed at nothing. */
export function refusalBase(operation: Operation, nextKey: () => string): ProbeBase {
  const params = Object.fromEntries(
    pathParamNames(operation.path).map((name) => [name, nowhere(operation, name)]),
  );
  const idempotencyKey = operation.idempotency === 'required' ? nextKey() : undefined;
  return {
    operation,
    purpose: 'refusal',
    params,
    query: baseQuery(operation) ?? {},
    ...(operation.body ? { body: baseBody(operation) } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
    refusal: true,
  };
}

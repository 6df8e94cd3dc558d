import { describeParameters } from '../operations/parameters.js';
import {
  decidedRuleOf,
  type RuleKeyword,
  type RuleParameter,
  SPEC_ENVELOPE_FIELDS,
  specRuleOf,
} from '../operations/spec-rules.js';
import type { Operation } from '../operations/table.js';
import type { Finding, Severity } from './types.js';

/**
 * Whose rule a finding holds the service to (spec-rules.ts says which rules of the table are the
 * spec's), and how much it can weigh: `breaking` only where a rule of the spec is broken or the SDK
 * itself would fail.
 */

export type Basis = Pick<Finding, 'basis' | 'rule'>;

export const onSpec = (rule: string): Basis => ({ basis: 'spec', rule });

export const onReference = (rule?: string): Basis =>
  rule === undefined ? { basis: 'reference' } : { basis: 'reference', rule };

/**
 * The severity a difference can have on its basis: on the reference's choice, `breaking` only
 * where the SDK itself would fail (`sdkFails`: a call it sends refused, an answer it cannot
 * read, a result type that promises a field the service does not send); else `differs`.
 */
export function weighed(severity: Severity, basis: Basis, sdkFails = false): Severity {
  return severity === 'breaking' && basis.basis === 'reference' && !sdkFails ? 'differs' : severity;
}

/** The parameter a location names (`request.body.titulo`), as spec-rules.ts reads it. */
function parameterAt(operation: Operation, location: string): RuleParameter | undefined {
  const match = /^request\.(path|query|body|header)\.(.+)$/.exec(location);
  if (!match) return undefined;
  const [, where, name] = match as unknown as [string, RuleParameter['in'], string];
  if (where === 'header') return { in: 'header', name, schema: {} };
  return (
    describeParameters(operation).find((one) => one.in === where && one.name === name) ?? {
      in: where,
      name,
      schema: {},
    }
  );
}

/**
 * The basis of rules of a parameter, by location and keyword: the spec's where the spec states
 * one of them (an Idempotency-Key only where the spec marks the operation Yes), else ours.
 */
export function parameterBasis(
  operation: Operation,
  location: string,
  keywords: readonly RuleKeyword[],
): Basis {
  const parameter = parameterAt(operation, location);
  if (parameter === undefined) return onReference();
  const keyed = parameter.in === 'header' && parameter.name.toLowerCase() === 'idempotency-key';
  const spec = keyed && operation.idempotency !== 'required' ? [] : keywords;
  const known = parameter.in === 'header' ? keyed : Object.keys(parameter.schema).length > 0;
  for (const keyword of spec) {
    const rule = known
      ? specRuleOf({ ...parameter, name: keyed ? 'Idempotency-Key' : parameter.name }, keyword)
      : undefined;
    if (rule !== undefined) return onSpec(rule);
  }
  const decided = keywords.map((keyword) => decidedRuleOf(parameter, keyword)).find(Boolean);
  return onReference(known ? decided : decidedRuleOf(parameter, 'unknown'));
}

/** The statuses the spec's Errors table gives each operation (400, 401, 403, 429; 409, 422 for writes), and 200. */
function specStatus(operation: Operation, status: string): boolean {
  if (['200', '400', '401', '403', '429'].includes(status)) return true;
  return operation.method !== 'GET' && (status === '409' || status === '422');
}

/**
 * The basis of a difference of a failure's envelope (`path` below `response.<status>`): the
 * spec's where its envelope table names the field for that status (`details` only as present on a
 * 400: its form is ours), else ours. A field the service adds is ours to lack.
 */
export function envelopeBasis(status: number, path: string, change: string): Basis {
  if (change === 'added') return onReference();
  const rule = SPEC_ENVELOPE_FIELDS[path];
  if (rule === undefined) return onReference();
  if (path === 'meta.requiredScope' && status !== 403) return onReference();
  if (path === 'meta.legacy' && status !== 422) return onReference();
  if (path === 'details' && (status !== 400 || change !== 'missing')) return onReference();
  return onSpec(rule);
}

const ERRORS_APPLICABILITY =
  'Errors: 400, 401, 403 and 429 are listed for every endpoint; 409 and 422 for the writes.';

/** The rule keywords a difference of declared rules names (`{ maxLength: 120 }`; `declared`: the parameter itself). */
function keywordsOf(difference: { expected: unknown; observed: unknown }): RuleKeyword[] {
  const names = new Set([
    ...Object.keys((difference.expected ?? {}) as object),
    ...Object.keys((difference.observed ?? {}) as object),
  ]);
  const ours = (difference.expected as { declared?: unknown } | undefined)?.declared;
  if (names.has('declared')) return ours === true ? ['type', 'required'] : ['unknown'];
  return [...names] as RuleKeyword[];
}

/** The basis of a difference between the two documents (a parameter's rules, a status, a header declared). */
export function documentBasis(
  operation: Operation,
  difference: Pick<Finding, 'kind' | 'location' | 'expected' | 'observed'>,
): Basis {
  if (difference.kind === 'parameter' || difference.kind === 'limit')
    return parameterBasis(operation, difference.location, keywordsOf(difference));
  if (difference.kind === 'status') {
    const status = difference.location.slice('response.'.length);
    return specStatus(operation, status) ? onSpec(ERRORS_APPLICABILITY) : onReference();
  }
  return onReference();
}

/** The spec names no response header: every API header of an answer is the reference server's choice. */
export const HEADERS_OURS: Basis = onReference(
  "the spec names no response header: X-Request-Id, Retry-After and Idempotent-Replayed are the reference server's",
);

/** The spec says exceeding the rate limit gives 429, not the limit: its value is the reference server's. */
export const RATE_OURS: Basis = onReference(
  "the spec does not show the rate limit's value: the reference server's is its own",
);

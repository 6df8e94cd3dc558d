import { describeParameters, type ParameterDescription } from '../operations/parameters.js';
import { type RuleKeyword, SPEC_RULES } from '../operations/spec-rules.js';
import type { Operation } from '../operations/table.js';
import { validateRequest } from '../operations/validate.js';
import { decodeWireParams } from '../operations/wire.js';
import { isCreate, type ProbeBase, refusalBase } from './base-request.js';
import { onSpec, parameterBasis } from './basis.js';
import type { Probe, UpperBound } from './probe.js';
import { breakages } from './values.js';

/**
 * The requests every correct service refuses, from the table: no key, a wrong key, a key without
 * the scope, and each rule of an operation broken once, each aimed at an identifier that names
 * nothing (a group action's as a dry run).
 */

/** Whether the table refuses the probe's request (and would have taken its base). */
function tableRefuses(probe: Probe): boolean {
  const { operation } = probe;
  const params = operation.params
    ? decodeWireParams(
        operation.params,
        Object.fromEntries(Object.entries(probe.params).map(([k, v]) => [k, String(v)])),
      )
    : {};
  const query = operation.query ? decodeWireParams(operation.query, probe.query) : probe.query;
  return !validateRequest(operation, {
    params,
    query,
    body: probe.body,
    idempotencyKey: probe.idempotencyKey,
  }).ok;
}

function withValue(base: ProbeBase, parameter: ParameterDescription, value: unknown): ProbeBase {
  if (parameter.in === 'path')
    return { ...base, params: { ...base.params, [parameter.name]: String(value) } };
  if (parameter.in === 'query') return { ...base, query: { ...base.query, [parameter.name]: String(value) } };
  return { ...base, body: { ...(base.body as object), [parameter.name]: value } };
}

function without(base: ProbeBase, parameter: ParameterDescription): ProbeBase {
  if (parameter.in === 'query') {
    const { [parameter.name]: _, ...query } = base.query;
    return { ...base, query };
  }
  const { [parameter.name]: _, ...body } = base.body as Record<string, unknown>;
  return { ...base, body };
}

type Add = (
  variant: ProbeBase,
  target: string,
  what: string,
  keyword: RuleKeyword,
  bound?: UpperBound,
) => void;

/**
 * A create (a write that names no record) gets only a required field of the wrong type: any other
 * rule broken (a field missing, too long, unknown, no Idempotency-Key) leaves a request that a
 * service ignoring that rule would carry out, making a record.
 */
function createProbes(operation: Operation, nextKey: () => string, add: Add): void {
  for (const parameter of describeParameters(operation)) {
    if (parameter.in !== 'body' || !parameter.required) continue;
    for (const broken of breakages(parameter.schema, true).filter((one) => one.kind === 'parameter'))
      add(
        withValue(refusalBase(operation, nextKey), parameter, broken.value),
        `request.body.${parameter.name}`,
        broken.rule,
        broken.keyword,
      );
  }
}

/** Each rule of the table broken once, on a request aimed at nothing. */
function everyRule(operation: Operation, nextKey: () => string, add: Add): void {
  const parameters = describeParameters(operation);
  const firstOptional = parameters.find((parameter) => parameter.in === 'body' && !parameter.required);
  for (const parameter of parameters) {
    const target = `request.${parameter.in}.${parameter.name}`;
    // Path and query values travel as text: a string parameter has no wrong type there.
    const typed = parameter.in === 'body' || parameter.schema.type !== 'string';
    const wrongType = typed && (parameter.required || parameter === firstOptional || parameter.in !== 'body');
    for (const broken of breakages(parameter.schema, wrongType)) {
      // An empty path segment names another route, not this operation with an empty parameter.
      if (parameter.in === 'path' && broken.value === '') continue;
      add(
        withValue(refusalBase(operation, nextKey), parameter, broken.value),
        target,
        broken.rule,
        broken.keyword,
        broken.bound,
      );
    }
    if (parameter.required && parameter.in !== 'path')
      add(without(refusalBase(operation, nextKey), parameter), target, 'missing', 'required');
  }
  const base = refusalBase(operation, nextKey);
  if (operation.body)
    add(
      { ...base, body: { ...(base.body as object), loyaltyVerifyUnknown: true } },
      'request.body.loyaltyVerifyUnknown',
      'unknown',
      'unknown',
    );
  else
    add(
      { ...base, query: { ...base.query, loyaltyVerifyUnknown: '1' } },
      'request.query.loyaltyVerifyUnknown',
      'unknown',
      'unknown',
    );
  if (operation.idempotency === 'required') {
    const { idempotencyKey: _, ...keyless } = refusalBase(operation, nextKey);
    add(keyless, 'request.header.Idempotency-Key', 'missing', 'required');
  }
}

/** The rules of the table broken one at a time; only requests the table itself refuses are kept. */
export function ruleProbes(operation: Operation, nextKey: () => string): Probe[] {
  const out: Probe[] = [];
  const add: Add = (variant, target, what, keyword, bound) =>
    out.push({
      ...variant,
      key: 'own',
      target,
      check: `refusal: ${target} ${what}`,
      broken: parameterBasis(operation, target, [keyword]),
      ...(bound ? { bound } : {}),
    });
  if (isCreate(operation)) createProbes(operation, nextKey, add);
  else everyRule(operation, nextKey, add);
  return out.filter(tableRefuses);
}

export function authProbes(operation: Operation, nextKey: () => string): Probe[] {
  return [
    {
      ...refusalBase(operation, nextKey),
      key: 'none',
      target: 'request.header.apikey',
      check: 'refusal: no key',
      broken: onSpec(SPEC_RULES.invalidKey),
    },
    {
      ...refusalBase(operation, nextKey),
      key: 'wrong',
      target: 'request.header.apikey',
      check: 'refusal: a wrong key',
      broken: onSpec(SPEC_RULES.invalidKey),
    },
  ];
}

/** The key lacks the operation's scope: the service must answer 403 naming it. */
export function scopeProbe(operation: Operation, nextKey: () => string): Probe {
  return {
    ...refusalBase(operation, nextKey),
    key: 'own',
    target: 'request.header.apikey',
    check: `refusal: the key lacks ${operation.scope}`,
    broken: onSpec(SPEC_RULES.missingScope),
  };
}

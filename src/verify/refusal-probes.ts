import { describeParameters, type ParameterDescription } from '../operations/parameters.js';
import { validateRequest } from '../operations/validate.js';
import { decodeWireParams } from '../operations/wire.js';
import { isCreate, type ProbeBase, refusalBase } from './base-request.js';
import type { Operation, Probe } from './probe.js';
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

/**
 * Each rule of the table broken once. A write with no path parameter (it would create something)
 * is only sent requests that break a required field: a service that ignored an unknown or optional
 * field would otherwise act on it.
 */
export function ruleProbes(operation: Operation, nextKey: () => string): Probe[] {
  const out: Probe[] = [];
  const add = (variant: ProbeBase, target: string, what: string) =>
    out.push({ ...variant, key: 'own', target, check: `refusal: ${target} ${what}` });
  const creates = isCreate(operation);
  const parameters = describeParameters(operation);
  const firstOptional = parameters.find((parameter) => parameter.in === 'body' && !parameter.required);
  for (const parameter of parameters) {
    const target = `request.${parameter.in}.${parameter.name}`;
    if (creates && !parameter.required) continue;
    const typed = parameter.in === 'body' || parameter.schema.type !== 'string';
    const wrongType = typed && (parameter.required || parameter === firstOptional || parameter.in !== 'body');
    for (const broken of breakages(parameter.schema, wrongType)) {
      if (creates && broken.kind === 'limit') continue;
      // An empty path segment names another route, not this operation with an empty parameter.
      if (parameter.in === 'path' && broken.value === '') continue;
      add(withValue(refusalBase(operation, nextKey), parameter, broken.value), target, broken.rule);
    }
    if (parameter.required && parameter.in !== 'path')
      add(without(refusalBase(operation, nextKey), parameter), target, 'missing');
  }
  if (!creates) {
    const base = refusalBase(operation, nextKey);
    if (operation.body)
      add(
        { ...base, body: { ...(base.body as object), loyaltyVerifyUnknown: true } },
        'request.body.loyaltyVerifyUnknown',
        'unknown',
      );
    else
      add(
        { ...base, query: { ...base.query, loyaltyVerifyUnknown: '1' } },
        'request.query.loyaltyVerifyUnknown',
        'unknown',
      );
  }
  if (operation.idempotency === 'required') {
    const { idempotencyKey: _, ...base } = refusalBase(operation, nextKey);
    add(base, 'request.header.Idempotency-Key', 'missing');
  }
  return out.filter(tableRefuses);
}

export function authProbes(operation: Operation, nextKey: () => string): Probe[] {
  return [
    {
      ...refusalBase(operation, nextKey),
      key: 'none',
      target: 'request.header.apikey',
      check: 'refusal: no key',
    },
    {
      ...refusalBase(operation, nextKey),
      key: 'wrong',
      target: 'request.header.apikey',
      check: 'refusal: a wrong key',
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
  };
}

import { pathParamNames } from '../operations/define.js';
import {
  describeParameters,
  type ParameterDescription,
  requestJsonSchema,
} from '../operations/parameters.js';
import type { Scope } from '../operations/scopes.js';
import { getOperation } from '../operations/table.js';
import { validateRequest } from '../operations/validate.js';
import { decodeWireParams } from '../operations/wire.js';
import { NONEXISTENT, type Operation, type ParamValue, type Probe } from './probe.js';
import type { Samples } from './types.js';
import { breakages, validObject, validValue } from './values.js';

/** What a plan is made from: the operations asked for, what the key may call, and the samples. */
export interface PlanInput {
  operations: readonly Operation[];
  /** Whether the service's document lists the operation for this key (a plan made before discovery: all). */
  callable: (operation: Operation) => boolean;
  /** Whether the key holds a scope (before discovery: all). */
  holds: (scope: Scope) => boolean;
  samples: Samples;
  /** A string that makes each probe's Idempotency-Key its own. */
  runId: string;
}

/** A check a plan leaves out, and why. */
export interface SkippedCheck {
  operation: Operation;
  check: string;
  note: string;
}

export interface Plan {
  probes: Probe[];
  skipped: SkippedCheck[];
}

/** The sample names and the list reads whose items carry them (ids found by earlier reads). */
const FOUND_BY: Partial<Record<keyof Samples, Operation['id']>> = {
  regaloId: 'promociones.list',
  tareaId: 'tareas.list',
};

const SAMPLE_NAMES = new Set<string>(['uid', 'grupoId', 'regaloId', 'tareaId']);

export function discoveryProbe(): Probe {
  return {
    operation: getOperation('openapi.retrieve') as Operation,
    purpose: 'discovery',
    check: 'discovery: the OpenAPI document of the key',
    target: 'response.200.data',
    key: 'own',
    params: {},
    query: {},
    refusal: false,
  };
}

const isWrite = (operation: Operation) => operation.method !== 'GET';
/** A write that names no record in its path: accepted, it would make one. */
const isCreate = (operation: Operation) => isWrite(operation) && pathParamNames(operation.path).length === 0;

function pathSchema(operation: Operation, name: string): Record<string, unknown> {
  return (
    (requestJsonSchema(operation.params!).properties as Record<string, Record<string, unknown>>)[name] ?? {}
  );
}

/** A read's path parameter: a sample, or one a list read earlier in the run will find. */
function readParam(name: string, input: PlanInput): ParamValue | undefined {
  const sample = input.samples[name as keyof Samples]?.[0];
  if (sample !== undefined) return sample;
  const lister = FOUND_BY[name as keyof Samples];
  const listed =
    lister !== undefined && input.operations.some((other) => other.id === lister && input.callable(other));
  return listed && SAMPLE_NAMES.has(name) ? { found: name as keyof Samples } : undefined;
}

/** A refusal's path parameter: an identifier that names nothing, so a wrong acceptance changes nothing. */
function nowhere(operation: Operation, name: string): string | number {
  return pathSchema(operation, name).type === 'string' ? NONEXISTENT.string : NONEXISTENT.integer;
}

function baseQuery(operation: Operation): Record<string, string> | undefined {
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

function readProbe(operation: Operation, input: PlanInput): Probe | SkippedCheck {
  const params: Record<string, ParamValue> = {};
  for (const name of pathParamNames(operation.path)) {
    const value = readParam(name, input);
    if (value === undefined)
      return {
        operation,
        check: 'read: the record shape',
        note: `no ${name} in samples, and no earlier read finds one`,
      };
    params[name] = value;
  }
  const query = baseQuery(operation) ?? {};
  return {
    operation,
    purpose: 'read',
    check: 'read: the record shape',
    target: 'response.200.data',
    key: 'own',
    params,
    query,
    refusal: false,
  };
}

/** The request every refusal of an operation starts from: valid, aimed at nothing. */
function refusalBase(
  operation: Operation,
  input: PlanInput,
  counter: { next: number },
): Omit<Probe, 'check' | 'target' | 'key'> {
  const params = Object.fromEntries(
    pathParamNames(operation.path).map((name) => [name, nowhere(operation, name)]),
  );
  const idempotencyKey =
    operation.idempotency === 'required'
      ? `loyalty-verify-${input.runId}-${String(counter.next++).padStart(3, '0')}`
      : undefined;
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

function withValue(
  base: Omit<Probe, 'check' | 'target' | 'key'>,
  parameter: ParameterDescription,
  value: unknown,
): Omit<Probe, 'check' | 'target' | 'key'> {
  if (parameter.in === 'path')
    return { ...base, params: { ...base.params, [parameter.name]: String(value) } };
  if (parameter.in === 'query') return { ...base, query: { ...base.query, [parameter.name]: String(value) } };
  return { ...base, body: { ...(base.body as object), [parameter.name]: value } };
}

function without(
  base: Omit<Probe, 'check' | 'target' | 'key'>,
  parameter: ParameterDescription,
): Omit<Probe, 'check' | 'target' | 'key'> {
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
function ruleProbes(operation: Operation, input: PlanInput, counter: { next: number }): Probe[] {
  const out: Probe[] = [];
  const add = (variant: Omit<Probe, 'check' | 'target' | 'key'>, target: string, what: string) =>
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
      add(withValue(refusalBase(operation, input, counter), parameter, broken.value), target, broken.rule);
    }
    if (parameter.required && parameter.in !== 'path')
      add(without(refusalBase(operation, input, counter), parameter), target, 'missing');
  }
  if (!creates) {
    const base = refusalBase(operation, input, counter);
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
    const { idempotencyKey: _, ...base } = refusalBase(operation, input, counter);
    add(base, 'request.header.Idempotency-Key', 'missing');
  }
  return out.filter(tableRefuses);
}

function authProbes(operation: Operation, input: PlanInput, counter: { next: number }): Probe[] {
  return [
    {
      ...refusalBase(operation, input, counter),
      key: 'none',
      target: 'request.header.apikey',
      check: 'refusal: no key',
    },
    {
      ...refusalBase(operation, input, counter),
      key: 'wrong',
      target: 'request.header.apikey',
      check: 'refusal: a wrong key',
    },
  ];
}

function dryRunProbes(
  operation: Operation,
  input: PlanInput,
  counter: { next: number },
): Probe[] | SkippedCheck {
  const grupoId = input.samples.grupoId?.[0];
  if (grupoId === undefined)
    return { operation, check: 'dry run: the answer shape', note: 'no grupoId in samples' };
  const base = refusalBase(operation, input, counter);
  return [
    {
      ...base,
      purpose: 'dry-run',
      refusal: false,
      key: 'own',
      params: { grupoId },
      target: 'response.200.data',
      check: 'dry run: the answer shape',
    },
  ];
}

/**
 * The probes of a run, in the order they are sent: reads first (they find identifiers for later
 * reads), then dry runs, then the requests every correct service refuses.
 */
export function planProbes(input: PlanInput): Plan {
  const reads: Probe[] = [];
  const dryRuns: Probe[] = [];
  const refusals: Probe[] = [];
  const skipped: SkippedCheck[] = [];
  const counter = { next: 1 };
  const keep = <T>(result: T | SkippedCheck, into: (value: T) => void) =>
    typeof result === 'object' && result !== null && 'note' in result
      ? skipped.push(result)
      : into(result as T);
  for (const operation of input.operations) {
    if (!input.callable(operation)) {
      const unscoped = operation.scope !== null && !input.holds(operation.scope);
      if (unscoped && isCreate(operation))
        skipped.push({
          operation,
          check: `refusal: the key lacks ${operation.scope}`,
          note: 'not sent: a service that ignored the scope would create a record',
        });
      else if (unscoped)
        refusals.push({
          ...refusalBase(operation, input, counter),
          key: 'own',
          target: 'request.header.apikey',
          check: `refusal: the key lacks ${operation.scope}`,
        });
      else
        skipped.push({ operation, check: 'every check', note: 'the service does not list it for this key' });
      continue;
    }
    if (operation.id !== 'openapi.retrieve' && operation.method === 'GET')
      keep(readProbe(operation, input), (probe: Probe) => reads.push(probe));
    if (operation.groupAction)
      keep(dryRunProbes(operation, input, counter), (probes: Probe[]) => dryRuns.push(...probes));
    refusals.push(...authProbes(operation, input, counter), ...ruleProbes(operation, input, counter));
  }
  return { probes: [...reads, ...dryRuns, ...refusals], skipped };
}

import { pathParamNames } from '../operations/define.js';
import type { Scope } from '../operations/scopes.js';
import { type Operation, tableOperation } from '../operations/table.js';
import { baseQuery, isCreate, keySource, refusalBase } from './base-request.js';
import { FOUND_BY } from './listers.js';
import type { ParamValue, Probe } from './probe.js';
import { neverSafe, plannedLookups } from './probes/nowhere.js';
import { authProbes, ruleProbes, scopeProbe } from './refusal-probes.js';
import { SAMPLE_NAMES } from './sample-rules.js';
import type { Samples, VerifyMode } from './types.js';

/** What a plan is made from: the operations asked for, what the key may call, and the samples. */
export interface PlanInput {
  operations: readonly Operation[];
  /** Whether the service's document lists the operation for this key (a plan made before discovery: all). */
  callable: (operation: Operation) => boolean;
  /**
   * Why an operation is not callable, as the coverage note of its skipped checks (default: the
   * service does not list it for this key).
   */
  notCallable?: (operation: Operation) => string;
  /** Whether the key holds a scope (before discovery: all). */
  holds: (scope: Scope) => boolean;
  samples: Samples;
  /** A string that makes each probe's Idempotency-Key its own. */
  runId: string;
  /** Safe mode plans only the refusals a read can aim at nothing, and none of a create. */
  mode: VerifyMode;
}

/** A check a plan leaves out, and why; `unsafe`: left out as it could change the service (default `skipped`). */
export interface SkippedCheck {
  operation: Operation;
  check: string;
  note: string;
  outcome?: 'unsafe';
}

/**
 * Why safe mode never sends a refusal probe, whatever the service answers: a create (a service
 * that took it would make a record), or a write no read can aim at nothing (probes/nowhere.ts).
 */
function neverSafeIn(probe: Probe): string | undefined {
  if (isCreate(probe.operation))
    return 'not sent in safe mode: a service that took it would create a record; --mode sandbox sends it';
  return neverSafe(probe);
}

export interface Plan {
  probes: Probe[];
  skipped: SkippedCheck[];
}

export function discoveryProbe(): Probe {
  return {
    operation: tableOperation('openapi.retrieve'),
    purpose: 'discovery',
    check: 'discovery: the OpenAPI document of the key',
    target: 'response.200.data',
    key: 'own',
    params: {},
    query: {},
    refusal: false,
  };
}

/** A read's path parameter: a sample, or one a list read earlier in the run will find. */
function readParam(name: string, input: PlanInput): ParamValue | undefined {
  const sample = input.samples[name as keyof Samples]?.[0];
  if (sample !== undefined) return sample;
  const lister = FOUND_BY[name as keyof Samples];
  const listed =
    lister !== undefined && input.operations.some((other) => other.id === lister && input.callable(other));
  return listed && SAMPLE_NAMES.some((sample) => sample === name)
    ? { found: name as keyof Samples }
    : undefined;
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

function dryRunProbes(operation: Operation, input: PlanInput, nextKey: () => string): Probe[] | SkippedCheck {
  const grupoId = input.samples.grupoId?.[0];
  if (grupoId === undefined)
    return { operation, check: 'dry run: the answer shape', note: 'no grupoId in samples' };
  const base = refusalBase(operation, nextKey);
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
 * reads), then dry runs, then the reads that show the refusals' identifiers name nothing, then the
 * requests every correct service refuses (in safe mode, only those a read can aim at nothing).
 */
export function planProbes(input: PlanInput): Plan {
  const reads: Probe[] = [];
  const dryRuns: Probe[] = [];
  const refusals: Probe[] = [];
  const skipped: SkippedCheck[] = [];
  const nextKey = keySource(input.runId);
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
      else if (unscoped) refusals.push(scopeProbe(operation, nextKey));
      else
        skipped.push({
          operation,
          check: 'every check',
          note: input.notCallable?.(operation) ?? 'the service does not list it for this key',
        });
      continue;
    }
    if (operation.id !== 'openapi.retrieve' && operation.method === 'GET')
      keep(readProbe(operation, input), (probe: Probe) => reads.push(probe));
    if (operation.groupAction)
      keep(dryRunProbes(operation, input, nextKey), (probes: Probe[]) => dryRuns.push(...probes));
    for (const probe of [...authProbes(operation, nextKey), ...ruleProbes(operation, nextKey)]) {
      const never = input.mode === 'safe' ? neverSafeIn(probe) : undefined;
      if (never === undefined) refusals.push(probe);
      else skipped.push({ operation, check: probe.check, note: never, outcome: 'unsafe' });
    }
  }
  // The reads that show the write refusals' identifiers name nothing come right before them.
  return {
    probes: [...reads, ...dryRuns, ...plannedLookups(refusals, input.mode), ...refusals],
    skipped,
  };
}

import { RESPONSE_HEADERS } from '../openapi/responses.js';
import { tableOperation } from '../operations/table.js';
import {
  DATA_LOCATION,
  factProblem,
  PROFILE_FORMAT,
  PROFILE_VERSION,
  type ProfileEntry,
  type ProfileFact,
  type ProfileJsonType,
  type ProfileLimitRules,
  type ProfileSource,
  type ServiceProfile,
} from '../server/internal.js';
import { SDK_VERSION } from '../version.js';
import { diffShapes, joinPath } from './compare/shapes.js';
import { observedEntries } from './profile-entries.js';
import { expectedRecord } from './profile-expect.js';
import { detailsKey, headerKey, observationsOf } from './profile-observe.js';
import type { Run } from './run.js';
import type { Shape } from './shape.js';
import type { Finding } from './types.js';

const LIMIT_RULES = ['minLength', 'maxLength', 'minimum', 'maximum'] as const;

/** The shape at a path of field names and `[]` (items). */
function shapeAt(shape: Shape, path: readonly string[]): Shape {
  let current: Shape | undefined = shape;
  for (const part of path) current = part === '[]' ? current?.items : current?.fields?.[part]?.shape;
  return current ?? { types: [] };
}

/** Each field of a record that differs from what the run expected, with the types it was seen to have. */
function fieldFacts(run: Run): ProfileFact[] {
  const out: ProfileFact[] = [];
  for (const [operationId, observed] of observationsOf(run).records) {
    const expected = expectedRecord(tableOperation(operationId), run.options.profile);
    for (const difference of diffShapes(expected, observed, 'observed')) {
      if (difference.path.length === 0 || difference.path.at(-1) === '[]') continue;
      out.push({
        kind: 'field',
        operationId,
        location: joinPath(DATA_LOCATION, difference.path),
        change: difference.change,
        types:
          difference.change === 'missing'
            ? []
            : (shapeAt(observed, difference.path).types as ProfileJsonType[]),
        source: 'probe',
      });
    }
  }
  return out;
}

const isRules = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a header finding's observed side says the service sent no such header. */
function lacks(observed: unknown): boolean {
  if (observed === 'absent') return true;
  const statuses = (observed as { statuses?: unknown[] } | undefined)?.statuses;
  return Array.isArray(statuses) && statuses.length === 0;
}

/**
 * Whether a header finding says the service sent a header of its own the reference did not. One
 * of ours (`Retry-After` where a profile took it away) is no header to add: ours sends it anyway.
 */
function adds({ expected, observed, location }: Finding): boolean {
  const name = location.slice('header.'.length).toLowerCase();
  if (Object.keys(RESPONSE_HEADERS).some((ours) => ours.toLowerCase() === name)) return false;
  const statuses = (side: unknown) => (side as { statuses?: unknown[] } | undefined)?.statuses;
  const [wanted, seen] = [statuses(expected), statuses(observed)];
  return Array.isArray(wanted) && wanted.length === 0 && Array.isArray(seen) && seen.length > 0;
}

const statusOf = (location: string) => Number(location.split('.')[1]);

/**
 * The rate limit a burst met, when it met one: the requests let through before the 429 and the
 * whole seconds of its Retry-After (null: none, or not whole seconds).
 */
function rateLimitFact(run: Run): ProfileFact | undefined {
  const burst = run.profile.find((entry) => entry.path === 'rateLimit.burst')?.value;
  const { accepted, limited } = (burst ?? {}) as { accepted?: unknown; limited?: unknown };
  if (limited !== true || typeof accepted !== 'number' || accepted < 1) return undefined;
  const seen = run.profile.find((entry) => entry.path === 'rateLimit.retryAfter')?.value as
    | { value?: unknown }
    | undefined;
  const seconds = typeof seen?.value === 'string' && /^\d+$/.test(seen.value) ? Number(seen.value) : null;
  return {
    kind: 'rate-limit',
    operationId: null,
    requests: accepted,
    retryAfter: seconds !== null && seconds >= 1 ? seconds : null,
    source: 'probe',
  };
}

/** How the service treated a key sent again, as a sandbox run saw it (`idempotency.replay`, `.other-body`, `.other-operation`). */
function repeatOf(operationId: string, location: string, observed: unknown): ProfileFact | undefined {
  const { status, answer, codigoRespuesta } = (isRules(observed) ? observed : {}) as Record<string, unknown>;
  if (typeof status !== 'number') return undefined;
  const repeat = location.slice('idempotency.'.length);
  if (repeat === 'replay' && (answer === 'the original' || answer === 'another'))
    return { kind: 'idempotency', operationId, repeat, status, answer, source: 'probe' };
  if (repeat !== 'other-body' && repeat !== 'other-operation') return undefined;
  const code = typeof codigoRespuesta === 'number' ? codigoRespuesta : null;
  return { kind: 'idempotency', operationId, repeat, status, codigoRespuesta: code, source: 'probe' };
}

/** What a finding says the reference server should do otherwise, when a profile can say it. */
function factOf(run: Run, finding: Finding, source: ProfileSource): ProfileFact | undefined {
  const { operationId, location, observed } = finding;
  if (
    (finding.kind === 'header' || finding.kind === 'idempotency') &&
    source === 'probe' &&
    location.startsWith('header.') &&
    lacks(observed)
  )
    return { kind: 'header', operationId, header: location.slice('header.'.length), present: false, source };
  if (finding.kind === 'header' && source === 'probe' && location.startsWith('header.') && adds(finding)) {
    const header = location.slice('header.'.length);
    const type = observationsOf(run).headerTypes.get(headerKey(operationId, header)) ?? 'string';
    return { kind: 'header', operationId, header, present: true, type, source };
  }
  if (finding.kind === 'limit' && location.startsWith('rateLimit.') && source === 'probe')
    return rateLimitFact(run);
  if (finding.kind === 'operation-extra' && observed === 'listed' && source === 'document') {
    const extra = observationsOf(run).extras.get(location);
    return extra && { kind: 'operation-extra', operationId: null, ...extra, source };
  }
  if (operationId === null) return undefined;
  if (finding.kind === 'idempotency' && source === 'probe') return repeatOf(operationId, location, observed);
  if (finding.kind === 'error-code' && typeof observed === 'number')
    return { kind: 'error-code', operationId, status: statusOf(location), codigoRespuesta: observed, source };
  if (finding.kind === 'error-shape' && /^response\.\d+\.details$/.test(location)) {
    const status = statusOf(location);
    const shape = observationsOf(run).details.get(detailsKey(operationId, status));
    if (shape === undefined) return undefined;
    const keyed = shape.types.includes('object');
    const values = new Set(Object.values(shape.fields ?? {}).flatMap((field) => field.shape.types));
    const form = keyed ? 'keyed' : 'list';
    return { kind: 'details', operationId, status, form, values: [...values] as ProfileJsonType[], source };
  }
  if (
    finding.kind === 'scope' &&
    (location === 'scope' || /^response\.403\.meta\.requiredScope$/.test(location)) &&
    typeof observed === 'string'
  )
    return { kind: 'scope', operationId, scope: observed, source };
  if (finding.kind === 'operation-missing' && observed === 'not listed')
    return { kind: 'operation-missing', operationId, source };
  // What the service's document declares; a probe's `parameter` finding (a balance moved, a
  // group reached) says how the service acted, which no rule of a document can follow.
  if (
    finding.kind === 'parameter' &&
    source === 'document' &&
    /^request\.(body|query|header)\.[\w-]+$/.test(location) &&
    isRules(observed) &&
    !('declared' in observed)
  )
    return { kind: 'parameter', operationId, parameter: location, declared: observed, source };
  if (finding.kind === 'limit' && /^request\.(body|query)\.\w+$/.test(location))
    return limitFact(finding, operationId, source);
  return undefined;
}

/**
 * A limit as the service's document declares it, or as a probe measured it: the largest value the
 * service took, marked `largestTried` where that is the largest verify tries (no limit was found).
 */
function limitFact(finding: Finding, operationId: string, source: ProfileSource): ProfileFact | undefined {
  const { location, expected, observed } = finding;
  const seen = isRules(observed) ? observed : {};
  if (seen.largestTried === true && typeof seen.took === 'number') {
    const rule = LIMIT_RULES.find((one) => isRules(expected) && one in expected);
    if (rule === undefined) return undefined;
    return {
      kind: 'limit',
      operationId,
      parameter: location,
      rules: { [rule]: seen.took },
      largestTried: true,
      source,
    };
  }
  const rules: ProfileLimitRules = {};
  for (const rule of LIMIT_RULES) {
    const value = seen[rule];
    if (typeof value === 'number') rules[rule] = value;
  }
  return Object.keys(rules).length > 0
    ? { kind: 'limit', operationId, parameter: location, rules, source }
    : undefined;
}

/** Each refusal the service gave another status, as the reference server should then give it. */
function statusFacts(run: Run): ProfileFact[] {
  return observationsOf(run).statuses.map(
    ({ operationId, parameter, value, from, status }): ProfileFact => ({
      kind: 'status',
      operationId,
      parameter,
      value,
      from,
      status,
      source: 'probe',
    }),
  );
}

/** What makes two facts about the same thing: a newer one replaces an older one. */
function factKey(fact: ProfileFact): string {
  return `${fact.kind} ${fact.operationId} ${factPlace(fact)}`;
}

/** Where in its operation a fact is: two facts of a kind at the same place are about the same thing. */
function factPlace(fact: ProfileFact): string {
  switch (fact.kind) {
    case 'field':
      return fact.location;
    case 'limit':
    case 'parameter':
      return fact.parameter;
    case 'header':
      return fact.header;
    case 'status':
      return `${fact.parameter} ${JSON.stringify(fact.value)}`;
    case 'idempotency':
      return fact.repeat;
    case 'scope':
      // What the document declares and what a 403 names are two facts.
      return fact.source;
    case 'operation-extra':
      return `${fact.method} ${fact.path}`;
    case 'error-code':
    case 'details':
      return String(fact.status);
    default:
      return '';
  }
}

/**
 * The profile of a run: the calibrations (each difference a profile can express, as observed),
 * with what else was observed. A run with a profile found differences from that profile's
 * server, so its calibrations are that profile's with those differences laid over them.
 */
export function buildProfile(run: Run, entries: ProfileEntry[]): ServiceProfile {
  const { documentFindings } = observationsOf(run);
  const found = run.findings.flatMap((finding, index) => {
    const fact = factOf(run, finding, index < documentFindings ? 'document' : 'probe');
    return fact ? [fact] : [];
  });
  const calibrations = new Map<string, ProfileFact>();
  // One rule of what a calibration is, the checker's: the profile written is one every reader takes.
  for (const fact of [
    ...(run.options.profile?.calibrations ?? []),
    ...fieldFacts(run),
    ...statusFacts(run),
    ...found,
  ])
    if (factProblem(fact) === undefined) calibrations.set(factKey(fact), fact);
  return {
    format: PROFILE_FORMAT,
    version: PROFILE_VERSION,
    origin: run.options.api.origin,
    measuredAt: new Date().toISOString(),
    sdkVersion: SDK_VERSION,
    calibrations: [...calibrations.values()],
    entries: [...entries, ...observedEntries(run)],
  };
}

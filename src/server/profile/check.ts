import type { Json } from '../../core/index.js';
import { deeperThan, type Fail, isObject, MAX_PRINTED_DEPTH } from '../../core/index.js';
import { isScope } from '../../operations/scopes.js';
import { findOperation } from '../../operations/table.js';
import { PROFILE_FORMAT, PROFILE_VERSION, type ProfileJsonType, type ServiceProfile } from './format.js';

const JSON_TYPES: readonly ProfileJsonType[] = [
  'string',
  'integer',
  'number',
  'boolean',
  'null',
  'object',
  'array',
];
const SOURCES = ['document', 'probe', 'assumption'];
const CHANGES = ['added', 'missing', 'type', 'nullable'];
const LIMIT_RULES = ['minLength', 'maxLength', 'minimum', 'maximum'];
/** The bounds a probe measures. */
const UPPER = ['maxLength', 'maximum'];
const DECLARED_RULES = ['type', 'pattern', 'enum', 'required'];
const EXTRA_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function checkTypes(types: unknown, at: string, fail: Fail): void {
  if (!Array.isArray(types) || types.some((type) => !JSON_TYPES.includes(type)))
    fail(`${at} must be a list of JSON types (${JSON_TYPES.join(', ')})`);
}

function checkStatus(status: unknown, at: string, fail: Fail): void {
  if (!Number.isInteger(status) || (status as number) < 400 || (status as number) > 599)
    fail(`${at}.status must be an error status (400..599)`);
}

type KindCheck = (fact: Json, at: string, fail: Fail) => void;

function checkBodyOrQuery(parameter: unknown, at: string, fail: Fail): void {
  if (typeof parameter !== 'string' || !/^request\.(body|query)\.\w+$/.test(parameter))
    fail(`${at}.parameter must be request.body.NAME or request.query.NAME`);
}

function checkRules(rules: unknown, allowed: readonly string[], at: string, fail: Fail): void {
  if (!isObject(rules)) fail(`${at} must be an object`);
  for (const rule of Object.keys(rules))
    if (!allowed.includes(rule)) fail(`${at}.${rule} is not a rule (${allowed.join(', ')})`);
}

/** The part of a fact each kind adds; `at` names the fact in messages. */
const KIND_CHECKS: Record<string, KindCheck> = {
  field(fact, at, fail) {
    if (typeof fact.location !== 'string' || !fact.location.startsWith('response.200.data'))
      fail(`${at}.location must name a field of data (response.200.data...)`);
    if (!CHANGES.includes(fact.change as string)) fail(`${at}.change must be one of ${CHANGES.join(', ')}`);
    checkTypes(fact.types, `${at}.types`, fail);
  },
  'error-code'(fact, at, fail) {
    checkStatus(fact.status, at, fail);
    if (!Number.isInteger(fact.codigoRespuesta)) fail(`${at}.codigoRespuesta must be an integer`);
  },
  details(fact, at, fail) {
    checkStatus(fact.status, at, fail);
    if (fact.form !== 'list' && fact.form !== 'keyed') fail(`${at}.form must be 'list' or 'keyed'`);
    checkTypes(fact.values, `${at}.values`, fail);
  },
  header(fact, at, fail) {
    if (typeof fact.header !== 'string' || !/^[A-Za-z0-9-]+$/.test(fact.header))
      fail(`${at}.header must be a header name`);
    if (typeof fact.present !== 'boolean')
      fail(`${at}.present must be true (a header the service adds) or false (one it lacks)`);
    if (fact.present && fact.type !== 'integer' && fact.type !== 'string')
      fail(`${at}.type must be 'integer' or 'string' (the JSON type of the header's values)`);
  },
  'rate-limit'(fact, at, fail) {
    if (fact.operationId !== null) fail(`${at}.operationId must be null (the rate limit is the service's)`);
    if (!Number.isInteger(fact.requests) || (fact.requests as number) < 1)
      fail(`${at}.requests must be a whole number of requests, at least 1`);
    if (fact.retryAfter !== null && (!Number.isInteger(fact.retryAfter) || (fact.retryAfter as number) < 1))
      fail(`${at}.retryAfter must be whole seconds, at least 1, or null`);
  },
  limit(fact, at, fail) {
    checkBodyOrQuery(fact.parameter, at, fail);
    checkRules(fact.rules, LIMIT_RULES, `${at}.rules`, fail);
    for (const [rule, value] of Object.entries(fact.rules as Json))
      if (typeof value !== 'number' || !Number.isFinite(value)) fail(`${at}.rules.${rule} must be a number`);
    if (fact.largestTried !== undefined) {
      const upper = Object.keys(fact.rules as Json);
      if (
        fact.largestTried !== true ||
        fact.source !== 'probe' ||
        upper.length !== 1 ||
        !UPPER.includes(upper[0] as string)
      )
        fail(
          `${at}.largestTried must be true, with source 'probe' and one rule, maxLength or maximum (the largest value tried)`,
        );
    }
  },
  parameter(fact, at, fail) {
    if (typeof fact.parameter !== 'string' || !/^request\.(body|query|header)\.[\w-]+$/.test(fact.parameter))
      fail(`${at}.parameter must be request.body.NAME, request.query.NAME or request.header.NAME`);
    checkRules(fact.declared, DECLARED_RULES, `${at}.declared`, fail);
  },
  'operation-missing'() {},
  'operation-extra'(fact, at, fail) {
    if (fact.operationId !== null) fail(`${at}.operationId must be null (the SDK has no such operation)`);
    if (!EXTRA_METHODS.includes(fact.method as string))
      fail(`${at}.method must be one of ${EXTRA_METHODS.join(', ')}`);
    if (typeof fact.path !== 'string' || !/^\/ext\/v3\/[\w{}/.-]+$/.test(fact.path))
      fail(`${at}.path must be a path below /ext/v3/`);
    if (fact.name !== null && typeof fact.name !== 'string') fail(`${at}.name must be a string or null`);
    if (fact.scope !== null && !isScope(fact.scope)) fail(`${at}.scope must be a scope of the API or null`);
  },
  status(fact, at, fail) {
    checkBodyOrQuery(fact.parameter, at, fail);
    checkStatus(fact.from, `${at}.from`, fail);
    checkStatus(fact.status, at, fail);
  },
  idempotency(fact, at, fail) {
    if (!Number.isInteger(fact.status) || (fact.status as number) < 200 || (fact.status as number) > 599)
      fail(`${at}.status must be an HTTP status (200..599)`);
    if (fact.repeat === 'replay') {
      if (fact.answer !== 'the original' && fact.answer !== 'another')
        fail(`${at}.answer must be 'the original' or 'another'`);
    } else if (fact.repeat === 'other-body' || fact.repeat === 'other-operation') {
      if (fact.codigoRespuesta !== null && !Number.isInteger(fact.codigoRespuesta))
        fail(`${at}.codigoRespuesta must be an integer or null`);
    } else fail(`${at}.repeat must be one of replay, other-body, other-operation`);
  },
  scope(fact, at, fail) {
    if (!isScope(fact.scope)) fail(`${at}.scope must be a scope of the API: ${JSON.stringify(fact.scope)}`);
  },
};

function checkKind(fact: Json, at: string, fail: Fail): void {
  const check = Object.hasOwn(KIND_CHECKS, String(fact.kind)) ? KIND_CHECKS[String(fact.kind)] : undefined;
  if (check === undefined) fail(`${at}.kind is unknown: ${JSON.stringify(fact.kind)}`);
  else check(fact, at, fail);
}

function checkFact(fact: unknown, at: string, fail: Fail): void {
  if (!isObject(fact)) fail(`${at} must be an object`);
  const serviceWide =
    (fact.kind === 'header' || fact.kind === 'rate-limit' || fact.kind === 'operation-extra') &&
    fact.operationId === null;
  if (!serviceWide && (typeof fact.operationId !== 'string' || findOperation(fact.operationId) === undefined))
    fail(`${at}.operationId names no operation of the SDK: ${JSON.stringify(fact.operationId)}`);
  if (!SOURCES.includes(fact.source as string)) fail(`${at}.source must be one of ${SOURCES.join(', ')}`);
  checkKind(fact, at, fail);
}

/** A fact's first problem, as `checkProfile` would word it (`calibration` for its place); undefined when it is one. */
export function factProblem(fact: unknown): string | undefined {
  let problem: string | undefined;
  const fail: Fail = (message) => {
    problem = message;
    throw new FactRefusedError();
  };
  try {
    checkFact(fact, 'calibration', fail);
  } catch (error) {
    if (!(error instanceof FactRefusedError)) throw error;
  }
  return problem;
}

/** Ends a check at its first problem (factProblem). */
class FactRefusedError extends Error {}

/**
 * Checks a profile as an option (`createReferenceServer({ profile })`, `verifyService({ profile })`):
 * its format and version, and each calibration. Messages name the field, never a value of it
 * beyond a kind or an operation id.
 */
export function checkProfile(profile: unknown, fail: Fail): ServiceProfile | undefined {
  if (profile === undefined) return undefined;
  if (!isObject(profile)) fail('profile must be an object (a service profile, as verify writes it)');
  // Deeper, the checks below and the answers that compare a fact's value would run out of stack.
  if (deeperThan(profile, MAX_PRINTED_DEPTH))
    fail(`profile nests deeper than ${MAX_PRINTED_DEPTH} levels; a service profile is a few levels deep`);
  if (profile.format !== PROFILE_FORMAT) fail(`profile.format must be '${PROFILE_FORMAT}'`);
  if (profile.version !== PROFILE_VERSION)
    fail(
      `profile.version ${JSON.stringify(profile.version)} is not supported (this SDK reads version ${PROFILE_VERSION}; verify the service again to write one)`,
    );
  if (!Array.isArray(profile.calibrations)) fail('profile.calibrations must be an array');
  profile.calibrations.forEach((fact, index) => {
    checkFact(fact, `profile.calibrations[${index}]`, fail);
  });
  if (profile.entries !== undefined && !Array.isArray(profile.entries))
    fail('profile.entries must be an array');
  return profile as unknown as ServiceProfile;
}

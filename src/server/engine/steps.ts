import { randomUUID } from 'node:crypto';
import type { OperationDefinition } from '../../operations/define.js';
import { API_KEY_HEADER, IDEMPOTENCY_HEADER_NAME, REPLAYED_HEADER_NAME } from '../../operations/headers.js';
import { type BaseMeta, failureResponse, textResponse } from '../answers/envelope.js';
import {
  forbidden,
  idempotencyInFlight,
  idempotencyMismatch,
  methodNotAllowed,
  rateLimited,
  routeNotFound,
  unauthorized,
} from '../answers/failures.js';
import type { Answer, EngineRequest, EngineResponse } from '../answers/response.js';
import { settle } from '../answers/settle.js';
import { injectFault } from '../faults/inject.js';
import { checkLimitFacts } from '../profile/limits.js';
import { carriedOut, repeatFact, repeatRefusal } from '../profile/repeats.js';
import type { Caller } from '../state/caller.js';
import { readJsonBody, refuseBody } from './body.js';
import type { Call } from './call.js';
import type { EngineState } from './engine-state.js';
import { runHandler } from './handler-step.js';
import { helpOf } from './help.js';
import { IdempotencyStore, requestFingerprint } from './idempotency.js';
import { type ValidInput, validateInput } from './input.js';
import { parseQuery } from './request-parts.js';
import { matchRoute, type OperationRoute } from './router.js';

/**
 * The engine's request steps, in the order a request meets them: route, key, fault injection,
 * rate limit, help, scope, body, validation, idempotency, handler. Each step is a function of
 * the engine state and what the steps before it found; a refusal is thrown as an ApiFailure and
 * `settle` turns it into its envelope.
 */

/** Marks an answer given again for a repeated Idempotency-Key. */
export const REPLAYED_HEADER = REPLAYED_HEADER_NAME;

/** The meta of a new request: no key recognised yet. */
export function newMeta(): BaseMeta {
  return { requestId: randomUUID(), appId: 0, scope: null };
}

/** Answers one /ext/v3 request; never throws or rejects. */
export function answerApiRequest(state: EngineState, request: EngineRequest, meta: BaseMeta): Answer {
  return settle(() => {
    const route = findRoute(request);
    // An operation the profiled service lacks is a route it does not have.
    if (state.calibration?.lacks(route.operation.id)) throw routeNotFound();
    meta.scope = route.operation.scope;
    const caller = authenticate(state, request);
    meta.appId = caller.appId;
    const call: Call = { request, route, caller, meta };
    if (state.faults === undefined) return answerCall(state, call);
    return injectFault(state.faults, meta, () => settle(() => answerCall(state, call), meta));
  }, meta);
}

/** Step 1: the operation of the method and path; 404 or 405 when there is none. */
function findRoute(request: EngineRequest): OperationRoute {
  const route = matchRoute(request.method.toUpperCase(), request.path);
  if (route.kind === 'not-found') throw routeNotFound();
  if (route.kind === 'method-not-allowed') throw methodNotAllowed(route.allow);
  return route;
}

/** Step 2: who calls; 401 for a missing or unknown key. */
function authenticate(state: EngineState, request: EngineRequest): Caller {
  const caller = state.keys.authenticate(request.headers[API_KEY_HEADER]);
  if (!caller) throw unauthorized();
  return caller;
}

/** Steps 4 to 10, after fault injection (step 3) let the request through. */
function answerCall(state: EngineState, call: Call): Answer {
  const at = state.options.now();
  checkRateLimit(state, call.caller, at);
  const query = parseQuery(call.request.query);
  if (query.help === 'true') return textResponse(helpOf(call.route.operation), call.meta.requestId);
  checkScope(call);
  const body = readBody(call);
  const idempotencyKey = idempotencyKeyOf(call);
  // A profiled service that takes more than the table: its rules checked on a stand-in at our bound.
  const loosened = state.calibration?.loosened(call.route.operation);
  const standIn = loosened?.standIn({ query: query.values, body });
  const input = validateInput(call.route.operation, {
    paramNames: call.route.paramNames,
    rawParams: call.route.rawParams,
    query: standIn ? { ...query, values: standIn.query } : query,
    body: standIn ? standIn.body : body,
    idempotencyKey,
  });
  if (standIn) loosened?.restore(input, standIn.originals);
  if (state.calibration) checkLimitFacts(input, state.calibration.facts(call.route.operation.id, 'limit'));
  if (idempotencyKey === undefined) return runHandler(state, call, input, at);
  return answerOnce(state, call, input, { body, idempotencyKey, at });
}

/** Step 4: the key's request rate; 429 with Retry-After past it. */
function checkRateLimit(state: EngineState, caller: Caller, at: number): void {
  const wait = state.requestLimiter.hit(caller.keyId, at);
  if (wait > 0)
    throw rateLimited(
      'Límite de peticiones excedido',
      wait,
      state.calibration?.rateLimit?.retryAfter ?? undefined,
    );
}

/** Step 6: the scope the operation needs; 403 naming it. */
function checkScope(call: Call): void {
  const { scope } = call.route.operation;
  if (scope !== null && !call.caller.scopes.has(scope)) throw forbidden(scope);
}

/** Step 7: the body, as the operation takes it: JSON when it has a body schema, none otherwise. */
function readBody(call: Call): unknown {
  if ((call.route.operation as OperationDefinition).body) return readJsonBody(call.request);
  refuseBody(call.request);
  return undefined;
}

/** The Idempotency-Key a write carries; reads take none, so one sent with a read is not looked at. */
function idempotencyKeyOf(call: Call): string | undefined {
  if (call.route.operation.idempotency === 'none') return undefined;
  return call.request.headers[IDEMPOTENCY_HEADER_NAME];
}

/** Step 9: a request with an Idempotency-Key is replayed, refused as a conflict, or run and remembered. */
function answerOnce(
  state: EngineState,
  call: Call,
  input: ValidInput,
  keyed: { body: unknown; idempotencyKey: string; at: number },
): Answer {
  const scope = IdempotencyStore.scopeOf(call.caller.keyId, keyed.idempotencyKey);
  const fingerprint = requestFingerprint(call.route.operation.id, input.params, keyed.body);
  const begun = state.idempotency.begin(scope, fingerprint, keyed.at, call.route.operation.id);
  if (begun.kind === 'new') return runAndRemember(state, call, input, scope, keyed.at);
  if (begun.kind === 'conflict' && begun.reason === 'in-flight')
    return failureResponse(idempotencyInFlight(), call.meta);
  const repeat = begun.kind === 'replay' ? 'replay' : begun.sameOperation ? 'other-body' : 'other-operation';
  // A profiled service that measured otherwise: carried out, or refused with its status and code.
  const measured = repeatFact(state.calibration, call.route.operation.id, repeat);
  if (measured && carriedOut(measured))
    return begun.kind === 'replay'
      ? runHandler(state, call, input, keyed.at)
      : // Its own key for this body: sent again, it is a replay of this request.
        answerOnce(state, call, input, {
          ...keyed,
          idempotencyKey: `${keyed.idempotencyKey}\n${fingerprint}`,
        });
  if (measured && measured.status >= 400) return failureResponse(repeatRefusal(measured), call.meta);
  if (begun.kind === 'replay') return replayed(begun.response, measured?.status);
  return failureResponse(idempotencyMismatch(), call.meta);
}

/**
 * Awaited even when the handler is synchronous: until the answer is stored, the key stays
 * reserved, and a request repeating it meanwhile gets a 409 (in flight).
 */
async function runAndRemember(
  state: EngineState,
  call: Call,
  input: ValidInput,
  scope: string,
  at: number,
): Promise<EngineResponse> {
  let response: EngineResponse | undefined;
  try {
    response = await runHandler(state, call, input, at);
    return response;
  } finally {
    state.idempotency.finish(scope, response, state.options.now());
  }
}

/** The stored answer, marked; `status`: the one a profiled service gave its replay instead. */
function replayed(response: EngineResponse, status = response.status): EngineResponse {
  return { ...response, status, headers: { ...response.headers, [REPLAYED_HEADER]: 'true' } };
}

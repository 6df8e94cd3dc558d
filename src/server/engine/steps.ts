import { randomUUID } from 'node:crypto';
import { API_KEY_HEADER, IDEMPOTENCY_HEADER_NAME, REPLAYED_HEADER_NAME } from '../../core/index.js';
import { type BaseMeta, textResponse } from '../answers/envelope.js';
import {
  forbidden,
  idempotencyInFlight,
  idempotencyMismatch,
  methodNotAllowed,
  rateLimited,
  routeNotFound,
  unauthorized,
} from '../answers/failures.js';
import { type Answer, type EngineRequest, type EngineResponse, mapAnswer } from '../answers/response.js';
import { settle } from '../answers/settle.js';
import { injectFault } from '../faults/inject.js';
import type { Caller } from '../state/caller.js';
import { readJsonBody, refuseBody } from './body.js';
import type { Afterwards, Call } from './call.js';
import type { EngineState } from './engine-state.js';
import { runHandler } from './handler-step.js';
import { helpOf } from './help.js';
import { IdempotencyStore, requestFingerprint } from './idempotency.js';
import type { ValidInput } from './input.js';
import { parseQuery } from './request-parts.js';
import { matchRoute, type OperationRoute, type RouteMatch } from './router.js';

/**
 * The engine's request steps, in the order a request meets them: route, key, fault injection,
 * rate limit, help, scope, body, validation, idempotency, handler. Each step is a function of
 * the engine state and what the steps before it found; where a service may differ, it asks the
 * state's rules. A refusal is thrown as an ApiFailure and the one `settle` turns it into its
 * envelope; what must happen to the answer after that (keep it under its key, deliver it with its
 * fault, give it as the service would) is done once it is made.
 */

/** Marks an answer given again for a repeated Idempotency-Key. */
export const REPLAYED_HEADER = REPLAYED_HEADER_NAME;

/** The meta of a new request: no key recognised yet. */
export function newMeta(): BaseMeta {
  return { requestId: randomUUID(), appId: 0, scope: null };
}

/** Answers one /ext/v3 request; never throws or rejects. */
export function answerApiRequest(state: EngineState, request: EngineRequest, meta: BaseMeta): Answer {
  const match = matchRoute(request.method.toUpperCase(), request.path);
  const after: Afterwards = { caller: undefined, keptUnder: undefined, deliver: undefined };
  const response = settle(() => answerSteps(state, request, match, meta, after), meta);
  const kept = after.keptUnder === undefined ? response : keep(state, after.keptUnder, response);
  const answer = after.deliver === undefined ? kept : mapAnswer(kept, after.deliver);
  if (match.kind !== 'operation') return answer;
  return state.rules.follow(match.operation.id, request, answer, after.caller);
}

/** Steps 1 to 3, then the others through `answerCall`. */
function answerSteps(
  state: EngineState,
  request: EngineRequest,
  match: RouteMatch,
  meta: BaseMeta,
  after: Afterwards,
): EngineResponse {
  const route = findRoute(state, match);
  meta.scope = route.operation.scope;
  const caller = authenticate(state, request);
  meta.appId = caller.appId;
  after.caller = caller;
  if (state.faults !== undefined) {
    const fault = injectFault(state.faults, meta);
    // A fault before processing is the answer; one after it, how the answer is delivered.
    if (typeof fault === 'object') return fault;
    after.deliver = fault;
  }
  return answerCall(state, { request, route, caller, meta, after });
}

/** Step 1: the operation of the method and path; 404 or 405 when there is none. */
function findRoute(state: EngineState, match: RouteMatch): OperationRoute {
  if (match.kind === 'not-found') throw routeNotFound();
  if (match.kind === 'method-not-allowed') throw methodNotAllowed(match.allow);
  // An operation the profiled service lacks is a route it does not have.
  if (!state.rules.serves(match.operation.id)) throw routeNotFound();
  return match;
}

/** Step 2: who calls; 401 for a missing or unknown key. */
function authenticate(state: EngineState, request: EngineRequest): Caller {
  const caller = state.keys.authenticate(request.headers[API_KEY_HEADER]);
  if (!caller) throw unauthorized();
  return caller;
}

/** Steps 4 to 10, after fault injection (step 3) let the request through. */
function answerCall(state: EngineState, call: Call): EngineResponse {
  const at = state.options.now();
  checkRateLimit(state, call.caller, at);
  const query = parseQuery(call.request.query);
  if (query.help === 'true') return textResponse(helpOf(call.route.operation), call.meta.requestId);
  checkScope(call);
  const body = readBody(call);
  const idempotencyKey = idempotencyKeyOf(call);
  const input = state.rules.validate(call.route.operation, {
    paramNames: call.route.paramNames,
    rawParams: call.route.rawParams,
    query,
    body,
    idempotencyKey,
  });
  if (idempotencyKey === undefined) return runHandler(state, call, input, at);
  return answerOnce(state, call, input, { body, idempotencyKey, at });
}

/** Step 4: the key's request rate; 429 with Retry-After past it. */
function checkRateLimit(state: EngineState, caller: Caller, at: number): void {
  const wait = state.requestLimiter.hit(caller.keyId, at);
  if (wait > 0) throw rateLimited('Límite de peticiones excedido', wait, state.rules.retryAfter);
}

/** Step 6: the scope the operation needs; 403 naming it. */
function checkScope(call: Call): void {
  const { scope } = call.route.operation;
  if (scope !== null && !call.caller.scopes.has(scope)) throw forbidden(scope);
}

/** Step 7: the body, as the operation takes it: JSON when it has a body schema, none otherwise. */
function readBody(call: Call): unknown {
  if (call.route.operation.body) return readJsonBody(call.request);
  refuseBody(call.request);
  return undefined;
}

/** The Idempotency-Key a write carries; reads take none, so one sent with a read is not looked at. */
function idempotencyKeyOf(call: Call): string | undefined {
  if (call.route.operation.idempotency === 'none') return undefined;
  return call.request.headers[IDEMPOTENCY_HEADER_NAME];
}

/**
 * Step 9: a request with an Idempotency-Key is replayed, refused as a conflict, or run, its answer
 * then kept under the key (`after.keptUnder`).
 */
function answerOnce(
  state: EngineState,
  call: Call,
  input: ValidInput,
  keyed: { body: unknown; idempotencyKey: string; at: number },
): EngineResponse {
  const scope = IdempotencyStore.scopeOf(call.caller.keyId, keyed.idempotencyKey);
  const fingerprint = requestFingerprint(call.route.operation.id, input.params, keyed.body);
  const begun = state.idempotency.begin(scope, fingerprint, keyed.at, call.route.operation.id);
  if (begun.kind === 'new') {
    call.after.keptUnder = scope;
    return runHandler(state, call, input, keyed.at);
  }
  if (begun.kind === 'conflict' && begun.reason === 'in-flight') throw idempotencyInFlight();
  const repeat = begun.kind === 'replay' ? 'replay' : begun.sameOperation ? 'other-body' : 'other-operation';
  const repeated = state.rules.repeated(call.route.operation.id, repeat, {
    idempotencyKey: keyed.idempotencyKey,
    fingerprint,
  });
  switch (repeated.kind) {
    case 'again':
      return runHandler(state, call, input, keyed.at);
    case 'own-key':
      return answerOnce(state, call, input, { ...keyed, idempotencyKey: repeated.idempotencyKey });
    case 'refused':
      throw repeated.failure;
    case 'kept':
      if (begun.kind === 'replay') return replayed(begun.response, repeated.status);
      throw idempotencyMismatch();
  }
}

/**
 * Kept a turn later, although the handler answered at once: until then the key stays reserved,
 * and a request repeating it meanwhile gets a 409 (in flight).
 */
async function keep(state: EngineState, scope: string, response: EngineResponse): Promise<EngineResponse> {
  await undefined;
  state.idempotency.finish(scope, response, state.options.now());
  return response;
}

/** The kept answer, marked; `status`: the one a profiled service gave its replay instead. */
function replayed(response: EngineResponse, status = response.status): EngineResponse {
  return { ...response, status, headers: { ...response.headers, [REPLAYED_HEADER]: 'true' } };
}

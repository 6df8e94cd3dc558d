import { randomUUID } from 'node:crypto';
import { API_KEY_HEADER, IDEMPOTENCY_HEADER_NAME, REPLAYED_HEADER_NAME } from '../../core/index.js';
import { type BaseMeta, failureOf, failureResponse, textResponse } from '../answers/envelope.js';
import {
  type ApiFailureError,
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
import { type Delivery, injectFault } from '../faults/inject.js';
import { readJsonBody, refuseBody } from './body.js';
import type { EngineState } from './engine-state.js';
import { runHandler } from './handler-step.js';
import { helpOf } from './help.js';
import { IdempotencyStore, requestFingerprint } from './idempotency.js';
import type { ValidInput } from './input.js';
import { parseQuery } from './request-parts.js';
import type { RoutedRequest } from './routed-request.js';
import { matchRoute, type RouteMatch } from './router.js';

/**
 * The engine's request steps, in the order a request meets them: route, key, fault injection,
 * rate limit, help, scope, body, validation, idempotency, handler; the spec's rules, nothing else.
 * Each step is a function of the engine state and what the steps before it returned. A refusal is
 * thrown as an ApiFailureError and turned into its envelope where the request's meta is known; what
 * must happen to the answer once it is made (keep it under its key, deliver it with its fault)
 * is what the steps return beside it.
 */

/** The meta of a new request: no key recognised yet. */
export function newMeta(): BaseMeta {
  return { requestId: randomUUID(), appId: 0, scope: null };
}

/** What the steps decided: the answer, and what becomes of it once made. */
interface Decided {
  readonly response: EngineResponse;
  /** The idempotency scope the answer is kept under: the request ran under an Idempotency-Key. */
  readonly keptUnder?: string | undefined;
  /** How fault injection delivers the answer. */
  readonly deliver?: Delivery | undefined;
}

/** Answers one /ext/v3 request; never throws or rejects. */
export function answerApiRequest(state: EngineState, request: EngineRequest): Answer {
  const { response, keptUnder, deliver } = decide(state, request);
  const kept = keptUnder === undefined ? response : keep(state, keptUnder, response);
  return deliver === undefined ? kept : mapAnswer(kept, deliver);
}

/** Steps 1 to 3, each refusal under the meta known so far; then the others through `answerCall`. */
function decide(state: EngineState, request: EngineRequest): Decided {
  const requestId = randomUUID();
  const match = matchRoute(request.method.toUpperCase(), request.path);
  if (match.kind !== 'operation')
    return { response: failureResponse(routeRefusal(match), { requestId, appId: 0, scope: null }) };
  const { scope } = match.operation;
  // Step 2: who calls; 401 for a missing or unknown key.
  const caller = state.keys.authenticate(request.headers[API_KEY_HEADER]);
  if (caller === undefined)
    return { response: failureResponse(unauthorized(), { requestId, appId: 0, scope }) };
  const meta: BaseMeta = { requestId, appId: caller.appId, scope };
  const fault = state.faults === undefined ? undefined : injectFault(state.faults, meta);
  // A fault before processing is the answer; one after it, how the answer is delivered.
  if (typeof fault === 'object') return { response: fault };
  const decided = answerCall(state, { request, route: match, caller, meta });
  return fault === undefined ? decided : { ...decided, deliver: fault };
}

/** Step 1: a method and path that name no operation; 404, or 405 when the path has other methods. */
function routeRefusal(match: Exclude<RouteMatch, { kind: 'operation' }>): ApiFailureError {
  return match.kind === 'not-found' ? routeNotFound() : methodNotAllowed(match.allow);
}

/** Steps 4 to 10, after fault injection (step 3) let the request through. */
function answerCall(state: EngineState, call: RoutedRequest): Decided {
  const at = state.options.now();
  try {
    checkRateLimit(state, call, at);
    const query = parseQuery(call.request.query);
    if (query.help === 'true')
      return { response: textResponse(helpOf(call.route.operation), call.meta.requestId) };
    checkScope(call);
    const body = readBody(call);
    const idempotencyKey = idempotencyKeyOf(call);
    const input = state.validate(call.route.operation, {
      paramNames: call.route.paramNames,
      rawParams: call.route.rawParams,
      query,
      body,
      idempotencyKey,
    });
    if (idempotencyKey === undefined) return { response: runHandler(state, call, input, at) };
    return answerOnce(state, call, input, { body, idempotencyKey, at });
  } catch (error) {
    return { response: failureOf(error, call.meta) };
  }
}

/** Step 4: the key's request rate; 429 with Retry-After past it. */
function checkRateLimit(state: EngineState, call: RoutedRequest, at: number): void {
  const wait = state.requestLimiter.hit(call.caller.keyId, at);
  if (wait > 0) throw rateLimited('Límite de peticiones excedido', wait);
}

/** Step 6: the scope the operation needs; 403 naming it. */
function checkScope(call: RoutedRequest): void {
  const { scope } = call.route.operation;
  if (scope !== null && !call.caller.scopes.has(scope)) throw forbidden(scope);
}

/** Step 7: the body, as the operation takes it: JSON when it has a body schema, none otherwise. */
function readBody(call: RoutedRequest): unknown {
  if (call.route.operation.body) return readJsonBody(call.request);
  refuseBody(call.request);
  return undefined;
}

/** The Idempotency-Key a write carries; reads take none, so one sent with a read is not looked at. */
function idempotencyKeyOf(call: RoutedRequest): string | undefined {
  if (call.route.operation.idempotency === 'none') return undefined;
  return call.request.headers[IDEMPOTENCY_HEADER_NAME];
}

/**
 * Step 9: a request with an Idempotency-Key is replayed, refused as a conflict, or run; a run's
 * answer, a refusal of the handler's too, is kept under the scope the keys name.
 */
function answerOnce(
  state: EngineState,
  call: RoutedRequest,
  input: ValidInput,
  keyed: { body: unknown; idempotencyKey: string; at: number },
): Decided {
  const { id } = call.route.operation;
  const scope = IdempotencyStore.scopeOf(call.caller.keyId, keyed.idempotencyKey);
  const begun = state.idempotency.begin(
    scope,
    requestFingerprint(id, input.params, keyed.body),
    keyed.at,
    id,
  );
  switch (begun.kind) {
    case 'new':
      return {
        response: settle(() => runHandler(state, call, input, keyed.at), call.meta),
        keptUnder: begun.scope,
      };
    case 'replay':
      return { response: replayed(begun.response) };
    case 'conflict':
      throw begun.reason === 'in-flight' ? idempotencyInFlight() : idempotencyMismatch();
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

/** The kept answer, marked as given again for a repeated Idempotency-Key. */
function replayed(response: EngineResponse): EngineResponse {
  return { ...response, headers: { ...response.headers, [REPLAYED_HEADER_NAME]: 'true' } };
}

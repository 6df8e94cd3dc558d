import { randomUUID } from 'node:crypto';
import type { OperationDefinition } from '../../operations/define.js';
import { renderHelp } from '../../operations/help.js';
import type { Operation } from '../../operations/table.js';
import { IDEMPOTENCY_HEADER } from '../../operations/validate.js';
import {
  type BaseMeta,
  failureResponse,
  successResponse,
  successResponseOfJson,
  textResponse,
} from '../answers/envelope.js';
import {
  ApiFailure,
  badRequest,
  forbidden,
  idempotencyInFlight,
  idempotencyMismatch,
  internalError,
  methodNotAllowed,
  payloadTooLarge,
  rateLimited,
  routeNotFound,
  unauthorized,
} from '../answers/failures.js';
import type { EngineOptions, EngineRequest, EngineResponse, SeedName } from '../answers/response.js';
import { FaultInjector, injectFault } from '../faults/inject.js';
import { type Handler, type HandlerContext, handlers } from '../handlers/index.js';
import { ADMIN_PREFIX, createAdminRoutes } from '../inspector/admin-routes.js';
import { createAdmin, type ReferenceAdmin } from '../state/admin.js';
import { seedStore } from '../state/seed.js';
import { Store } from '../state/store.js';
import { type Caller, createKeyRegistry } from './auth.js';
import { IdempotencyStore, requestFingerprint } from './idempotency.js';
import { type ValidInput, validateInput } from './input.js';
import { resolveOptions } from './options.js';
import { FixedWindowLimiter } from './rate-limit.js';
import { SerializedData } from './read-cache.js';
import { parseJsonBody, parseQuery } from './request-parts.js';
import { matchRoute, type RouteMatch } from './router.js';

export interface Engine {
  /** Answers one request; never rejects (an unexpected fault is a 500 envelope). */
  handle(request: EngineRequest): Promise<EngineResponse>;
  /** As `handle`, but synchronous when the answer is: for adapters on a hot path. */
  respond(request: EngineRequest): EngineResponse | Promise<EngineResponse>;
  readonly admin: ReferenceAdmin;
}

const IDEMPOTENCY_HEADER_NAME = IDEMPOTENCY_HEADER.toLowerCase();
const GROUP_ACTION_WINDOW_MS = 60_000;
const REPLAYED_HEADER = 'idempotent-replayed';

type Answer = EngineResponse | Promise<EngineResponse>;
type OperationRoute = Extract<RouteMatch, { kind: 'operation' }>;

/** The envelope of a failure; anything but an ApiFailure is an unexpected fault, a 500. */
function failureOf(error: unknown, meta: BaseMeta): EngineResponse {
  return failureResponse(error instanceof ApiFailure ? error : internalError(), meta);
}

/** Runs `answer`, turning whatever it throws or rejects with into its envelope. */
function settle(answer: () => Answer, meta: BaseMeta): Answer {
  try {
    const response = answer();
    return response instanceof Promise ? response.catch((error) => failureOf(error, meta)) : response;
  } catch (error) {
    return failureOf(error, meta);
  }
}

const helpTexts = new Map<Operation, string>();

function helpOf(operation: Operation): string {
  let text = helpTexts.get(operation);
  if (text === undefined) {
    text = renderHelp(operation);
    helpTexts.set(operation, text);
  }
  return text;
}

function seededStore(seed: SeedName): Store {
  const store = new Store();
  seedStore(store, seed);
  return store;
}

/**
 * The reference server without sockets: a function from a plain request to a plain response,
 * over an in-memory state. Adapters put it behind node:http, MSW or an undici Dispatcher.
 */
export function createEngine(options: EngineOptions = {}): Engine {
  const { keys, seed, limits, now, faults } = resolveOptions(options);
  const registry = createKeyRegistry(keys);
  const rateLimiter = new FixedWindowLimiter(limits.rateLimit.limit, limits.rateLimit.windowMs);
  const groupActionLimiter = new FixedWindowLimiter(limits.groupActionsPerMinute, GROUP_ACTION_WINDOW_MS);
  const idempotency = new IdempotencyStore(limits.idempotencyTtlMs);
  const injector = faults ? new FaultInjector(faults) : undefined;
  let store = seededStore(seed);
  const serialized = new SerializedData();
  const currentStore = () => store;
  const admin = createAdmin({
    currentStore,
    now,
    faults: () => injector?.report(),
    changed: () => serialized.invalidate(),
    reset() {
      serialized.invalidate();
      store = seededStore(seed);
      rateLimiter.clear();
      groupActionLimiter.clear();
      idempotency.clear();
      injector?.restart();
    },
  });
  const handleAdmin = createAdminRoutes(admin, currentStore);

  /**
   * Runs the operation's handler; a business-rule or lookup failure becomes an answer of its own.
   * Synchronous while the handler is: reads stay off the promise machinery.
   */
  function execute(
    operation: Operation,
    input: ValidInput,
    caller: Caller,
    meta: BaseMeta,
    at: number,
  ): EngineResponse | Promise<EngineResponse> {
    try {
      if ((operation as OperationDefinition).groupAction) {
        const wait = groupActionLimiter.hit(caller.keyId, at);
        if (wait > 0) throw rateLimited('Límite de acciones de grupo por minuto excedido', wait);
      }
      const context = {
        params: input.params,
        query: input.query,
        body: input.body,
        operation,
        caller,
        store,
        limits,
        now: at,
      } as HandlerContext;
      if (operation.method === 'GET') return answerRead(operation, context, meta);
      serialized.invalidate();
      const data: unknown = (handlers[operation.id] as Handler<Operation>)(context);
      if (data instanceof Promise) {
        // A handler that awaits ends its change later: texts kept in the meantime go too.
        return data.then(
          (value) => {
            serialized.invalidate();
            return successResponse(value, meta);
          },
          (error) => {
            serialized.invalidate();
            return failureOf(error, meta);
          },
        );
      }
      return successResponse(data, meta);
    } catch (error) {
      return failureOf(error, meta);
    }
  }

  /** A read changes nothing, so the text of what it returns can be kept until the next change. */
  function answerRead(operation: Operation, context: HandlerContext, meta: BaseMeta): Answer {
    const data: unknown = (handlers[operation.id] as Handler<Operation>)(context);
    if (data instanceof Promise) {
      return data.then(
        (value) => successResponse(value, meta),
        (error) => failureOf(error, meta),
      );
    }
    if (typeof data !== 'object' || data === null) return successResponse(data, meta);
    return successResponseOfJson(serialized.json(data), meta);
  }

  /** Answers a request that carries an Idempotency-Key: replay, conflict, or run and remember. */
  async function executeOnce(
    operation: Operation,
    input: ValidInput,
    body: unknown,
    idempotencyKey: string,
    caller: Caller,
    meta: BaseMeta,
    at: number,
  ): Promise<EngineResponse> {
    const scope = IdempotencyStore.scopeOf(caller.keyId, idempotencyKey);
    const begun = idempotency.begin(scope, requestFingerprint(operation.id, input.params, body), at);
    if (begun.kind === 'replay') {
      return { ...begun.response, headers: { ...begun.response.headers, [REPLAYED_HEADER]: 'true' } };
    }
    if (begun.kind === 'conflict') {
      return failureResponse(
        begun.reason === 'in-flight' ? idempotencyInFlight() : idempotencyMismatch(),
        meta,
      );
    }
    let response: EngineResponse | undefined;
    try {
      // Awaited even when the handler is synchronous: until the answer is stored, the key stays
      // reserved, and a request repeating it meanwhile gets a 409 (in flight).
      response = await execute(operation, input, caller, meta, at);
      return response;
    } finally {
      idempotency.finish(scope, response, now());
    }
  }

  /**
   * The checks in their order: route, key, (fault injection), rate limit, help, scope, body,
   * validation, idempotency, handler.
   */
  function answerApi(request: EngineRequest, method: string, meta: BaseMeta): Answer {
    const route = matchRoute(method, request.path);
    if (route.kind === 'not-found') throw routeNotFound();
    if (route.kind === 'method-not-allowed') throw methodNotAllowed(route.allow);
    meta.scope = route.operation.scope;

    const caller = registry.authenticate(request.headers.apikey);
    if (!caller) throw unauthorized();
    meta.appId = caller.appId;

    if (injector === undefined) return answerOperation(request, route, caller, meta);
    return injectFault(injector, meta, () =>
      settle(() => answerOperation(request, route, caller, meta), meta),
    );
  }

  function answerOperation(
    request: EngineRequest,
    route: OperationRoute,
    caller: Caller,
    meta: BaseMeta,
  ): Answer {
    const { operation } = route;
    const at = now();
    const wait = rateLimiter.hit(caller.keyId, at);
    if (wait > 0) throw rateLimited('Límite de peticiones excedido', wait);

    const query = parseQuery(request.query);
    if (query.help === 'true') return textResponse(helpOf(operation), meta.requestId);

    if (operation.scope !== null && !caller.scopes.has(operation.scope)) throw forbidden(operation.scope);

    let body: unknown;
    if ((operation as OperationDefinition).body) {
      const parsed = parseJsonBody(request.body, request.headers['content-length']);
      if (parsed.kind === 'too-large') throw payloadTooLarge();
      if (parsed.kind === 'malformed') throw badRequest([parsed.problem]);
      body = parsed.value;
    }

    // Reads take no key: one sent with a read is not looked at.
    const idempotencyKey =
      operation.idempotency === 'none' ? undefined : request.headers[IDEMPOTENCY_HEADER_NAME];
    const input = validateInput(operation, {
      paramNames: route.paramNames,
      rawParams: route.rawParams,
      query,
      body,
      idempotencyKey,
    });

    if (idempotencyKey === undefined) return execute(operation, input, caller, meta, at);
    return executeOnce(operation, input, body, idempotencyKey, caller, meta, at);
  }

  /** Answers without a promise when nothing awaits: reads stay off the promise machinery. Never throws. */
  function respond(request: EngineRequest): EngineResponse | Promise<EngineResponse> {
    const meta: BaseMeta = { requestId: randomUUID(), appId: 0, scope: null };
    const method = request.method.toUpperCase();
    try {
      const response = request.path.startsWith(ADMIN_PREFIX)
        ? handleAdmin(request, method, meta)
        : answerApi(request, method, meta);
      return response instanceof Promise ? response.catch((error) => failureOf(error, meta)) : response;
    } catch (error) {
      return failureOf(error, meta);
    }
  }

  return {
    admin,
    respond,
    handle(request) {
      const response = respond(request);
      return response instanceof Promise ? response : Promise.resolve(response);
    },
  };
}

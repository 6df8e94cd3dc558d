import type { Operation } from '../../operations/table.js';
import { type BaseMeta, successResponse, successResponseOfJson } from '../answers/envelope.js';
import { rateLimited } from '../answers/failures.js';
import type { EngineResponse } from '../answers/response.js';
import { type Handler, type HandlerContext, handlers } from '../handlers/index.js';
import type { EngineState } from './engine-state.js';
import type { ValidInput } from './input.js';
import type { RoutedRequest } from './routed-request.js';

/**
 * Step 10: the operation's handler. A failure it throws (404, 422, a group action over its
 * limit) is settled with the other steps' refusals, and then kept under the request's
 * Idempotency-Key as its success would be.
 */
export function runHandler(
  state: EngineState,
  call: RoutedRequest,
  input: ValidInput,
  at: number,
): EngineResponse {
  const { operation } = call.route;
  if (operation.groupAction) checkGroupActionLimit(state, call, at);
  const handler = handlers[operation.id] as Handler<Operation>;
  const context = contextOf(state, call, input, at);
  if (operation.method === 'GET') return answerRead(state, handler(context), call.meta);
  return successResponse(
    state.data.change(() => handler(context)),
    call.meta,
  );
}

/** Group actions have a per-key limit of their own (per minute). */
function checkGroupActionLimit(state: EngineState, call: RoutedRequest, at: number): void {
  const wait = state.groupActionLimiter.hit(call.caller.keyId, at);
  if (wait > 0) throw rateLimited('Límite de acciones de grupo por minuto excedido', wait);
}

function contextOf(state: EngineState, call: RoutedRequest, input: ValidInput, at: number): HandlerContext {
  return {
    params: input.params,
    query: input.query,
    body: input.body,
    operation: call.route.operation,
    caller: call.caller,
    store: state.data.store,
    limits: state.options.limits,
    now: at,
    baseUrl: call.request.baseUrl,
    host: call.request.headers.host,
  } as HandlerContext;
}

/** A read changes nothing, so the text of what it returns is kept until the next change. */
function answerRead(state: EngineState, data: unknown, meta: BaseMeta): EngineResponse {
  if (typeof data !== 'object' || data === null) return successResponse(data, meta);
  return successResponseOfJson(state.reads.json(data), meta);
}

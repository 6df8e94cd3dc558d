import { ERROR_CODES } from '../../operations/envelope.js';
import { type BaseMeta, failureResponse } from '../answers/envelope.js';
import { ApiFailureError, rateLimited } from '../answers/failures.js';
import type { DeliveryFault, EngineResponse } from '../answers/response.js';
import type { FaultInjector } from './injector.js';
import type { FaultKind } from './options.js';

/** Names the injected fault on the answers that still reach the client, so no one mistakes it for a bug. */
export const FAULT_HEADER = 'x-loyalty-fault';

function injectedServerError(): ApiFailureError {
  return new ApiFailureError(500, ERROR_CODES.internal, 'Error interno del servidor (fallo inyectado)');
}

/** What an adapter that ignores `fault` delivers for a dropped request: an answer saying nothing was done. */
function connectionLost(): ApiFailureError {
  return new ApiFailureError(
    500,
    ERROR_CODES.internal,
    'Conexión cortada antes de procesar (fallo inyectado)',
  );
}

function marked(response: EngineResponse, kind: FaultKind): EngineResponse {
  return { ...response, headers: { ...response.headers, [FAULT_HEADER]: kind } };
}

/** A copy: the answer may be the one the idempotency store keeps for replays. */
function withFault(response: EngineResponse, fault: DeliveryFault): EngineResponse {
  return { ...response, fault };
}

/** How an answer is delivered with the fault decided for its request. */
export type Delivery = (response: EngineResponse) => EngineResponse;

/**
 * The fault the injector decides for one /ext/v3 request: an answer in the request's place (a
 * fault "before processing": the request is not run), how the request's own answer is delivered,
 * or undefined when it is delivered as it is.
 */
export function injectFault(injector: FaultInjector, meta: BaseMeta): EngineResponse | Delivery | undefined {
  const { kind, delayMs } = injector.next();
  const delay: DeliveryFault = { action: 'delay', delayMs };
  switch (kind) {
    case undefined:
      return delayMs === 0 ? undefined : (response) => withFault(response, delay);
    case 'serverError':
      return withFault(marked(failureResponse(injectedServerError(), meta), kind), delay);
    case 'rateLimitStorm': {
      const failure = rateLimited(
        'Límite de peticiones excedido (fallo inyectado)',
        injector.config.retryAfterSeconds * 1_000,
      );
      return withFault(marked(failureResponse(failure, meta), kind), delay);
    }
    case 'dropBeforeProcessing':
      return withFault(marked(failureResponse(connectionLost(), meta), kind), { action: 'drop', delayMs });
    case 'dropAfterCommit':
      return (response) => withFault(response, { action: 'drop', delayMs });
    case 'stallBody':
      return (response) =>
        withFault(marked(response, kind), {
          action: 'stall',
          delayMs,
          afterBytes: Math.floor(Buffer.byteLength(response.body) / 2),
          stallMs: injector.config.stallMs,
        });
  }
}

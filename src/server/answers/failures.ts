import { type BusinessRuleCode, ERROR_CODES } from '../../operations/envelope.js';
import type { Scope } from '../../operations/scopes.js';
import type { ProblemDetail } from './details.js';

/**
 * A failure answer: thrown by handlers and pipeline steps, turned into an envelope by the engine.
 * `meta` is merged into the envelope's meta; `headers` into the answer's headers.
 */
export class ApiFailureError extends Error {
  constructor(
    readonly status: number,
    readonly codigo: number,
    readonly msj: string,
    readonly extra: {
      details?: ProblemDetail[];
      meta?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(msj);
    this.name = 'ApiFailureError';
  }
}

export function badRequest(details: ProblemDetail[]): ApiFailureError {
  return new ApiFailureError(400, ERROR_CODES.badRequest, 'Parámetros inválidos', { details });
}

export function unauthorized(): ApiFailureError {
  return new ApiFailureError(401, ERROR_CODES.unauthorized, 'API key inválida o ausente');
}

export function forbidden(requiredScope: Scope): ApiFailureError {
  return new ApiFailureError(
    403,
    ERROR_CODES.forbidden,
    `La API key no tiene el scope requerido (${requiredScope})`,
    {
      meta: { requiredScope },
    },
  );
}

export function notFound(msj: string): ApiFailureError {
  return new ApiFailureError(404, ERROR_CODES.notFound, msj);
}

/**
 * No operation has this method and path. A code of its own (not the resource's 9404), so a client
 * can tell a wrong URL (a wrong baseUrl) from a missing customer, task or promotion.
 */
export function routeNotFound(): ApiFailureError {
  return new ApiFailureError(404, ERROR_CODES.routeNotFound, 'Ruta no encontrada');
}

/** The method and path form no route, so a 405 carries the code of a route not found. */
export function methodNotAllowed(allow: string): ApiFailureError {
  return new ApiFailureError(
    405,
    ERROR_CODES.routeNotFound,
    `Método no permitido; métodos admitidos: ${allow}`,
    {
      headers: { allow },
    },
  );
}

export function idempotencyMismatch(): ApiFailureError {
  return new ApiFailureError(
    409,
    ERROR_CODES.conflict,
    'La Idempotency-Key ya se usó con otra petición (otra operación, otros parámetros u otro cuerpo)',
  );
}

export function idempotencyInFlight(): ApiFailureError {
  return new ApiFailureError(
    409,
    ERROR_CODES.conflict,
    'Una petición con esta Idempotency-Key todavía está en curso; reintente más tarde',
  );
}

/** node's parser refused a request line and headers over its 16 KiB limit. */
export function headersTooLarge(): ApiFailureError {
  return new ApiFailureError(431, ERROR_CODES.badRequest, 'Encabezados demasiado grandes', {
    details: [
      { in: 'header', name: '', message: 'the request line and headers exceed 16 KiB', code: 'too_large' },
    ],
  });
}

/** node's parser could not read the request line or headers (`reason`: its error code). */
export function malformedHttp(reason: string): ApiFailureError {
  return badRequest([
    {
      in: 'header',
      name: '',
      message: `the request line or headers are not valid HTTP/1.1 (${reason})`,
      code: 'malformed_http',
    },
  ]);
}

/** The request did not arrive whole within node's request timeout. */
export function requestTimeout(): ApiFailureError {
  return new ApiFailureError(408, ERROR_CODES.badRequest, 'La petición no llegó completa a tiempo');
}

export function payloadTooLarge(maxBytes: number): ApiFailureError {
  return new ApiFailureError(
    413,
    ERROR_CODES.payloadTooLarge,
    `El cuerpo de la petición supera el máximo de ${maxBytes} bytes`,
  );
}

/** How much of a Content-Type a 415 repeats. */
const SHOWN_TYPE_LENGTH = 100;

export function unsupportedMediaType(contentType: string | undefined): ApiFailureError {
  const got = contentType === undefined ? 'none' : contentType.slice(0, SHOWN_TYPE_LENGTH);
  return new ApiFailureError(
    415,
    ERROR_CODES.unsupportedMediaType,
    `El cuerpo debe enviarse como application/json (Content-Type recibido: ${got})`,
  );
}

export function bodyNotTaken(): ApiFailureError {
  return badRequest([
    { in: 'body', name: '', message: 'this operation takes no body; send none', code: 'unexpected_body' },
  ]);
}

/** A business rule's refusal, a 422 whose `meta.legacy.codigo` is one of the table's BUSINESS_RULE_CODES. */
export function businessRule(
  codigo: BusinessRuleCode,
  msj: string,
  facts: Record<string, unknown>,
): ApiFailureError {
  return new ApiFailureError(422, ERROR_CODES.unprocessable, msj, { meta: { legacy: { codigo, ...facts } } });
}

/** `Retry-After` in whole seconds, never 0 (a client told "0" would retry at once). */
function retryAfterSeconds(waitMs: number): string {
  return String(Math.max(1, Math.ceil(waitMs / 1_000)));
}

/** `retryAfter`: whole seconds to send instead (a profiled service's). */
export function rateLimited(msj: string, waitMs: number, retryAfter?: number): ApiFailureError {
  return new ApiFailureError(429, ERROR_CODES.rateLimited, msj, {
    headers: { 'retry-after': retryAfter === undefined ? retryAfterSeconds(waitMs) : String(retryAfter) },
  });
}

export function internalError(): ApiFailureError {
  return new ApiFailureError(500, ERROR_CODES.internal, 'Error interno del servidor');
}

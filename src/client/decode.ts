import { envelopeSchema, isSuccessEnvelope } from '../operations/envelope.js';
import {
  type ApiErrorInit,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  LoyaltyApiError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from './errors.js';
import { parseRetryAfter } from './retry.js';
import type { TransportResponse } from './transport.js';

export interface DecodedEnvelope {
  data: unknown;
  meta: Record<string, unknown>;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The error class of each status the spec names; a rule kept in one place. */
const ERROR_CLASSES: Readonly<Record<number, new (init: ApiErrorInit) => LoyaltyApiError>> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
};

/** The error an answer's status stands for (429 carries its Retry-After; any other 5xx is InternalServerError). */
export function errorForStatus(init: ApiErrorInit): LoyaltyApiError {
  if (init.status === 429) {
    return new RateLimitError(init, parseRetryAfter(init.headers['retry-after'], Date.now()));
  }
  const ErrorClass = ERROR_CLASSES[init.status];
  if (ErrorClass) return new ErrorClass(init);
  return init.status >= 500 ? new InternalServerError(init) : new LoyaltyApiError(init);
}

/**
 * Turns an HTTP answer into the envelope's `data` and `meta`, or into the error it stands for.
 * A 2xx that is not an envelope with `codigoRespuesta` 0 is an error too: never guess.
 */
export function decodeResponse(
  response: TransportResponse,
  operationId: string,
  idempotencyKey: string | undefined,
): DecodedEnvelope {
  const json = parseJson(response.text);
  const ok = response.status >= 200 && response.status < 300;
  if (ok && isSuccessEnvelope(json)) return { data: json.data, meta: json.meta ?? {} };
  const parsed = envelopeSchema.safeParse(json);
  const envelope = parsed.success ? parsed.data : undefined;
  const init: ApiErrorInit = {
    status: response.status,
    codigoRespuesta: envelope?.codigoRespuesta,
    msj: envelope?.msj,
    meta: envelope?.meta,
    headers: response.headers,
    body: json ?? response.text,
    operationId,
    idempotencyKey,
  };
  if (ok) {
    throw new LoyaltyApiError(
      init,
      `${operationId}: the server answered ${response.status} without a success envelope${envelope ? ` (codigoRespuesta ${envelope.codigoRespuesta}: ${envelope.msj})` : ''}`,
    );
  }
  throw errorForStatus(init);
}

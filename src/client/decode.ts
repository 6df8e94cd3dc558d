import { isSuccessEnvelope, readEnvelope } from '../operations/envelope.js';
import { answerWithoutSecret, describeNonEnvelope, withoutSecret } from './answer-text.js';
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
import { isRedirect, isRouteMiss, redirectError, routeMissError } from './wrong-address.js';

export interface DecodedEnvelope {
  data: unknown;
  meta: Record<string, unknown>;
}

/** What decoding needs of the call: its name and request for messages, and the key it sent. */
export interface DecodeTarget {
  operationId: string;
  method: string;
  /** Path and query below the origin. */
  path: string;
  idempotencyKey: string | undefined;
  /** Whether the path names a resource (it has a path parameter), which a 404 may say is missing. */
  namesResource: boolean;
}

/** Where the client sends, for messages about a wrong URL, and the key no message may hold. */
export interface DecodeClient {
  origin: string;
  basePath: string;
  apiKey: string;
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
  429: RateLimitError,
};

/** The error an answer's status stands for (any other 5xx is InternalServerError). */
export function errorForStatus(init: ApiErrorInit): LoyaltyApiError {
  const ErrorClass = ERROR_CLASSES[init.status];
  if (ErrorClass) return new ErrorClass(init);
  return init.status >= 500 ? new InternalServerError(init) : new LoyaltyApiError(init);
}

/** The request's path without its query, and without the key should the caller have put it there. */
function shownPath(call: DecodeTarget, apiKey: string): string {
  const path = call.path.split('?', 1)[0] ?? '';
  return withoutSecret(withoutSecret(path, encodeURIComponent(apiKey)), apiKey);
}

/**
 * The error an answer other than a success envelope stands for. No part of it holds the key: a
 * server may echo the request in its body or its headers, and the error keeps both.
 */
function apiErrorOf(answer: TransportResponse, call: DecodeTarget, client: DecodeClient): LoyaltyApiError {
  const response = answerWithoutSecret(answer, client.apiKey);
  const { text } = response;
  const json = parseJson(text);
  const envelope = readEnvelope(json);
  const init: ApiErrorInit = {
    status: response.status,
    codigoRespuesta: envelope?.codigoRespuesta,
    msj: envelope?.msj,
    meta: envelope?.meta,
    headers: response.headers,
    body: json ?? text,
    operationId: call.operationId,
    idempotencyKey: call.idempotencyKey,
    method: call.method,
    path: shownPath(call, client.apiKey),
    explanation: envelope ? undefined : describeNonEnvelope(response, text),
    retryAfterMs: parseRetryAfter(response.headers['retry-after'], Date.now()),
  };
  if (response.status >= 200 && response.status < 300) {
    const said = envelope
      ? ` (codigoRespuesta ${envelope.codigoRespuesta}: ${envelope.msj})`
      : `: ${init.explanation}`;
    return new LoyaltyApiError(
      init,
      `${call.operationId} (${call.method} ${init.path}) answered ${response.status} without a success envelope${said}`,
    );
  }
  if (isRedirect(response.status)) return redirectError(init, response.headers.location, client);
  if (response.status === 404 && isRouteMiss(init, call.namesResource)) {
    return routeMissError(init, client.origin, client.basePath);
  }
  return errorForStatus(init);
}

/**
 * Turns an HTTP answer into the envelope's `data` and `meta`, or into the error it stands for.
 * A 2xx that is not an envelope with `codigoRespuesta` 0 is an error too: never guess.
 */
export function decodeResponse(
  response: TransportResponse,
  call: DecodeTarget,
  client: DecodeClient,
): DecodedEnvelope {
  if (response.status >= 200 && response.status < 300) {
    const json = parseJson(response.text);
    if (isSuccessEnvelope(json)) return { data: json.data, meta: json.meta ?? {} };
  }
  throw apiErrorOf(response, call, client);
}

import { LoyaltyBudgetError } from '../bulk/budget-error.js';
import { counted, declareErrorClasses, LoyaltyAbortError, LoyaltyError } from '../core/index.js';
import type { BusinessRuleCode } from '../operations/envelope.js';
import type { RequestIssue } from '../operations/validate.js';
import { describeIssues } from '../operations/validate.js';
import {
  type BadRequestDetail,
  type BusinessRuleDetail,
  detailsOf,
  isBusinessRuleCode,
  legacyOf,
  listDetails,
} from './error-fields.js';

export type { BadRequestDetail, BusinessRuleDetail };
export { LoyaltyAbortError, LoyaltyBudgetError, LoyaltyError };

/** The input broke a rule of the spec; nothing was sent. */
export class LoyaltyValidationError extends LoyaltyError {
  readonly operationId: string;
  readonly issues: readonly RequestIssue[];

  constructor(operationId: string, issues: readonly RequestIssue[]) {
    super(`Invalid arguments for ${operationId}, nothing was sent: ${describeIssues(issues)}`);
    this.operationId = operationId;
    this.issues = issues;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), operationId: this.operationId, issues: this.issues };
  }
}

export interface ApiErrorInit {
  status: number;
  codigoRespuesta: number | undefined;
  msj: string | undefined;
  meta: Record<string, unknown> | undefined;
  headers: Record<string, string>;
  body: unknown;
  operationId: string;
  /** The Idempotency-Key the request carried, so the caller can retry it safely. */
  idempotencyKey: string | undefined;
  /** The request's method, named in the message. */
  method?: string | undefined;
  /** The request's path below the origin, without its query, named in the message. */
  path?: string | undefined;
  /** What the message says in place of `msj` when the answer has none (it is not the envelope). */
  explanation?: string | undefined;
  /** The answer's Retry-After in milliseconds, read once when it arrived; undefined when it said none. */
  retryAfterMs?: number | undefined;
}

/** `clientes.retrieve (GET /ext/v3/clientes/cli_9999) failed with 404 (codigoRespuesta 9404): ...` */
function apiErrorMessage(init: ApiErrorInit, requestId: string | undefined): string {
  const request = init.method && init.path ? ` (${init.method} ${init.path})` : '';
  const code = init.codigoRespuesta === undefined ? '' : ` (codigoRespuesta ${init.codigoRespuesta})`;
  const said = init.msj ?? init.explanation ?? 'no message';
  return `${init.operationId}${request} failed with ${init.status}${code}: ${said}${requestId ? ` [requestId ${requestId}]` : ''}`;
}

/** The server answered with a status other than 2xx (or with a 2xx that is not an envelope). */
export class LoyaltyApiError extends LoyaltyError {
  readonly status: number;
  readonly codigoRespuesta: number | undefined;
  readonly msj: string | undefined;
  readonly requestId: string | undefined;
  readonly meta: Record<string, unknown> | undefined;
  readonly headers: Record<string, string>;
  readonly body: unknown;
  readonly operationId: string;
  readonly idempotencyKey: string | undefined;
  /**
   * What the service asked to wait before sending again (its Retry-After), in milliseconds;
   * undefined when it did not say. A 429 and a 503 may say it; the retry decision honours it.
   */
  readonly retryAfterMs: number | undefined;

  constructor(init: ApiErrorInit, message?: string) {
    const requestId = typeof init.meta?.requestId === 'string' ? init.meta.requestId : undefined;
    super(message ?? apiErrorMessage(init, requestId));
    this.status = init.status;
    this.codigoRespuesta = init.codigoRespuesta;
    this.msj = init.msj;
    this.requestId = requestId;
    this.meta = init.meta;
    this.headers = init.headers;
    this.body = init.body;
    this.operationId = init.operationId;
    this.idempotencyKey = init.idempotencyKey;
    this.retryAfterMs = init.retryAfterMs;
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      status: this.status,
      codigoRespuesta: this.codigoRespuesta,
      msj: this.msj,
      requestId: this.requestId,
      operationId: this.operationId,
      idempotencyKey: this.idempotencyKey,
      meta: this.meta,
      body: this.body,
      retryAfterMs: this.retryAfterMs,
    };
  }
}

/** A 400: the service found the request invalid; `details` names each parameter. Never retried. */
export class BadRequestError extends LoyaltyApiError {
  /**
   * Each invalid parameter, when the answer's `details` is the array of `{ in, name, message,
   * code }` our decisions fix; otherwise undefined, and `body.details` keeps what was sent.
   */
  readonly details: readonly BadRequestDetail[] | undefined;

  constructor(init: ApiErrorInit) {
    super(init);
    this.details = detailsOf(init.body);
    const listed = listDetails(init.body);
    if (listed) this.message += `. Invalid: ${listed}`;
  }
}

/** What a 401's message adds: where the key comes from (the command line says its own ways). */
export const AUTHENTICATION_HINT = '. Check the API key (apiKey option or LOYALTY_API_KEY).';

/** A 401: the service did not accept the API key. Never retried. */
export class AuthenticationError extends LoyaltyApiError {
  constructor(init: ApiErrorInit) {
    super(init);
    this.message += AUTHENTICATION_HINT;
  }
}

/** A 403: the key lacks the operation's scope (`requiredScope`, when named). Never retried. */
export class PermissionDeniedError extends LoyaltyApiError {
  readonly requiredScope: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init);
    const scope = init.meta?.requiredScope;
    this.requiredScope = typeof scope === 'string' ? scope : undefined;
    if (this.requiredScope) this.message += `. The key lacks the scope ${this.requiredScope}.`;
  }
}

/**
 * A 404: what the path names does not exist (or, as `RouteNotFoundError`, no operation answers
 * at the URL). Never retried.
 */
export class NotFoundError extends LoyaltyApiError {}

/**
 * A 404 that names no missing resource: no operation answers at the URL the call went to, so
 * the baseUrl is probably wrong. A NotFoundError still, for code that handles every 404 alike.
 */
export class RouteNotFoundError extends NotFoundError {
  /** The URL the call went to, without its query. */
  readonly url: string;

  constructor(init: ApiErrorInit, url: string, message?: string) {
    super(init, message);
    this.url = url;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), url: this.url };
  }
}

/** What a 409's message adds: what happened to the key, and the two ways on (the command line says them in its own terms). */
export function conflictHint(idempotencyKey: string | undefined): string {
  const key = idempotencyKey === undefined ? 'The Idempotency-Key' : `The Idempotency-Key ${idempotencyKey}`;
  return (
    `. ${key} was already used with another request, or that request is still in flight. ` +
    'To apply this request, send it with a new key; to get the first answer, send the original request (the same body) with this key, once it has ended.'
  );
}

/**
 * A 409: the Idempotency-Key was already used with another request (another body, operation or
 * path), or the first request with it is still being answered; nothing was applied. Never
 * retried. For a different request, send it with a new key; for the same request, send it again
 * with the same body and key once the first has ended, and its answer comes back (`replayed`).
 */
export class ConflictError extends LoyaltyApiError {
  constructor(init: ApiErrorInit) {
    super(init);
    this.message += conflictHint(init.idempotencyKey);
  }
}

/** A 422: a business rule of the service refused the request (`code`, `legacy`). Never retried. */
export class UnprocessableEntityError extends LoyaltyApiError {
  /** `meta.legacy` when it has a string `codigo`; otherwise undefined (`meta.legacy` keeps it as sent). */
  readonly legacy: BusinessRuleDetail | undefined;
  /**
   * The business rule the service named, one of BUSINESS_RULE_CODES; undefined when it named one
   * this SDK does not know (`legacy.codigo` has it) or none.
   */
  readonly code: BusinessRuleCode | undefined;

  constructor(init: ApiErrorInit) {
    super(init);
    this.legacy = legacyOf(init.meta);
    this.code = isBusinessRuleCode(this.legacy?.codigo) ? this.legacy.codigo : undefined;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), code: this.code };
  }
}

/** A 429: `retryAfterMs` says how long the service asked to wait, when it said. */
export class RateLimitError extends LoyaltyApiError {}

/** A status of 500 or more: the service failed. Retried up to `maxRetries`; this is the last answer. */
export class InternalServerError extends LoyaltyApiError {}

/**
 * The service answered with a redirect (3xx), which the SDK never follows: the other address
 * would receive the key, the Idempotency-Key and the body. Never retried.
 */
export class RedirectError extends LoyaltyApiError {
  /**
   * Where the service redirects: the target's origin and path, never its query; undefined when
   * the answer named no target, or a browser hid it (an opaque redirect, status 0).
   */
  readonly location: string | undefined;

  constructor(init: ApiErrorInit, location: string | undefined, message: string) {
    super(init, message);
    this.location = location;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), location: this.location };
  }
}

/** No HTTP answer arrived (connection refused, reset, DNS, TLS). */
export class LoyaltyConnectionError extends LoyaltyError {
  readonly operationId: string;
  readonly idempotencyKey: string | undefined;

  constructor(operationId: string, idempotencyKey: string | undefined, message: string, cause?: unknown) {
    super(message, { cause });
    this.operationId = operationId;
    this.idempotencyKey = idempotencyKey;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), operationId: this.operationId, idempotencyKey: this.idempotencyKey };
  }
}

/** An attempt took longer than `timeoutMs` (headers and body). */
export class LoyaltyTimeoutError extends LoyaltyConnectionError {}

/**
 * The answer was larger than `maxResponseBytes`: the SDK stopped reading it and dropped the
 * connection. Never retried (the same answer would come again).
 */
export class LoyaltyResponseTooLargeError extends LoyaltyError {
  readonly operationId: string;
  readonly idempotencyKey: string | undefined;
  /** The limit in force, `maxResponseBytes`. */
  readonly limitBytes: number;
  /** What had arrived when the SDK stopped reading: 0 when a Content-Length over the limit was refused. */
  readonly receivedBytes: number;
  /** The Content-Length the service declared, when it declared one over the limit. */
  readonly declaredBytes: number | undefined;

  constructor(init: {
    operationId: string;
    idempotencyKey: string | undefined;
    limitBytes: number;
    receivedBytes: number;
    declaredBytes: number | undefined;
    message: string;
  }) {
    super(init.message);
    this.operationId = init.operationId;
    this.idempotencyKey = init.idempotencyKey;
    this.limitBytes = init.limitBytes;
    this.receivedBytes = init.receivedBytes;
    this.declaredBytes = init.declaredBytes;
  }

  override toJSON(): Record<string, unknown> {
    const { operationId, idempotencyKey, limitBytes, receivedBytes, declaredBytes } = this;
    return { ...super.toJSON(), operationId, idempotencyKey, limitBytes, receivedBytes, declaredBytes };
  }
}

declareErrorClasses({
  LoyaltyValidationError,
  LoyaltyApiError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  RouteNotFoundError,
  ConflictError,
  UnprocessableEntityError,
  RateLimitError,
  InternalServerError,
  RedirectError,
  LoyaltyConnectionError,
  LoyaltyTimeoutError,
  LoyaltyResponseTooLargeError,
  LoyaltyBudgetError,
});

/** What the message of a keyed call that got no answer ends with: the key that makes sending it again safe. */
export function sameKeyHint(idempotencyKey: string): string {
  return `It is safe to send it again with the same idempotencyKey (${idempotencyKey}): the service applies a key at most once.`;
}

/**
 * The error a call ends with once its retries are spent: a call that got no answer says how many
 * attempts were made and, when it carried a key, that sending it again with that key is safe
 * (the service may have applied it; with the key it answers the first answer instead of applying
 * it twice).
 */
export function gaveUp(error: Error, attempts: number): Error {
  if (!(error instanceof LoyaltyConnectionError)) return error;
  const hint = error.idempotencyKey === undefined ? '' : ` ${sameKeyHint(error.idempotencyKey)}`;
  error.message += `; gave up after ${counted(attempts, 'attempt')}.${hint}`;
  return error;
}

import type { RequestIssue } from '../operations/validate.js';
import { describeIssues } from '../operations/validate.js';

/**
 * The errors the SDK throws. None of them holds the API key: the request headers are never
 * attached, and the fields below are all of what `toJSON` and `util.inspect` show.
 */
export class LoyaltyError extends Error {
  override name = 'LoyaltyError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }

  toJSON(): Record<string, unknown> {
    return { name: this.name, message: this.message };
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `${this.name}: ${this.message}${this.stack ? `\n${this.stack.split('\n').slice(1).join('\n')}` : ''}`;
  }
}

/** The input broke a rule of the spec; nothing was sent. */
export class LoyaltyValidationError extends LoyaltyError {
  override name = 'LoyaltyValidationError';
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
}

/** The server answered with a status other than 2xx (or with a 2xx that is not an envelope). */
export class LoyaltyApiError extends LoyaltyError {
  override name = 'LoyaltyApiError';
  readonly status: number;
  readonly codigoRespuesta: number | undefined;
  readonly msj: string | undefined;
  readonly requestId: string | undefined;
  readonly meta: Record<string, unknown> | undefined;
  readonly headers: Record<string, string>;
  readonly body: unknown;
  readonly operationId: string;
  readonly idempotencyKey: string | undefined;

  constructor(init: ApiErrorInit, message?: string) {
    const requestId = typeof init.meta?.requestId === 'string' ? init.meta.requestId : undefined;
    super(
      message ??
        `${init.operationId} failed with ${init.status}${init.codigoRespuesta === undefined ? '' : ` (codigoRespuesta ${init.codigoRespuesta})`}: ${init.msj ?? 'no message'}${requestId ? ` [requestId ${requestId}]` : ''}`,
    );
    this.status = init.status;
    this.codigoRespuesta = init.codigoRespuesta;
    this.msj = init.msj;
    this.requestId = requestId;
    this.meta = init.meta;
    this.headers = init.headers;
    this.body = init.body;
    this.operationId = init.operationId;
    this.idempotencyKey = init.idempotencyKey;
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
    };
  }
}

export class BadRequestError extends LoyaltyApiError {
  override name = 'BadRequestError';
  readonly details: unknown;

  constructor(init: ApiErrorInit) {
    super(init);
    this.details = (init.body as { details?: unknown } | undefined)?.details;
    if (Array.isArray(this.details) && this.details.length > 0) {
      this.message += `. Invalid: ${this.details
        .map((detail: { in?: string; name?: string; message?: string }) =>
          [detail.in, detail.name]
            .filter(Boolean)
            .join('.')
            .concat(detail.message ? ` ${detail.message}` : ''),
        )
        .join('; ')}`;
    }
  }
}

export class AuthenticationError extends LoyaltyApiError {
  override name = 'AuthenticationError';

  constructor(init: ApiErrorInit) {
    super(init);
    this.message += '. Check the API key (apiKey option or LOYALTY_API_KEY).';
  }
}

export class PermissionDeniedError extends LoyaltyApiError {
  override name = 'PermissionDeniedError';
  readonly requiredScope: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init);
    const scope = init.meta?.requiredScope;
    this.requiredScope = typeof scope === 'string' ? scope : undefined;
    if (this.requiredScope) this.message += `. The key lacks the scope ${this.requiredScope}.`;
  }
}

export class NotFoundError extends LoyaltyApiError {
  override name = 'NotFoundError';
}

export class ConflictError extends LoyaltyApiError {
  override name = 'ConflictError';

  constructor(init: ApiErrorInit) {
    super(init);
    this.message +=
      '. The Idempotency-Key was already used with another request, or that request is still in flight.';
  }
}

export class UnprocessableEntityError extends LoyaltyApiError {
  override name = 'UnprocessableEntityError';
  readonly legacy: unknown;

  constructor(init: ApiErrorInit) {
    super(init);
    this.legacy = init.meta?.legacy;
  }
}

export class RateLimitError extends LoyaltyApiError {
  override name = 'RateLimitError';
  /** What the server asked to wait (Retry-After), in milliseconds; undefined when it did not say. */
  readonly retryAfterMs: number | undefined;

  constructor(init: ApiErrorInit, retryAfterMs: number | undefined) {
    super(init);
    this.retryAfterMs = retryAfterMs;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), retryAfterMs: this.retryAfterMs };
  }
}

export class InternalServerError extends LoyaltyApiError {
  override name = 'InternalServerError';
}

/** No HTTP answer arrived (connection refused, reset, DNS, TLS). */
export class LoyaltyConnectionError extends LoyaltyError {
  override name = 'LoyaltyConnectionError';
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
export class LoyaltyTimeoutError extends LoyaltyConnectionError {
  override name = 'LoyaltyTimeoutError';
}

/** The caller's `signal` fired; nothing more is sent. */
export class LoyaltyAbortError extends LoyaltyError {
  override name = 'LoyaltyAbortError';
}

import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  decideRetry,
  InternalServerError,
  LoyaltyAbortError,
  LoyaltyApiError,
  LoyaltyConnectionError,
  LoyaltyError,
  LoyaltyTimeoutError,
  LoyaltyValidationError,
  NotFoundError,
  PermissionDeniedError,
  parseRetryAfter,
  RateLimitError,
  type RetryPolicy,
  UnprocessableEntityError,
} from '../../src/index.js';

type ApiErrorInit = ConstructorParameters<typeof LoyaltyApiError>[0];

const POLICY: RetryPolicy = { maxRetries: 2, maxRetryAfterMs: 60_000, baseDelayMs: 500, maxDelayMs: 8_000 };
const NOW = Date.parse('2015-10-21T07:28:00Z');
const zero = () => 0;
const one = () => 1;

/** An answer's error fields, its Retry-After read at NOW as the client reads it on arrival. */
function init(status: number, headers: Record<string, string> = {}): ApiErrorInit {
  return {
    retryAfterMs: parseRetryAfter(headers['retry-after'], NOW),
    status,
    codigoRespuesta: 9000 + status,
    msj: 'x',
    meta: undefined,
    headers,
    body: undefined,
    operationId: 'clientes.puntos.add',
    idempotencyKey: undefined,
  };
}

/** The error the client makes of an answer with this status. */
function apiError(status: number, headers: Record<string, string> = {}): LoyaltyApiError {
  const i = init(status, headers);
  switch (status) {
    case 400:
      return new BadRequestError(i);
    case 401:
      return new AuthenticationError(i);
    case 403:
      return new PermissionDeniedError(i);
    case 404:
      return new NotFoundError(i);
    case 409:
      return new ConflictError(i);
    case 422:
      return new UnprocessableEntityError(i);
    case 429:
      return new RateLimitError(i);
    default:
      return status >= 500 ? new InternalServerError(i) : new LoyaltyApiError(i);
  }
}

/** A connection error as the transports give it: fetch's TypeError around the socket's error and its code. */
function connectionFailure(code: string): LoyaltyConnectionError {
  const socketError = Object.assign(new Error(code), { code });
  return new LoyaltyConnectionError(
    'op',
    undefined,
    code,
    new TypeError('fetch failed', { cause: socketError }),
  );
}

describe('decideRetry: what is retried (attempt 1 of maxRetries 2, random 0)', () => {
  const retried: [string, LoyaltyError][] = [
    ['408', apiError(408)],
    ['429', apiError(429)],
    ['500', apiError(500)],
    ['502', apiError(502)],
    ['503', apiError(503)],
    ['504', apiError(504)],
    ['a connection error', new LoyaltyConnectionError('op', undefined, 'ECONNRESET')],
    ['a connection reset', connectionFailure('ECONNRESET')],
    ['a refused connection', connectionFailure('ECONNREFUSED')],
    ['a timeout', new LoyaltyTimeoutError('op', undefined, 'timed out')],
  ];

  it.each(retried)('%s is retried after the first backoff step (250 ms)', (_label, error) => {
    expect(decideRetry(error, 1, POLICY, zero)).toEqual({ retry: true, delayMs: 250 });
  });

  const final: [string, LoyaltyError][] = [
    ['400', apiError(400)],
    ['401', apiError(401)],
    ['403', apiError(403)],
    ['404', apiError(404)],
    ['409', apiError(409)],
    ['422', apiError(422)],
    ['200 without an envelope', apiError(200)],
    ['a validation error', new LoyaltyValidationError('op', [])],
    ['an abort', new LoyaltyAbortError('aborted')],
    ['a plain LoyaltyError', new LoyaltyError('options')],
    ['a plain-HTTP server behind an https baseUrl', connectionFailure('ERR_SSL_WRONG_VERSION_NUMBER')],
    ['an expired certificate', connectionFailure('CERT_HAS_EXPIRED')],
    ['a certificate for another name', connectionFailure('ERR_TLS_CERT_ALTNAME_INVALID')],
  ];

  it.each(final)('%s is never retried', (_label, error) => {
    expect(decideRetry(error, 1, POLICY, zero).retry).toBe(false);
  });

  it.each([400, 401, 403, 404, 409, 422])('%i is not retried even with Retry-After: 0', (status) => {
    expect(decideRetry(apiError(status, { 'retry-after': '0' }), 1, POLICY, zero).retry).toBe(false);
  });
});

describe('decideRetry: attempts', () => {
  const rows: [number, number, boolean][] = [
    // [maxRetries, attempt that failed, retry?]
    [2, 1, true],
    [2, 2, true],
    [2, 3, false],
    [2, 4, false],
    [0, 1, false],
    [1, 1, true],
    [1, 2, false],
  ];

  it.each(rows)('with maxRetries %i, a failed attempt %i is retried: %s', (maxRetries, attempt, retry) => {
    const policy = { ...POLICY, maxRetries };
    expect(decideRetry(apiError(503), attempt, policy, zero).retry).toBe(retry);
    expect(decideRetry(new LoyaltyConnectionError('op', undefined, 'x'), attempt, policy, zero).retry).toBe(
      retry,
    );
  });
});

describe('decideRetry: Retry-After', () => {
  it('honours Retry-After seconds as the delay, whatever the random', () => {
    const error = apiError(429, { 'retry-after': '3' });
    expect(decideRetry(error, 1, POLICY, zero)).toEqual({ retry: true, delayMs: 3000 });
    expect(decideRetry(error, 1, POLICY, one)).toEqual({ retry: true, delayMs: 3000 });
  });

  it('honours Retry-After on a 503 too', () => {
    expect(decideRetry(apiError(503, { 'retry-after': '2' }), 1, POLICY, zero)).toEqual({
      retry: true,
      delayMs: 2000,
    });
  });

  it('honours Retry-After as an HTTP date, relative to now', () => {
    const error = apiError(429, { 'retry-after': 'Wed, 21 Oct 2015 07:28:05 GMT' });
    expect(decideRetry(error, 1, POLICY, zero)).toEqual({ retry: true, delayMs: 5000 });
  });

  it('retries at once when the Retry-After date is past', () => {
    const error = apiError(429, { 'retry-after': 'Wed, 21 Oct 2015 07:27:00 GMT' });
    expect(decideRetry(error, 1, POLICY, zero)).toEqual({ retry: true, delayMs: 0 });
  });

  it('retries after exactly maxRetryAfterMs', () => {
    const error = apiError(429, { 'retry-after': '60' });
    expect(decideRetry(error, 1, POLICY, zero)).toEqual({ retry: true, delayMs: 60_000 });
  });

  it('does not retry when Retry-After is beyond maxRetryAfterMs', () => {
    const error = apiError(429, { 'retry-after': '61' });
    expect(decideRetry(error, 1, POLICY, zero).retry).toBe(false);
  });

  it('does not retry when a Retry-After date is beyond maxRetryAfterMs', () => {
    const error = apiError(503, { 'retry-after': 'Wed, 21 Oct 2015 07:30:00 GMT' });
    expect(decideRetry(error, 1, { ...POLICY, maxRetryAfterMs: 119_999 }, zero).retry).toBe(false);
  });

  it('falls back to backoff when Retry-After is unreadable', () => {
    const error = apiError(429, { 'retry-after': 'soon' });
    expect(decideRetry(error, 1, POLICY, one)).toEqual({ retry: true, delayMs: 500 });
  });

  it('stops at maxRetries even when Retry-After asks to wait', () => {
    expect(decideRetry(apiError(429, { 'retry-after': '1' }), 3, POLICY, zero).retry).toBe(false);
  });
});

describe('decideRetry: backoff', () => {
  const policy = { ...POLICY, maxRetries: 10 };
  const rows: [number, number, number][] = [
    // [attempt, delay with random 0, delay with random 1]: [d/2, d], d = 500 * 2^(attempt-1), at most 8000
    [1, 250, 500],
    [2, 500, 1000],
    [3, 1000, 2000],
    [4, 2000, 4000],
    [5, 4000, 8000],
    [6, 4000, 8000],
    [10, 4000, 8000],
  ];

  it.each(rows)(
    'after attempt %i waits %i ms with random 0 and %i ms with random 1',
    (attempt, low, high) => {
      const error = apiError(500);
      expect(decideRetry(error, attempt, policy, zero)).toEqual({ retry: true, delayMs: low });
      expect(decideRetry(error, attempt, policy, one)).toEqual({ retry: true, delayMs: high });
    },
  );

  it('grows with the attempt, stays within [d/2, d] of its step and never exceeds maxDelayMs', () => {
    const error = new LoyaltyConnectionError('op', undefined, 'x');
    let previousCeiling = 0;
    for (let attempt = 1; attempt <= 10; attempt++) {
      const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
      expect(ceiling).toBeGreaterThanOrEqual(previousCeiling);
      previousCeiling = ceiling;
      for (const r of [0, 0.25, 0.5, 0.999, 1]) {
        const decision = decideRetry(error, attempt, policy, () => r);
        if (!decision.retry) throw new Error('expected a retry');
        expect(decision.delayMs).toBeGreaterThanOrEqual(ceiling / 2);
        expect(decision.delayMs).toBeLessThanOrEqual(ceiling);
        expect(decision.delayMs).toBeLessThanOrEqual(policy.maxDelayMs);
      }
    }
  });

  it('is a pure function: the same inputs give the same decision', () => {
    const error = apiError(502);
    expect(decideRetry(error, 2, policy, () => 0.3)).toEqual(decideRetry(error, 2, policy, () => 0.3));
  });
});

describe('parseRetryAfter', () => {
  const rows: [string | undefined, number | undefined][] = [
    [undefined, undefined],
    ['2', 2000],
    [' 2 ', 2000],
    ['0', 0],
    ['1.5', 1500],
    ['Wed, 21 Oct 2015 07:28:30 GMT', 30_000],
    ['Wed, 21 Oct 2015 07:27:30 GMT', 0],
    ['soon', undefined],
    ['', undefined],
  ];

  it.each(rows)('reads %j as %j ms', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });
});

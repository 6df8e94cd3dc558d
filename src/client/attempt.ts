import { counted } from '../core/index.js';
import type { CallObservation } from '../telemetry/index.js';
import type { CallContext, Throttle } from './call-context.js';
import { scrubSecretFromCause } from './cause-secret.js';
import { describeConnectionFailure } from './connection-failure.js';
import {
  LoyaltyAbortError,
  LoyaltyConnectionError,
  LoyaltyResponseTooLargeError,
  LoyaltyTimeoutError,
  sameKeyHint,
} from './errors.js';
import { redactHeaders } from './logger.js';
import type { PreparedCall } from './prepare.js';
import { type TransportResponse, TransportTimeoutError, TransportTooLargeError } from './transport.js';

/** What an attempt needs from its client: where to send, how, and where to log. */
type AttemptContext = Pick<CallContext, 'options' | 'transport' | 'logger'>;

export function abortError(operationId: string, signal: AbortSignal): LoyaltyAbortError {
  return new LoyaltyAbortError(`${operationId} was aborted by the caller's signal`, { cause: signal.reason });
}

/** A wait for a token shorter than this is no wait: telemetry does not report it. */
const NOTICEABLE_WAIT_MS = 1;

/**
 * Waits for the token an attempt needs, and tells the call's observation how long that took. The
 * caller's signal ending the wait ends the call as an abort does during a send; whatever else
 * the limiter fails with ends it as it is.
 */
export async function takeToken(
  throttle: Throttle,
  call: PreparedCall,
  observation?: CallObservation,
): Promise<void> {
  const started = observation ? performance.now() : 0;
  try {
    await throttle.limits.acquire(throttle.kind, call.signal);
    if (observation) {
      const waitedMs = performance.now() - started;
      if (waitedMs >= NOTICEABLE_WAIT_MS) observation.limiterWaited(throttle.kind, Math.round(waitedMs));
    }
  } catch (error) {
    if (call.signal?.aborted) throw abortError(call.operationId, call.signal);
    throw error;
  }
}

/**
 * The error of an answer over the call's limit: the limit and the option that sets it, and for a
 * keyed write that it may have been applied and that the same key makes sending it again safe.
 */
function tooLargeError(call: PreparedCall, error: TransportTooLargeError): LoyaltyResponseTooLargeError {
  const what =
    error.declaredBytes === undefined
      ? `more than ${counted(error.limitBytes, 'byte')} arrived`
      : `its Content-Length is ${error.declaredBytes} bytes`;
  const write =
    call.idempotencyKey === undefined
      ? ''
      : ` The write may have been applied. ${sameKeyHint(call.idempotencyKey)}`;
  return new LoyaltyResponseTooLargeError({
    operationId: call.operationId,
    idempotencyKey: call.idempotencyKey,
    limitBytes: error.limitBytes,
    receivedBytes: error.receivedBytes,
    declaredBytes: error.declaredBytes,
    message:
      `${call.operationId}: the answer is larger than maxResponseBytes (${counted(error.limitBytes, 'byte')}): ${what}, ` +
      'and the SDK stopped reading it. No answer of this API is that large: check baseUrl, or raise ' +
      `maxResponseBytes (client or request option) if you expect it.${write}`,
  });
}

/** The SDK error for a send that got no whole answer: the caller's abort, a timeout, a connection failure, or too large an answer. */
function noAnswerError(
  context: AttemptContext,
  call: PreparedCall,
  attemptNumber: number,
  error: unknown,
): LoyaltyAbortError | LoyaltyConnectionError | LoyaltyResponseTooLargeError {
  if (call.signal?.aborted) return abortError(call.operationId, call.signal);
  if (error instanceof TransportTooLargeError) return tooLargeError(call, error);
  if (error instanceof TransportTimeoutError) {
    return new LoyaltyTimeoutError(
      call.operationId,
      call.idempotencyKey,
      `${call.operationId} timed out after ${call.timeoutMs} ms (attempt ${attemptNumber}); raise timeoutMs if the service is slow`,
    );
  }
  scrubSecretFromCause(error, context.options.apiKey);
  return new LoyaltyConnectionError(
    call.operationId,
    call.idempotencyKey,
    `${call.operationId}: no answer from ${new URL(context.options.origin).host}: ${describeConnectionFailure(error, context.options)}`,
    error,
  );
}

/** One attempt: send, read the whole body within the timeout, and turn failures into SDK errors. */
export async function sendAttempt(
  context: AttemptContext,
  call: PreparedCall,
  attemptNumber: number,
): Promise<TransportResponse> {
  const { signal } = call;
  if (signal?.aborted) throw abortError(call.operationId, signal);
  const { origin } = context.options;
  if (context.logger.enabled('debug')) {
    context.logger.debug(`loyalty-sdk -> ${call.method} ${origin}${call.path} (attempt ${attemptNumber})`, {
      headers: redactHeaders(call.headers),
    });
  }
  try {
    return await context.transport({
      method: call.method,
      origin,
      path: call.path,
      headers: call.headers,
      body: call.body,
      timeoutMs: call.timeoutMs,
      signal,
      maxResponseBytes: call.maxResponseBytes,
    });
  } catch (error) {
    throw noAnswerError(context, call, attemptNumber, error);
  }
}

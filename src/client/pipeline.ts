import { maskSecretIn } from '../core/index.js';
import { limiterKeyId } from '../limits/key-id.js';
import type { KeyLimiter, Limiter, LimitKind } from '../limits/limiter.js';
import type { OperationRow } from '../operations/define.js';
import type { EnvelopeMeta } from '../operations/envelope.js';
import type { CallObservation, CallObserver, ObservedCall } from '../telemetry/index.js';
import { type ApiResponse, CallResponse, isReplay } from './api-promise.js';
import { type AttemptContext, sendAttempt, type Throttle, takeToken } from './attempt.js';
import { logAnswer, logFailure } from './call-log.js';
import { decodeResponse } from './decode.js';
import { LoyaltyApiError } from './errors.js';
import type { LevelledLogger } from './logger.js';
import type { RequestOptions, ResolvedOptions } from './options.js';
import {
  type CallDefaults,
  type OperationInput,
  type PreparedCall,
  prepareCall,
  prepareHelpCall,
} from './prepare.js';
import { NO_OPTIONS } from './request-options.js';
import { withRetries } from './retry-loop.js';
import type { Transport, TransportResponse } from './transport.js';

/** Everything a call needs from its client; one per client, shared by its calls. */
export interface PipelineContext extends CallDefaults, AttemptContext {
  /** What a call of each kind takes from the client's limiter; undefined without one. */
  throttles: Record<LimitKind, Throttle> | undefined;
  /** Spans, metrics and channel events of the client's calls; undefined with `telemetry: false`. */
  observer: CallObserver | undefined;
  /** Each operation as telemetry sees it, made once per client. */
  observedCalls: Map<string, ObservedCall>;
}

/** The buckets of a key whose id is still being hashed (Web Crypto): each use waits for it. */
function onceHashed(limits: Promise<KeyLimiter>): KeyLimiter {
  return {
    acquire: (kind, signal) => limits.then((ready) => ready.acquire(kind, signal)),
    pause: (kind, ms) => limits.then((ready) => ready.pause(kind, ms)),
  };
}

/** The limiter's buckets of the client's key, known to the limiter by the key's id alone. */
function throttlesOf(limiter: Limiter | undefined, apiKey: string): Record<LimitKind, Throttle> | undefined {
  if (limiter === undefined) return undefined;
  const keyId = limiterKeyId(apiKey);
  const limits =
    typeof keyId === 'string' ? limiter.forKey(keyId) : onceHashed(keyId.then((id) => limiter.forKey(id)));
  return { request: { limits, kind: 'request' }, groupAction: { limits, kind: 'groupAction' } };
}

export function createPipelineContext(
  options: ResolvedOptions,
  transport: Transport,
  logger: LevelledLogger,
  observer: CallObserver | undefined,
): PipelineContext {
  return {
    options,
    transport,
    logger,
    observer,
    observedCalls: new Map(),
    throttles: throttlesOf(options.limiter, options.apiKey),
    policy: {
      maxRetries: options.maxRetries,
      maxRetryAfterMs: options.maxRetryAfterMs,
      baseDelayMs: options.retryBaseDelayMs,
      maxDelayMs: options.retryMaxDelayMs,
    },
  };
}

/** A successful answer's envelope as the caller sees it; a failure is thrown as its error. */
function answerOf<Data>(
  context: PipelineContext,
  call: PreparedCall,
  response: TransportResponse,
  last: LastAnswer,
): ApiResponse<Data> {
  if (context.logger.enabled('info'))
    logAnswer(context.logger, call.operationId, response.status, isReplay(response, call.idempotencyKey));
  last.status = response.status;
  const { data, meta } = decodeResponse(response, call, context.options);
  last.requestId = typeof meta?.requestId === 'string' ? meta.requestId : undefined;
  return new CallResponse(data as Data, meta as EnvelopeMeta, response, call.idempotencyKey);
}

/** The last answer of a call, as its attempts see it: for the call's span and channel message. */
interface LastAnswer {
  status: number | undefined;
  requestId: string | undefined;
}

/** What one attempt does with the prepared call once it may be sent. */
type Send<Result> = (call: PreparedCall, attemptNumber: number, last: LastAnswer) => Promise<Result>;

/** One attempt, inside its span when the call is observed. */
async function observedAttempt<Result>(
  observation: CallObservation,
  attemptNumber: number,
  last: LastAnswer,
  send: () => Promise<Result>,
): Promise<Result> {
  const attempt = observation.attempt(attemptNumber);
  try {
    const result = await attempt.run(send);
    attempt.end(last.status, undefined);
    return result;
  } catch (error) {
    attempt.end(last.status, error);
    throw error;
  }
}

/**
 * The request id telemetry reports, masked: a service may echo the key in it, and the span and
 * the channel's message leave the process. An error's was masked with the rest of its answer.
 */
function requestIdOf(error: unknown, last: LastAnswer, apiKey: string): string | undefined {
  if (error instanceof LoyaltyApiError && error.requestId !== undefined) return error.requestId;
  return last.requestId === undefined ? undefined : maskSecretIn(last.requestId, apiKey);
}

/**
 * The attempts of one call: with a limiter, a token before each; the retry loop between them;
 * the failure the call ends with (its input refused included) logged once, with the attempts sent.
 */
async function runAttempts<Result>(
  context: PipelineContext,
  name: string,
  prepare: () => PreparedCall,
  throttle: Throttle | undefined,
  send: Send<Result>,
  observation: CallObservation | undefined,
): Promise<Result> {
  let attempts = 0;
  const last: LastAnswer = { status: undefined, requestId: undefined };
  try {
    const call = prepare();
    // The same trace context on every attempt: the attempts still send the same bytes.
    if (observation?.headers) Object.assign(call.headers, observation.headers);
    const start = (attemptNumber: number): Promise<Result> => {
      // An attempt the caller's signal stops before it starts sends nothing.
      if (!call.signal?.aborted) attempts = attemptNumber;
      last.status = undefined;
      if (observation === undefined) return send(call, attemptNumber, last);
      return observedAttempt(observation, attemptNumber, last, () => send(call, attemptNumber, last));
    };
    // Without a limiter an attempt starts at once: no await between the retry loop and the send.
    const attempt =
      throttle === undefined
        ? start
        : (attemptNumber: number) => takeToken(throttle, call, observation).then(() => start(attemptNumber));
    const result = await withRetries(call, context.logger, attempt, throttle, observation);
    observation?.end({
      status: last.status,
      requestId: requestIdOf(undefined, last, context.options.apiKey),
      attempts,
      error: undefined,
    });
    return result;
  } catch (error) {
    logFailure(context.logger, name, error, attempts);
    observation?.end({
      status: last.status,
      requestId: requestIdOf(error, last, context.options.apiKey),
      attempts,
      error,
    });
    throw error;
  }
}

/** A call as telemetry sees it: the operation and where it goes, never what it sends. */
function observedCall(context: PipelineContext, operation: OperationRow): ObservedCall {
  const known = context.observedCalls.get(operation.id);
  if (known) return known;
  const { origin, basePath } = context.options;
  const url = new URL(origin);
  const observed: ObservedCall = {
    operationId: operation.id,
    method: operation.method,
    urlTemplate: `${basePath}${operation.path}`,
    serverAddress: url.hostname,
    serverPort: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80,
  };
  context.observedCalls.set(operation.id, observed);
  return observed;
}

/**
 * Runs the call's attempts, observed when the client's telemetry records this call. Not async
 * itself, so a call has one promise fewer, observed or not; a throw of the observer is returned
 * as a rejection all the same (runAttempts never throws synchronously).
 */
function runCall<Result>(
  context: PipelineContext,
  operation: OperationRow,
  name: string,
  prepare: () => PreparedCall,
  throttle: Throttle | undefined,
  send: Send<Result>,
): Promise<Result> {
  const { observer } = context;
  try {
    const observation = observer?.start(observedCall(context, operation));
    if (observation === undefined) return runAttempts(context, name, prepare, throttle, send, undefined);
    return observation.run(() => runAttempts(context, name, prepare, throttle, send, observation));
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * One SDK method call: validate and build (prepare), then attempts until one succeeds or the
 * retry decision says stop; each attempt sends, decodes the envelope and maps a failure to its error.
 */
export function execute<Data>(
  context: PipelineContext,
  operation: OperationRow,
  input: OperationInput,
  options: RequestOptions = NO_OPTIONS,
): Promise<ApiResponse<Data>> {
  const throttle = context.throttles?.[operation.groupAction ? 'groupAction' : 'request'];
  return runCall(
    context,
    operation,
    operation.id,
    () => prepareCall(context, operation, input, options),
    throttle,
    async (call, attemptNumber, last) =>
      answerOf<Data>(context, call, await sendAttempt(context, call, attemptNumber), last),
  );
}

/** `?help=true` on an operation: its plain-text help. */
export function executeHelp(
  context: PipelineContext,
  operation: OperationRow,
  options: RequestOptions = NO_OPTIONS,
): Promise<string> {
  // Help is answered before the group action limit (the server's steps): a plain request.
  return runCall(
    context,
    operation,
    `${operation.id} help`,
    () => prepareHelpCall(context, operation, options),
    context.throttles?.request,
    async (call, attemptNumber, last) => {
      const response = await sendAttempt(context, call, attemptNumber);
      logAnswer(context.logger, call.operationId, response.status);
      last.status = response.status;
      // A failure answers with the envelope; decodeResponse throws the error it stands for.
      if (response.status < 200 || response.status >= 300) decodeResponse(response, call, context.options);
      return response.text;
    },
  );
}

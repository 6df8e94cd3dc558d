import { limiterKeyId } from '../limits/key-id.js';
import type { Limiter, LimitKind } from '../limits/limiter.js';
import type { OperationDefinition } from '../operations/define.js';
import type { EnvelopeMeta } from '../operations/envelope.js';
import type { ApiResponse } from './api-promise.js';
import { type AttemptContext, sendAttempt, type Throttle, takeToken } from './attempt.js';
import { logAnswer, logFailure } from './call-log.js';
import { decodeResponse } from './decode.js';
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
}

/** The limiter's buckets of the client's key, known to the limiter by the key's id alone. */
function throttlesOf(limiter: Limiter | undefined, apiKey: string): Record<LimitKind, Throttle> | undefined {
  if (limiter === undefined) return undefined;
  const limits = limiter.forKey(limiterKeyId(apiKey));
  return { request: { limits, kind: 'request' }, groupAction: { limits, kind: 'groupAction' } };
}

export function createPipelineContext(
  options: ResolvedOptions,
  transport: Transport,
  logger: LevelledLogger,
): PipelineContext {
  return {
    options,
    transport,
    logger,
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
): ApiResponse<Data> {
  logAnswer(context.logger, call.operationId, response.status);
  const { data, meta } = decodeResponse(response, call, context.options);
  return {
    data: data as Data,
    meta: meta as EnvelopeMeta,
    status: response.status,
    headers: response.headers,
    idempotencyKey: call.idempotencyKey,
  };
}

/** What one attempt does with the prepared call once it may be sent. */
type Send<Result> = (call: PreparedCall, attemptNumber: number) => Promise<Result>;

/**
 * The attempts of one call: with a limiter, a token before each; the retry loop between them;
 * the failure the call ends with (its input refused included) logged once, with the attempts sent.
 */
async function runCall<Result>(
  context: PipelineContext,
  name: string,
  prepare: () => PreparedCall,
  throttle: Throttle | undefined,
  send: Send<Result>,
): Promise<Result> {
  let attempts = 0;
  try {
    const call = prepare();
    const attempt = async (attemptNumber: number) => {
      if (throttle !== undefined) await takeToken(throttle, call);
      // An attempt the caller's signal stops before it starts sends nothing.
      if (!call.signal?.aborted) attempts = attemptNumber;
      return send(call, attemptNumber);
    };
    return await withRetries(call, context.logger, attempt, throttle);
  } catch (error) {
    logFailure(context.logger, name, error, attempts);
    throw error;
  }
}

/**
 * One SDK method call: validate and build (prepare), then attempts until one succeeds or the
 * retry decision says stop; each attempt sends, decodes the envelope and maps a failure to its error.
 */
export function execute<Data>(
  context: PipelineContext,
  operation: OperationDefinition,
  input: OperationInput,
  options: RequestOptions = NO_OPTIONS,
): Promise<ApiResponse<Data>> {
  const throttle = context.throttles?.[operation.groupAction ? 'groupAction' : 'request'];
  return runCall(
    context,
    operation.id,
    () => prepareCall(context, operation, input, options),
    throttle,
    async (call, attemptNumber) =>
      answerOf<Data>(context, call, await sendAttempt(context, call, attemptNumber)),
  );
}

/** `?help=true` on an operation: its plain-text help. */
export function executeHelp(
  context: PipelineContext,
  operation: OperationDefinition,
  options: RequestOptions = NO_OPTIONS,
): Promise<string> {
  // Help is answered before the group action limit (the server's steps): a plain request.
  return runCall(
    context,
    `${operation.id} help`,
    () => prepareHelpCall(context, operation, options),
    context.throttles?.request,
    async (call, attemptNumber) => {
      const response = await sendAttempt(context, call, attemptNumber);
      logAnswer(context.logger, call.operationId, response.status);
      // A failure answers with the envelope; decodeResponse throws the error it stands for.
      if (response.status < 200 || response.status >= 300) decodeResponse(response, call, context.options);
      return response.text;
    },
  );
}

import type { OperationDefinition } from '../operations/define.js';
import type { EnvelopeMeta } from '../operations/envelope.js';
import type { ApiResponse } from './api-promise.js';
import { type AttemptContext, sendAttempt } from './attempt.js';
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
import { DEFAULT_RETRY_POLICY } from './retry.js';
import { withRetries } from './retry-loop.js';
import type { Transport, TransportResponse } from './transport.js';

/** Everything a call needs from its client; one per client, shared by its calls. */
export interface PipelineContext extends CallDefaults, AttemptContext {}

export function createPipelineContext(
  options: ResolvedOptions,
  transport: Transport,
  logger: LevelledLogger,
): PipelineContext {
  return {
    options,
    transport,
    logger,
    policy: {
      ...DEFAULT_RETRY_POLICY,
      maxRetries: options.maxRetries,
      maxRetryAfterMs: options.maxRetryAfterMs,
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

/**
 * One SDK method call: validate and build (prepare), then attempts until one succeeds or the
 * retry decision says stop; each attempt sends, decodes the envelope and maps a failure to its error.
 */
export async function execute<Data>(
  context: PipelineContext,
  operation: OperationDefinition,
  input: OperationInput,
  options: RequestOptions = NO_OPTIONS,
): Promise<ApiResponse<Data>> {
  let attempts = 0;
  try {
    const call = prepareCall(context, operation, input, options);
    return await withRetries(call, context.logger, async (attemptNumber) => {
      // An attempt the caller's signal stops before it starts sends nothing.
      if (!call.signal?.aborted) attempts = attemptNumber;
      return answerOf<Data>(context, call, await sendAttempt(context, call, attemptNumber));
    });
  } catch (error) {
    logFailure(context.logger, operation.id, error, attempts);
    throw error;
  }
}

/** `?help=true` on an operation: its plain-text help. */
export async function executeHelp(
  context: PipelineContext,
  operation: OperationDefinition,
  options: RequestOptions = NO_OPTIONS,
): Promise<string> {
  let attempts = 0;
  try {
    const call = prepareHelpCall(context, operation, options);
    return await withRetries(call, context.logger, async (attemptNumber) => {
      if (!call.signal?.aborted) attempts = attemptNumber;
      const response = await sendAttempt(context, call, attemptNumber);
      logAnswer(context.logger, call.operationId, response.status);
      // A failure answers with the envelope; decodeResponse throws the error it stands for.
      if (response.status < 200 || response.status >= 300) decodeResponse(response, call, context.options);
      return response.text;
    });
  } catch (error) {
    logFailure(context.logger, `${operation.id} help`, error, attempts);
    throw error;
  }
}

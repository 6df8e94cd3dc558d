import type { OperationDefinition } from '../operations/define.js';
import type { EnvelopeMeta } from '../operations/envelope.js';
import type { ApiResponse } from './api-promise.js';
import { type AttemptContext, sendAttempt } from './attempt.js';
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
  const { data, meta } = decodeResponse(response, call.operationId, call.idempotencyKey);
  if (context.logger.enabled('info')) {
    context.logger.info(`loyalty-sdk <- ${response.status} ${call.operationId}`);
  }
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
  const call = prepareCall(context, operation, input, options);
  return withRetries(call, context.logger, async (attemptNumber) =>
    answerOf<Data>(context, call, await sendAttempt(context, call, attemptNumber)),
  );
}

/** `?help=true` on an operation: its plain-text help. */
export async function executeHelp(
  context: PipelineContext,
  operation: OperationDefinition,
  options: RequestOptions = NO_OPTIONS,
): Promise<string> {
  const call = prepareHelpCall(context, operation, options);
  return withRetries(call, context.logger, async (attemptNumber) => {
    const response = await sendAttempt(context, call, attemptNumber);
    // A failure answers with the envelope; decodeResponse throws the error it stands for.
    if (response.status < 200 || response.status >= 300)
      decodeResponse(response, call.operationId, undefined);
    return response.text;
  });
}

import { maskSecretIn } from '../core/index.js';
import { waitFor } from '../limits/wait.js';
import type { OperationRow } from '../operations/define.js';
import type { EnvelopeMeta } from '../operations/envelope.js';
import type { CallObservation, CallOutcome, ObservedCall } from '../telemetry/index.js';
import { type ApiResponse, CallResponse, isReplay } from './api-promise.js';
import { abortError, sendAttempt, takeToken } from './attempt.js';
import type { CallContext, Throttle } from './call-context.js';
import { logAnswer, logFailure, logRetry } from './call-log.js';
import { decodeResponse } from './decode.js';
import { gaveUp, LoyaltyApiError, type LoyaltyError } from './errors.js';
import type { LevelledLogger } from './logger.js';
import type { RequestOptions } from './options.js';
import {
  NO_OPTIONS,
  type OperationInput,
  type PreparedCall,
  prepareCall,
  prepareHelpCall,
} from './prepare.js';
import { backoffDelay, decideRetry, type RetryDecision, type RetryPolicy } from './retry.js';
import type { TransportResponse } from './transport.js';

/*
 * One SDK call, from a resource method's arguments to its decoded answer (docs/architecture.md,
 * "One client call"): `prepareCall` validates and builds what every attempt sends; each
 * attempt is `sendAttempt` then a read of the answer (`decodeResponse`); between attempts the
 * pure `decideRetry` says whether and when. The limiter and telemetry join where they are named.
 */

/** How a call reads a whole answer into what it resolves to; throws the error a failure stands for. */
type Read = (context: CallContext, call: PreparedCall, response: TransportResponse) => CallResponse<unknown>;

/** What differs between an operation's call and its help: the name in the log, what is sent, how it is read. */
interface CallPlan {
  name: string;
  prepare: () => PreparedCall;
  read: Read;
}

/** An operation's answer: the envelope's `data` and `meta`, or the error it stands for. */
const readOperationAnswer: Read = (context, call, response) => {
  if (context.logger.enabled('info'))
    logAnswer(context.logger, call.operationId, response.status, isReplay(response, call.idempotencyKey));
  const { data, meta } = decodeResponse(response, call, context.options);
  return new CallResponse(data, meta as EnvelopeMeta, response, call.idempotencyKey);
};

/** An operation's help: its plain text; a failure answers with the envelope, read as an error. */
const readHelp: Read = (context, call, response) => {
  logAnswer(context.logger, call.operationId, response.status);
  if (response.status < 200 || response.status >= 300) decodeResponse(response, call, context.options);
  return new CallResponse(response.text, {} as EnvelopeMeta, response, undefined);
};

/** One SDK method call: `client.clientes.puntos.add(...)` ends here. */
export function execute<Data>(
  context: CallContext,
  operation: OperationRow,
  input: OperationInput,
  options: RequestOptions = NO_OPTIONS,
): Promise<ApiResponse<Data>> {
  const prepare = () => prepareCall(context, operation, input, options);
  return runCall(context, operation, { name: operation.id, prepare, read: readOperationAnswer }) as Promise<
    ApiResponse<Data>
  >;
}

/** `?help=true` on an operation: its plain-text help. */
export function executeHelp(
  context: CallContext,
  operation: OperationRow,
  options: RequestOptions = NO_OPTIONS,
): Promise<string> {
  const prepare = () => prepareHelpCall(context, operation, options);
  return runCall(context, operation, { name: `${operation.id} help`, prepare, read: readHelp }).then(
    (answer) => answer.data as string,
  );
}

/**
 * The call, observed when the client's telemetry records it. Not async itself, so an unobserved
 * call has no promise of its own; a throw of the observer is returned as a rejection all the same.
 */
function runCall(
  context: CallContext,
  operation: OperationRow,
  plan: CallPlan,
): Promise<CallResponse<unknown>> {
  try {
    const observation = context.observer?.start(observedCall(context, operation));
    if (observation === undefined) return runAttempts(context, plan, undefined);
    return observation.run(() => runAttempts(context, plan, observation));
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * Prepares the call, then sends its attempts until one is answered or `decideRetry` says stop.
 * The failure the call ends with (its input refused included) is logged once, with the attempts sent.
 */
async function runAttempts(
  context: CallContext,
  plan: CallPlan,
  observation: CallObservation | undefined,
): Promise<CallResponse<unknown>> {
  let attempts = 0;
  try {
    const call = plan.prepare();
    // The same trace context on every attempt: the attempts still send the same bytes.
    if (observation?.headers) Object.assign(call.headers, observation.headers);
    const witnesses = { logger: context.logger, throttle: context.throttles?.[call.limitKind], observation };
    const send = async (attemptNumber: number) => {
      // An attempt the caller's signal stops before it starts sends nothing.
      if (!call.signal?.aborted) attempts = attemptNumber;
      return plan.read(context, call, await sendAttempt(context, call, attemptNumber));
    };
    const answer = await withRetries(
      call,
      (attemptNumber) => oneAttempt(call, attemptNumber, send, witnesses),
      witnesses,
    );
    observation?.end(callOutcome(answer, undefined, attempts, context.options.apiKey));
    return answer;
  } catch (error) {
    logFailure(context.logger, plan.name, error, attempts);
    observation?.end(callOutcome(undefined, error, attempts, context.options.apiKey));
    throw error;
  }
}

/** One attempt: a token first when the client has a limiter, then `send`, in its span when observed. */
function oneAttempt(
  call: PreparedCall,
  attemptNumber: number,
  send: (attemptNumber: number) => Promise<CallResponse<unknown>>,
  { throttle, observation }: RetryWitnesses,
): Promise<CallResponse<unknown>> {
  const observed =
    observation === undefined
      ? () => send(attemptNumber)
      : () => observedAttempt(observation, attemptNumber, () => send(attemptNumber));
  // Without a limiter the attempt starts at once: no await between the retry loop and the send.
  if (throttle === undefined) return observed();
  return takeToken(throttle, call, observation).then(observed);
}

/** The status an attempt or call ended with, as telemetry reports it: its answer's, or its error's. */
function statusOf(answer: CallResponse<unknown> | undefined, error: unknown): number | undefined {
  if (answer !== undefined) return answer.status;
  return error instanceof LoyaltyApiError ? error.status : undefined;
}

/** One attempt inside its span. */
async function observedAttempt(
  observation: CallObservation,
  attemptNumber: number,
  send: () => Promise<CallResponse<unknown>>,
): Promise<CallResponse<unknown>> {
  const attempt = observation.attempt(attemptNumber);
  try {
    const answer = await attempt.run(send);
    attempt.end(answer.status, undefined);
    return answer;
  } catch (error) {
    attempt.end(statusOf(undefined, error), error);
    throw error;
  }
}

/**
 * How the call ended, for its span and channel message. The request id is masked: a service may
 * echo the key in it, and both leave the process (an error's was masked with the rest of its answer).
 */
function callOutcome(
  answer: CallResponse<unknown> | undefined,
  error: unknown,
  attempts: number,
  apiKey: string,
): CallOutcome {
  const echoed = answer?.meta.requestId;
  const requestId =
    error instanceof LoyaltyApiError
      ? error.requestId
      : typeof echoed === 'string'
        ? maskSecretIn(echoed, apiKey)
        : undefined;
  return { status: statusOf(answer, error), requestId, attempts, error };
}

/** A call as telemetry sees it: the operation and where it goes, never what it sends. */
function observedCall(context: CallContext, operation: OperationRow): ObservedCall {
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

/** What the retry loop needs of a prepared call: a name for messages, its policy and the caller's signal. */
export type RetriedCall = Pick<PreparedCall, 'operationId' | 'policy' | 'signal'>;

/** Who hears of a failed attempt: the log; the limiter's bucket (a 429); the call's telemetry. */
export interface RetryWitnesses {
  logger: LevelledLogger;
  throttle?: Throttle | undefined;
  observation?: CallObservation | undefined;
}

/**
 * Runs `attempt` until it succeeds or `decideRetry` says stop, then throws the last failure; the
 * wait before each further attempt is `decideRetry`'s (Retry-After, else backoff with jitter).
 */
export async function withRetries<Result>(
  call: RetriedCall,
  attempt: (attemptNumber: number) => Promise<Result>,
  witnesses: RetryWitnesses,
): Promise<Result> {
  for (let attemptNumber = 1; ; attemptNumber++) {
    try {
      return await attempt(attemptNumber);
    } catch (error) {
      await waitOrStop(call, error as Error, attemptNumber, witnesses);
    }
  }
}

/**
 * After a failed attempt: a 429 pauses the limiter's bucket, if the client has one, whether or
 * not this call tries again; then wait as `decideRetry` says, or throw the failure when it says stop.
 */
async function waitOrStop(call: RetriedCall, error: Error, attemptNumber: number, witnesses: RetryWitnesses) {
  const decision = decideRetry(error as LoyaltyError, attemptNumber, call.policy);
  const { throttle, observation } = witnesses;
  if (throttle !== undefined && error instanceof LoyaltyApiError && error.status === 429) {
    await throttle.limits.pause(throttle.kind, pauseAfter(error, decision, call.policy, attemptNumber));
  }
  if (!decision.retry) throw gaveUp(error, attemptNumber);
  logRetry(witnesses.logger, call.operationId, attemptNumber, error, decision.delayMs);
  observation?.retrying(attemptNumber, decision.delayMs, error);
  await waitFor(decision.delayMs, call.signal).catch(() => {
    throw abortError(call.operationId, call.signal as AbortSignal);
  });
}

/**
 * How long a 429 pauses every sharer of the limiter: its Retry-After, else the backoff of this
 * retry. Never longer than the client itself would wait (`maxRetryAfterMs`): a sharer would
 * rather fail on its own 429 than wait longer than its policy allows.
 */
function pauseAfter(error: LoyaltyApiError, decision: RetryDecision, policy: RetryPolicy, attempt: number) {
  const ms =
    error.retryAfterMs ?? (decision.retry ? decision.delayMs : backoffDelay(attempt, policy, Math.random));
  return Math.min(ms, policy.maxRetryAfterMs);
}

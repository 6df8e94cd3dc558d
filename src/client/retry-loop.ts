import { waitFor } from '../limits/wait.js';
import type { CallObservation } from '../telemetry/index.js';
import { abortError, type Throttle } from './attempt.js';
import { logRetry } from './call-log.js';
import { gaveUp, LoyaltyApiError, type LoyaltyError } from './errors.js';
import type { LevelledLogger } from './logger.js';
import { backoffDelay, decideRetry, parseRetryAfter, type RetryDecision, type RetryPolicy } from './retry.js';

/** What the loop needs of a prepared call: a name for messages, its policy and the caller's signal. */
export interface RetriedCall {
  operationId: string;
  policy: RetryPolicy;
  signal: AbortSignal | undefined;
}

/** Waits `ms`, or rejects with LoyaltyAbortError as soon as the caller's signal fires. */
function pause(ms: number, call: RetriedCall): Promise<void> {
  return waitFor(ms, call.signal).catch(() => {
    throw abortError(call.operationId, call.signal as AbortSignal);
  });
}

/**
 * How long a 429 pauses every sharer of the limiter: its Retry-After, else the backoff of this
 * retry. Never longer than the client itself would wait (`maxRetryAfterMs`): a sharer would
 * rather fail on its own 429 than wait longer than its policy allows.
 */
function pauseAfter(error: LoyaltyApiError, decision: RetryDecision, policy: RetryPolicy, attempt: number) {
  const retryAfterMs = parseRetryAfter(error.headers['retry-after'], Date.now());
  const ms = retryAfterMs ?? (decision.retry ? decision.delayMs : backoffDelay(attempt, policy, Math.random));
  return Math.min(ms, policy.maxRetryAfterMs);
}

/**
 * After a failed attempt: a 429 pauses the limiter's bucket, if the client has one, whether or
 * not this call tries again; then wait as `decideRetry` says, or throw the failure when it says stop.
 */
async function waitOrStop(
  call: RetriedCall,
  logger: LevelledLogger,
  error: Error,
  attemptNumber: number,
  throttle: Throttle | undefined,
  observation: CallObservation | undefined,
) {
  const decision = decideRetry(error as LoyaltyError, attemptNumber, call.policy);
  if (throttle !== undefined && error instanceof LoyaltyApiError && error.status === 429) {
    await throttle.limits.pause(throttle.kind, pauseAfter(error, decision, call.policy, attemptNumber));
  }
  if (!decision.retry) throw gaveUp(error, attemptNumber);
  logRetry(logger, call.operationId, attemptNumber, error, decision.delayMs);
  observation?.retrying(attemptNumber, decision.delayMs, error);
  await pause(decision.delayMs, call);
}

/**
 * Runs `attempt` until it succeeds or `decideRetry` says stop, then throws the last failure; the
 * wait before each further attempt is `decideRetry`'s (Retry-After, else backoff with jitter).
 * Every attempt sends the call's prepared bytes and key. `throttle`, when the client has a
 * limiter, is told of each 429; `observation`, when telemetry records the call, of each retry.
 */
export async function withRetries<Result>(
  call: RetriedCall,
  logger: LevelledLogger,
  attempt: (attemptNumber: number) => Promise<Result>,
  throttle?: Throttle,
  observation?: CallObservation,
): Promise<Result> {
  for (let attemptNumber = 1; ; attemptNumber++) {
    try {
      return await attempt(attemptNumber);
    } catch (error) {
      await waitOrStop(call, logger, error as Error, attemptNumber, throttle, observation);
    }
  }
}

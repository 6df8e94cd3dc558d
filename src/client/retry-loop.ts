import pRetry from 'p-retry';
import { abortError } from './attempt.js';
import { logRetry } from './call-log.js';
import type { LoyaltyError } from './errors.js';
import type { LevelledLogger } from './logger.js';
import { decideRetry, type RetryPolicy } from './retry.js';

/** What the loop needs of a prepared call: a name for messages, its policy and the caller's signal. */
export interface RetriedCall {
  operationId: string;
  policy: RetryPolicy;
  signal: AbortSignal | undefined;
}

/** Waits `ms`, or rejects with LoyaltyAbortError as soon as the caller's signal fires. */
function pause(ms: number, call: RetriedCall): Promise<void> {
  const { signal } = call;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(call.operationId, signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(call.operationId, signal as AbortSignal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** After a failed attempt: wait as `decideRetry` says, or throw the failure when it says stop. */
async function waitOrStop(call: RetriedCall, logger: LevelledLogger, error: Error, attemptNumber: number) {
  const decision = decideRetry(error as LoyaltyError, attemptNumber, call.policy);
  if (!decision.retry) throw error;
  logRetry(logger, call.operationId, attemptNumber, error, decision.delayMs);
  await pause(decision.delayMs, call);
}

/**
 * Runs `attempt` until it succeeds or `decideRetry` says stop, then throws the last failure.
 * The first attempt runs bare: setting up p-retry costs a call about as much CPU as the rest of
 * its client-side work (docs/decisions.md, "Retry loop"), and most calls succeed at once. After
 * a failure p-retry runs and counts the further attempts; the wait before each is `decideRetry`'s
 * (Retry-After, else backoff with jitter), slept in `onFailedAttempt`, so p-retry's own backoff is
 * zero. Every attempt sends the call's prepared bytes and key.
 */
export async function withRetries<Result>(
  call: RetriedCall,
  logger: LevelledLogger,
  attempt: (attemptNumber: number) => Promise<Result>,
): Promise<Result> {
  try {
    return await attempt(1);
  } catch (error) {
    await waitOrStop(call, logger, error as Error, 1);
  }
  return pRetry((retry) => attempt(retry + 1), {
    retries: call.policy.maxRetries - 1,
    minTimeout: 0,
    maxTimeout: 0,
    onFailedAttempt: ({ error, attemptNumber }) => waitOrStop(call, logger, error, attemptNumber + 1),
  });
}

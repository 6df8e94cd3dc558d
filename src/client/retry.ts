import { isLastingTlsFailure } from './connection-failure.js';
import { LoyaltyApiError, LoyaltyConnectionError, type LoyaltyError } from './errors.js';

export interface RetryPolicy {
  maxRetries: number;
  /** Longest Retry-After the client waits for; a longer one ends the call with the error. */
  maxRetryAfterMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 2,
  maxRetryAfterMs: 60_000,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
};

export type RetryDecision = { retry: true; delayMs: number } | { retry: false; reason: string };

const RETRYABLE_STATUSES = new Set([408, 429]);

function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status) || status >= 500;
}

/** `Retry-After` as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Exponential backoff with jitter: a random delay in [d/2, d], d = base * 2^(attempt-1), capped. */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/**
 * Whether to send again after `attempt` (1-based) failed with `error`, and after how long: the
 * answer's Retry-After (`error.retryAfterMs`, read when the answer arrived), else backoff.
 * A pure function of its inputs: the same error, attempt, policy and random give the same answer.
 */
export function decideRetry(
  error: LoyaltyError,
  attempt: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): RetryDecision {
  if (attempt > policy.maxRetries) return { retry: false, reason: 'no retries left' };
  if (error instanceof LoyaltyConnectionError) {
    if (isLastingTlsFailure(error.cause))
      return { retry: false, reason: 'a TLS failure that a retry meets again' };
    return { retry: true, delayMs: backoffDelay(attempt, policy, random) };
  }
  if (!(error instanceof LoyaltyApiError)) return { retry: false, reason: 'not retryable' };
  if (!isRetryableStatus(error.status)) return { retry: false, reason: `status ${error.status} is final` };
  const { retryAfterMs } = error;
  if (retryAfterMs === undefined) return { retry: true, delayMs: backoffDelay(attempt, policy, random) };
  if (retryAfterMs > policy.maxRetryAfterMs) {
    return { retry: false, reason: `Retry-After ${retryAfterMs} ms exceeds maxRetryAfterMs` };
  }
  return { retry: true, delayMs: retryAfterMs };
}

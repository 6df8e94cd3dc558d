import type { Unusable } from './classify.js';
import type { Finding, Verdict, VerifyFailure } from './types.js';

export interface Judgement {
  verdict: Verdict;
  reason?: string;
  failure?: VerifyFailure;
}

/**
 * The verdict: `unverified` when too little ran to say (a bad target, a stop before any probe got
 * the envelope, a 429 with nothing found yet); `differs` with any finding; `agrees` only with
 * none. Never a silent pass.
 */
export function judge(
  findings: readonly Finding[],
  unusable: Unusable | undefined,
  envelopes: number,
): Judgement {
  if (unusable !== undefined && unusable.failure !== 'rate-limited')
    return { verdict: 'unverified', reason: unusable.reason, failure: unusable.failure };
  if (envelopes === 0)
    return unusable
      ? { verdict: 'unverified', reason: unusable.reason, failure: unusable.failure }
      : {
          verdict: 'unverified',
          reason:
            "No probe after discovery got an answer in the API's envelope, so nothing could be compared.",
          failure: 'no-answers',
        };
  if (findings.length > 0)
    return {
      verdict: 'differs',
      ...(unusable ? { reason: unusable.reason, failure: unusable.failure } : {}),
    };
  if (unusable) return { verdict: 'unverified', reason: unusable.reason, failure: unusable.failure };
  return { verdict: 'agrees' };
}

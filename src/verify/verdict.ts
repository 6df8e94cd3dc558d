import type { Unusable } from './classify.js';
import type { Finding, Verdict, VerifyFailure } from './types.js';

/** A run's verdict, with why when it could not judge. */
export interface RunJudgement {
  verdict: Verdict;
  reason?: string;
  failure?: VerifyFailure;
}

const unverified = ({ reason, failure }: Unusable): RunJudgement => ({
  verdict: 'unverified',
  reason,
  failure,
});

/**
 * The verdict: `unverified` when too little ran to say (a bad target; every probe answered by
 * something else than the API; a 429 or nothing to probe, with nothing found); `differs` with any
 * finding; `agrees` only with none. Never a silent pass.
 */
export function judgeRun(
  findings: readonly Finding[],
  unusable: Unusable | undefined,
  probes: { sent: number; envelopes: number },
): RunJudgement {
  if (unusable !== undefined && unusable.failure !== 'rate-limited') return unverified(unusable);
  // Every probe answered by something else than the API (a proxy, a firewall): nothing was compared.
  if (probes.sent > 0 && probes.envelopes === 0)
    return unverified(
      unusable ?? {
        failure: 'no-answers',
        reason: "No probe after discovery got an answer in the API's envelope, so nothing could be compared.",
      },
    );
  if (findings.length > 0)
    return {
      verdict: 'differs',
      ...(unusable ? { reason: unusable.reason, failure: unusable.failure } : {}),
    };
  if (unusable) return unverified(unusable);
  if (probes.sent === 0)
    return unverified({
      failure: 'no-answers',
      reason: 'No probe could be sent for the operations asked for, so only the document was compared.',
    });
  return { verdict: 'agrees' };
}

import { SPEC_RULES } from '../../operations/spec-rules.js';
import type { ProbeAnswer } from '../answer.js';
import { onSpec } from '../basis.js';
import type { Probe } from '../probe.js';
import { compareHeaders, tallyHeaders } from '../probes/headers.js';
import { sendProbe } from '../probes/send.js';
import { checkSuccess } from '../probes/success.js';
import type { Found } from '../request.js';
import { addFinding, cover, type Run, reproduceOf } from '../run.js';

/** One sandbox request's answers: the service's, and the reference engine's to the same sequence. */
export interface Pair {
  observed: ProbeAnswer;
  expected: ProbeAnswer;
}

/** Where the reference engine's own ids go (its created customer), beside the run's `found`. */
export interface SandboxState {
  referenceFound: Found;
}

/**
 * Sends a probe to the service, then to the reference engine; undefined when the service gave no
 * answer, or a 429 stopped the run (sendProbe settles both), or the run had already stopped.
 */
export async function ask(run: Run, state: SandboxState, probe: Probe): Promise<Pair | undefined> {
  if (run.stopped) return undefined;
  const observed = await sendProbe(run, probe);
  if (observed === undefined) return undefined;
  return { observed, expected: await run.reference!.send(probe, state.referenceFound) };
}

/** The service answered another status than the reference engine to a request meant to succeed. */
export function statusFinding(run: Run, probe: Probe, expected: number, observed: number): void {
  addFinding(run, {
    kind: 'status',
    operationId: probe.operation.id,
    location: 'response.status',
    expected: { status: expected },
    observed: { status: observed },
    severity: 'breaking',
    ...onSpec(SPEC_RULES.success),
    reproduce: reproduceOf(run, probe),
  });
  cover(run, probe.operation.id, probe.check, 'observed');
}

/**
 * A request meant to succeed: the status against the reference's, then the record's shape against
 * the SDK's and the API headers against the reference's. True when both answered 200.
 */
export function settleSuccess(run: Run, probe: Probe, { observed, expected }: Pair): boolean {
  if (observed.envelope === undefined) return false;
  if (observed.status !== expected.status) {
    statusFinding(run, probe, expected.status, observed.status);
    return false;
  }
  if (observed.status !== 200) {
    cover(
      run,
      probe.operation.id,
      probe.check,
      'skipped',
      `answered ${observed.status}, as the reference did`,
    );
    return false;
  }
  checkSuccess(run, probe, observed);
  tallyHeaders(run, probe, observed, expected);
  compareHeaders(run, probe, observed, expected);
  return true;
}

/** `data` of an answer as an object, if it is one. */
export function dataOf(answer: ProbeAnswer | undefined): Record<string, unknown> | undefined {
  const data = answer?.envelope?.data;
  return typeof data === 'object' && data !== null && !Array.isArray(data)
    ? (data as Record<string, unknown>)
    : undefined;
}

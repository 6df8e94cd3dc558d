import type { ProbeAnswer } from './answer.js';
import { HEADERS_OURS } from './basis.js';
import type { Unusable } from './classify.js';
import type { ResolvedVerifyOptions } from './options.js';
import type { Probe } from './probe.js';
import type { ReferenceTarget } from './reference.js';
import type { Found } from './request.js';
import { reproduce } from './request.js';
import type { NoAnswer, ServiceTarget } from './service.js';
import type {
  Coverage,
  CoverageOutcome,
  CreatedRecord,
  Finding,
  OperationId,
  ServiceProfile,
  WriteAccepted,
} from './types.js';

/** What a run gathers as it goes; verify.ts turns it into the result. */
export interface Run {
  options: ResolvedVerifyOptions;
  service: ServiceTarget;
  reference: ReferenceTarget | undefined;
  findings: Finding[];
  coverage: Map<OperationId, Coverage['checks']>;
  profile: ServiceProfile['entries'];
  found: Found;
  planned: number;
  /** Set when the run must stop sending (a 429 in safe mode). */
  stopped: Unusable | undefined;
  /** Answers in the envelope to probes after discovery. */
  envelopes: number;
  /** Per response header name (lower case): how many of the service's answers carried it. */
  headersSeen: Map<string, number>;
  answers: number;
  /** What a sandbox run created or changed on the service. */
  created: CreatedRecord[];
  /** Writes sent expecting a refusal that the service answered 2xx; after the first, no refusal is sent. */
  writesAccepted: WriteAccepted[];
  /** The operations the service's document lists for the key (known after discovery). */
  lists: ReadonlySet<OperationId>;
  /**
   * Per path parameter name, the identifier a read showed to name nothing on the service, where
   * the write refusals go; null: none could be shown (probes/nowhere.ts).
   */
  nowhere: Map<string, string | number | null>;
}

export function cover(
  run: Run,
  operationId: OperationId,
  check: string,
  outcome: CoverageOutcome,
  note?: string,
): void {
  const checks = run.coverage.get(operationId) ?? [];
  const existing = checks.find((entry) => entry.check === check);
  // A check several probes settle is as good as its weakest outcome.
  if (existing) {
    if (outcome !== 'observed' && existing.outcome === 'observed')
      Object.assign(existing, { outcome, how: outcome }, note ? { note } : {});
    return;
  }
  checks.push({ check, outcome, how: outcome, ...(note ? { note } : {}) });
  run.coverage.set(operationId, checks);
}

/**
 * A finding, unless one of the same kind, operation and location is already there; where that one
 * holds the service to a choice of ours and this one to a rule of the spec (a field refused empty,
 * then refused of the wrong type), this one takes its place.
 */
export function addFinding(run: Run, finding: Finding): void {
  const index = run.findings.findIndex(
    (other) =>
      other.kind === finding.kind &&
      other.operationId === finding.operationId &&
      other.location === finding.location,
  );
  if (index < 0) run.findings.push(finding);
  else if (finding.basis === 'spec' && run.findings[index]?.basis === 'reference')
    run.findings[index] = finding;
}

export function reproduceOf(run: Run, probe: Probe): string {
  return reproduce(probe, run.options.api.origin, run.options.api.basePath);
}

/** Sends a probe to the service, says so to `onProgress`, and counts what its answer carried. */
export async function sendToService(run: Run, probe: Probe, step: string): Promise<ProbeAnswer | NoAnswer> {
  run.options.onProgress?.({
    sent: run.service.requests.length,
    planned: run.planned,
    operationId: probe.operation.id,
    step,
  });
  const answer = await run.service.send(probe, run.found);
  if ('error' in answer) stopAtTimeout(run, probe, answer);
  else {
    run.answers += 1;
    for (const name of Object.keys(answer.headers))
      run.headersSeen.set(name, (run.headersSeen.get(name) ?? 0) + 1);
    if (answer.status === 429) noteRateLimit(run, probe, answer);
  }
  return answer;
}

/**
 * A probe past its deadline ends the run: a service that holds one probe would hold each of them
 * as long, and the run would take that time over and over to say nothing more.
 */
export function stopAtTimeout(run: Run, probe: Probe, answer: NoAnswer): void {
  if (answer.kind !== 'timeout' || run.stopped) return;
  const path = run.service.requests.at(-1)?.path ?? probe.operation.path;
  run.stopped = {
    failure: 'unreachable',
    reason: `No answer to ${probe.operation.method} ${path}: ${answer.error}; the run stops at the first probe that times out.`,
  };
}

/** A 429 came (the last answer of a safe run): whether it said when to retry, which the client relies on. */
function noteRateLimit(run: Run, probe: Probe, answer: ProbeAnswer): void {
  const retryAfter = answer.headers['retry-after'];
  run.profile.push({
    path: 'rateLimit.retryAfter',
    value: { present: retryAfter !== undefined },
    source: 'probe',
  });
  if (retryAfter === undefined)
    addFinding(run, {
      kind: 'header',
      operationId: probe.operation.id,
      location: 'header.Retry-After',
      expected: { statuses: ['429'] },
      observed: { statuses: [] },
      severity: 'differs',
      ...HEADERS_OURS,
      reproduce: reproduceOf(run, probe),
    });
}

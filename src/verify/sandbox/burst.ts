import type { Scope } from '../../operations/scopes.js';
import { DEFAULT_LIMITS } from '../../server/internal.js';
import type { ProbeAnswer } from '../answer.js';
import { HEADERS_OURS, RATE_OURS } from '../basis.js';
import { epochTime } from '../pacer.js';
import type { Probe } from '../probe.js';
import { createReferenceTarget, type ReferenceTarget } from '../reference.js';
import { addFinding, cover, type Run, reproduceOf, stopAtTimeout } from '../run.js';
import { BURST_BOUND } from './plan.js';

/** Requests let through before the first 429, and that 429. */
interface BurstTally {
  accepted: number;
  refusal: ProbeAnswer | undefined;
}

const count = (tally: BurstTally, answer: ProbeAnswer): void => {
  if (answer.status === 429) tally.refusal = answer;
  else tally.accepted += 1;
};

const open = (tally: BurstTally) => tally.refusal === undefined && tally.accepted < BURST_BOUND;

const factsOf = (tally: BurstTally) => ({ accepted: tally.accepted, limited: tally.refusal !== undefined });

/** What the burst saw, in the profile: counts, time and Retry-After; never a body. */
function record(run: Run, seen: BurstTally, elapsedMs: number): void {
  run.profile.push({
    path: 'rateLimit.burst',
    value: { ...factsOf(seen), sent: seen.accepted + (seen.refusal ? 1 : 0), elapsedMs, bound: BURST_BOUND },
    source: 'probe',
  });
  if (seen.refusal === undefined) return;
  const retryAfter = seen.refusal.headers['retry-after'];
  run.profile.push({
    path: 'rateLimit.retryAfter',
    value: { present: retryAfter !== undefined, value: retryAfter ?? null },
    source: 'probe',
  });
}

/** What the burst saw, in words for the report's coverage. */
function burstNote(seen: BurstTally, elapsedMs: number): string {
  const through = `${seen.accepted} let through in ${elapsedMs} ms`;
  if (seen.refusal === undefined) return `${through}, no 429 (the bound)`;
  const retryAfter = seen.refusal.headers['retry-after'];
  return `${through}, then 429 ${retryAfter === undefined ? 'without Retry-After' : `with Retry-After ${retryAfter}`}`;
}

function judgeBurst(run: Run, probe: Probe, seen: BurstTally, wanted: BurstTally): void {
  const reproduce = reproduceOf(run, probe);
  const expected = factsOf(wanted);
  const observed = factsOf(seen);
  if (expected.accepted !== observed.accepted || expected.limited !== observed.limited)
    addFinding(run, {
      kind: 'limit',
      operationId: null,
      location: 'rateLimit.requests',
      expected,
      observed,
      // A stricter limit meets integrations tested against the reference server; a looser one does not.
      severity: observed.accepted < expected.accepted ? 'differs' : 'info',
      ...RATE_OURS,
      reproduce,
    });
  const retryAfter = (tally: BurstTally) => tally.refusal?.headers['retry-after'] !== undefined;
  const seconds = (tally: BurstTally) => tally.refusal?.headers['retry-after'];
  // Both sent one: a wait other than the expected one is worth knowing, not a break.
  if (retryAfter(seen) && retryAfter(wanted) && seconds(seen) !== seconds(wanted))
    addFinding(run, {
      kind: 'limit',
      operationId: null,
      location: 'rateLimit.retryAfter',
      expected: seconds(wanted),
      observed: seconds(seen),
      severity: 'info',
      ...HEADERS_OURS,
      reproduce,
    });
  // Either way: a reference following a profile may be the one without it.
  if (seen.refusal && wanted.refusal && retryAfter(wanted) !== retryAfter(seen))
    addFinding(run, {
      kind: 'header',
      operationId: null,
      location: 'header.Retry-After',
      expected: { statuses: retryAfter(wanted) ? ['429'] : [] },
      observed: { statuses: retryAfter(seen) ? ['429'] : [] },
      severity: retryAfter(seen) ? 'info' : 'differs',
      ...HEADERS_OURS,
      reproduce,
    });
}

/**
 * The one exception to `maxRequestsPerSecond`: a cheap read sent back to back, unpaced, until the
 * first 429 or BURST_BOUND requests. The same reads, at the same instants, go to a reference
 * engine with the limits the reference server assumes, whose count is the expectation.
 */
export async function runBurst(run: Run, probe: Probe, scopes: readonly Scope[]): Promise<void> {
  // A quiet window first: the paced requests before the burst must not count in the one it measures.
  const { clock, signal } = run.options;
  await clock.sleep(DEFAULT_LIMITS.rateLimit.windowMs, signal);
  // The reference engine sees each read at the instant the service got it.
  const time = epochTime(clock);
  let instant = time();
  const reference: ReferenceTarget = createReferenceTarget(scopes, {
    limits: {},
    now: () => instant,
    profile: run.options.profile,
  });
  const seen: BurstTally = { accepted: 0, refusal: undefined };
  const wanted: BurstTally = { accepted: 0, refusal: undefined };
  run.options.onProgress?.({
    sent: run.service.requests.length,
    planned: run.planned,
    operationId: probe.operation.id,
    step: probe.check,
  });
  const started = performance.now();
  while (open(seen)) {
    instant = time();
    const answer = await run.service.send(probe, run.found, { unpaced: true });
    if ('error' in answer) {
      cover(run, probe.operation.id, probe.check, 'skipped', `no answer: ${answer.error}`);
      stopAtTimeout(run, probe, answer);
      return;
    }
    count(seen, answer);
    if (open(wanted)) count(wanted, await reference.send(probe));
  }
  const elapsedMs = Math.round(performance.now() - started);
  // Past the service's 429 the reference goes on alone, at the last instant, to its own limit.
  while (open(wanted)) count(wanted, await reference.send(probe));
  record(run, seen, elapsedMs);
  judgeBurst(run, probe, seen, wanted);
  cover(run, probe.operation.id, probe.check, 'observed', burstNote(seen, elapsedMs));
}

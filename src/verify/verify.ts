import { randomBytes } from 'node:crypto';
import type { Scope } from '../operations/scopes.js';
import { type Operation, operations } from '../operations/table.js';
import type { Unusable } from './classify.js';
import { type ResolvedVerifyOptions, resolveVerifyOptions } from './options.js';
import type { VerifyClock } from './pacer.js';
import { discoveryProbe, planProbes } from './plan.js';
import type { Probe } from './probe.js';
import { compareDocuments, discover } from './probes/discovery.js';
import { headerFindings, headerProfile } from './probes/headers.js';
import { nowhereId } from './probes/nowhere.js';
import { runSuccessProbe } from './probes/reads.js';
import { runRefusalProbe } from './probes/refusals.js';
import { buildProfile } from './profile.js';
import { lackedByProfile } from './profile-expect.js';
import { reportable } from './reportable.js';
import { isReady, wireRequest } from './request.js';
import { cover, type Run } from './run.js';
import { planSandbox, sandboxSequence } from './sandbox/plan.js';
import { runSandbox } from './sandbox/run.js';
import { createServiceTarget } from './service.js';
import type { Coverage, PlannedProbe, VerifyOptions, VerifyResult } from './types.js';
import { judgeRun } from './verdict.js';

function newRun(options: ResolvedVerifyOptions): Run {
  return {
    options,
    service: createServiceTarget(options),
    reference: undefined,
    findings: [],
    coverage: new Map(),
    profile: [],
    found: {},
    planned: 1,
    stopped: undefined,
    envelopes: 0,
    headersSeen: new Map(),
    answers: 0,
    created: [],
    writesAccepted: [],
    lists: new Set(),
    nowhere: new Map(),
  };
}

function finish(run: Run, unusable: Unusable | undefined): VerifyResult {
  headerFindings(run);
  const coverage: Coverage[] = operations
    .filter((operation) => run.coverage.has(operation.id))
    .map((operation) => ({ operationId: operation.id, checks: run.coverage.get(operation.id)! }));
  const sent = Math.max(0, run.service.requests.length - 1);
  const judgement = judgeRun(run.findings, unusable, { sent, envelopes: run.envelopes });
  return reportable(
    {
      ...judgement,
      findings: run.findings,
      coverage,
      profile: buildProfile(run, [...run.profile, ...headerProfile(run)]),
      requests: run.service.requests,
      created: run.created,
      writesAccepted: run.writesAccepted,
    },
    run.options.apiKey,
  );
}

async function runProbe(run: Run, probe: Probe): Promise<void> {
  if (!isReady(probe, run.found)) {
    cover(run, probe.operation.id, probe.check, 'skipped', 'no earlier read found an identifier for it');
    return;
  }
  if (probe.lookup) await nowhereId(run, probe.lookup.name, probe.lookup.id);
  else if (probe.refusal) await runRefusalProbe(run, probe);
  else await runSuccessProbe(run, probe);
}

const newRunId = () => randomBytes(4).toString('hex');

/**
 * Measures a service against the SDK: its OpenAPI document for the key, reads with the samples,
 * group action dry runs, and requests every correct service refuses, each compared with the SDK's
 * records or with what an in-process reference engine answers to the same request.
 *
 * Safe mode (the default) sends GET requests, requests that must be refused (aimed at identifiers
 * that name nothing, group actions as dry runs) and dry runs on `samples.grupoId`; never more than
 * `maxRequestsPerSecond`; it stops at the first 429. Sandbox mode then writes: a customer marked
 * `loyalty-verify` created and read back, a point added and read back, its Idempotency-Keys sent
 * again (the same body, another body, another operation), a tag applied to `samples.grupoId` after
 * its dry run, and a burst of at most 200 reads, unpaced, to the first 429; `created` lists what it
 * made.
 *
 * A target that cannot be judged does not throw: the result is `unverified`, with `reason` (one
 * sentence) and `failure` saying which: `'unreachable'` (no answer; the CLI exits 7),
 * `'unauthorized'` (the key was refused; the CLI exits 3), `'not-api'`, `'not-envelope'`,
 * `'gateway'`, `'no-scope'`, `'rate-limited'`, `'no-answers'`. It throws a `LoyaltyError` for
 * invalid options, and the signal's reason when `signal` aborts. The key is in no result,
 * message or report, even where the service echoed it: every string of the result is masked.
 */
export function verifyService(options: VerifyOptions = {}): Promise<VerifyResult> {
  return verifyServiceWithClock(options);
}

/**
 * `verifyService` waiting by `clock` (pacing and the quiet window before the burst): tests give a
 * virtual clock. Not exported by the package.
 */
export async function verifyServiceWithClock(
  options: VerifyOptions = {},
  clock?: VerifyClock,
): Promise<VerifyResult> {
  const resolved = resolveVerifyOptions(options);
  if (clock) resolved.clock = clock;
  const run = newRun(resolved);
  const discovery = await discover(run);
  if ('failure' in discovery) return finish(run, discovery);
  run.reference = discovery.referenceTarget;
  run.lists = new Set(discovery.service.byOperation.keys());
  compareDocuments(run, discovery);
  const input = {
    operations: resolved.operations,
    // An operation the profile says the service lacks has no expectation to probe it against.
    callable: (operation: Operation) =>
      discovery.service.byOperation.has(operation.id) && !lackedByProfile(operation.id, resolved.profile),
    notCallable: (operation: Operation) => {
      const listed = discovery.service.byOperation.has(operation.id);
      if (!lackedByProfile(operation.id, resolved.profile))
        return 'the service does not list it for this key';
      return listed
        ? 'not probed: the profile says the service lacks it, but the service lists it for this key'
        : 'the service does not list it for this key, as the profile says';
    },
    holds: (scope: Scope) => discovery.scopes.includes(scope),
    samples: resolved.samples,
    runId: newRunId(),
    mode: resolved.mode,
  };
  const plan = planProbes(input);
  const sandbox = resolved.mode === 'sandbox' ? planSandbox(input) : undefined;
  for (const { operation, check, note, outcome } of plan.skipped)
    cover(run, operation.id, check, outcome ?? 'skipped', note);
  run.planned = 1 + plan.probes.length + (sandbox ? sandboxSequence(sandbox).length : 0);
  for (const probe of plan.probes) {
    if (run.stopped) break;
    await runProbe(run, probe);
  }
  if (sandbox && !run.stopped) await runSandbox(run, sandbox, discovery.scopes);
  return finish(run, run.stopped);
}

/**
 * Every request `verifyService` would send with these options, as it would send it, before
 * discovery tells which operations the key may call (so every operation asked for is planned).
 * Sends nothing; needs no key.
 */
export async function planVerification(options: VerifyOptions = {}): Promise<PlannedProbe[]> {
  const resolved = resolveVerifyOptions(options, false);
  const input = {
    operations: resolved.operations,
    callable: () => true,
    holds: () => true,
    samples: resolved.samples,
    runId: newRunId(),
    mode: resolved.mode,
  };
  const plan = planProbes(input);
  const sandbox = resolved.mode === 'sandbox' ? sandboxSequence(planSandbox(input)) : [];
  return [discoveryProbe(), ...plan.probes, ...sandbox].map((probe) => ({
    operationId: probe.operation.id,
    method: probe.operation.method,
    path: wireRequest(probe, resolved.api.basePath).shownPath,
    purpose: probe.purpose,
    check: probe.check,
  }));
}

import { SPEC_RULES } from '../../operations/spec-rules.js';
import { onReference, onSpec } from '../basis.js';
import type { Probe } from '../probe.js';
import { addFinding, cover, type Run, reproduceOf } from '../run.js';
import { idProblem } from '../sample-rules.js';
import { noteCreated } from './created.js';
import { ask, dataOf, type Pair, type SandboxState, settleSuccess } from './exchange.js';
import { compareConflict, compareReplay } from './idempotency.js';
import { SANDBOX_STEPS, type SandboxPlan, type SandboxStep } from './plan.js';

type Probes = SandboxPlan['probes'];

/** The steps after the creation that act on the created customer, in the plan's order. */
const CUSTOMER_STEPS: readonly SandboxStep[] = SANDBOX_STEPS.slice(
  SANDBOX_STEPS.indexOf('readBack'),
  SANDBOX_STEPS.indexOf('otherOperation') + 1,
);

function skipAll(
  run: Run,
  probes: Probes,
  note: string,
  steps: readonly SandboxStep[] = CUSTOMER_STEPS,
  outcome: 'skipped' | 'inconclusive' = 'skipped',
): void {
  for (const step of steps) {
    const probe = probes[step];
    if (probe) cover(run, probe.operation.id, probe.check, outcome, note);
  }
}

/** The creation sent again with its key and body: the original answer, marked as a replay. */
async function replayCreation(run: Run, state: SandboxState, probes: Probes, created: Pair): Promise<void> {
  const replay = probes.replay && (await write(run, state, probes.replay));
  if (probes.replay && replay) compareReplay(run, probes.replay, created, replay);
}

/**
 * A created customer whose uid the table's rule for `{uid}` refuses (`""`, `..`): a `value`
 * finding (unless the record's own rule already made one there), and nothing built on it: every
 * step that names the customer is inconclusive (the replay names none, and still runs).
 */
function refuseUid(run: Run, probes: Probes, create: Probe, problem: string): void {
  addFinding(run, {
    kind: 'value',
    operationId: create.operation.id,
    location: 'response.200.data.uid',
    expected: 'a uid that can name the customer in a path (request.path.uid)',
    observed: `refused by that rule: ${problem}`,
    severity: 'breaking',
    ...onReference('a uid is 1..128 characters, not "." or "..", well-formed Unicode (docs/decisions.md)'),
    reproduce: reproduceOf(run, create),
  });
  skipAll(
    run,
    probes,
    `the service answered the creation with a uid the table refuses (${problem}): no request was built on it`,
    CUSTOMER_STEPS.filter((step) => step !== 'replay'),
    'inconclusive',
  );
}

/** Sends a probe of the sequence to both sides and lists what the service's answer made. */
async function write(run: Run, state: SandboxState, probe: Probe): Promise<Pair | undefined> {
  const pair = await ask(run, state, probe);
  if (pair) noteCreated(run, probe, pair.observed);
  return pair;
}

/** A read meant to succeed; its answers when both sides answered 200. */
async function read(run: Run, state: SandboxState, probe: Probe | undefined): Promise<Pair | undefined> {
  if (probe === undefined) return undefined;
  const pair = await ask(run, state, probe);
  return pair && settleSuccess(run, probe, pair) ? pair : undefined;
}

const balanceOf = (answer: Pair['observed']) => dataOf(answer)?.puntos;

/** How much each side's balance moved between two reads; a finding when they moved otherwise. */
function compareBalance(run: Run, addPoints: Probe, before: Pair, after: Pair, probe: Probe): void {
  const moved = (side: keyof Pair) => {
    const [from, to] = [balanceOf(before[side]), balanceOf(after[side])];
    return typeof from === 'number' && typeof to === 'number' ? to - from : undefined;
  };
  const expected = moved('expected');
  const observed = moved('observed');
  if (expected === undefined || observed === undefined) return;
  // The points are in "the public unit": a service that moves the balance by another amount reads
  // `puntos` under another rule, which an integrator tested against the reference server would miss.
  if (expected !== observed)
    addFinding(run, {
      kind: 'parameter',
      operationId: addPoints.operation.id,
      location: 'request.body.puntos',
      expected: { balanceMovedBy: expected },
      observed: { balanceMovedBy: observed },
      severity: 'breaking',
      ...onSpec(SPEC_RULES.publicUnit),
      reproduce: reproduceOf(run, addPoints),
    });
  cover(run, probe.operation.id, probe.check, 'observed');
}

/**
 * A customer created and marked as verify's, read back, its creation replayed, points added and
 * the balance read back, its movements listed, and the keys sent again with another body and on
 * another operation; each step also sent to the reference engine, whose created customer stands
 * for the service's.
 */
export async function customerSequence(run: Run, state: SandboxState, probes: Probes): Promise<void> {
  const { create } = probes;
  if (create === undefined) return;
  const created = await write(run, state, create);
  const uid = dataOf(created?.observed)?.uid;
  const referenceUid = dataOf(created?.expected)?.uid;
  if (
    !created ||
    !settleSuccess(run, create, created) ||
    typeof uid !== 'string' ||
    typeof referenceUid !== 'string'
  ) {
    skipAll(run, probes, 'the customer was not created');
    return;
  }
  const problem = idProblem('uid', uid);
  if (problem !== undefined) {
    refuseUid(run, probes, create, problem);
    await replayCreation(run, state, probes, created);
    return;
  }
  run.found.uid = uid;
  state.referenceFound.uid = referenceUid;
  const before = await read(run, state, probes.readBack);
  await replayCreation(run, state, probes, created);
  const { addPoints } = probes;
  const added = addPoints && (await write(run, state, addPoints));
  if (addPoints && added && settleSuccess(run, addPoints, added)) {
    const after = await read(run, state, probes.balance);
    if (before && after && probes.balance) compareBalance(run, addPoints, before, after, probes.balance);
    await read(run, state, probes.movements);
  } else skipAll(run, probes, 'the points were not added', ['balance', 'movements']);
  for (const [step, what] of [
    ['otherBody', 'other-body'],
    ['otherOperation', 'other-operation'],
  ] as const) {
    const probe = probes[step];
    const pair = probe && (await write(run, state, probe));
    if (probe && pair) compareConflict(run, probe, pair, what);
  }
}

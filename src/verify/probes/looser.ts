import type { ProbeAnswer } from '../answer.js';
import { onReference, weighed } from '../basis.js';
import type { Probe, UpperBound } from '../probe.js';
import type { ReferenceTarget } from '../reference.js';
import { addFinding, type Run, reproduceOf } from '../run.js';
import { judgeValue, type ValueJudgement } from './control.js';
import { fieldOf, sized } from './control-request.js';
import { sendProbe } from './send.js';

/**
 * A looser limit, measured: a request one past the table's bound that a side (the service, or the
 * reference following a profile) took is sent again with larger values, to find the largest that
 * side takes. That a side took a value is known only from that side: its answer to the value past
 * the bound is judged against its answer to the same request at the bound (the control rule,
 * control.ts). Every such request still breaks the table's rule and is aimed at an identifier a
 * read showed to name nothing (nowhere.ts), so a side that takes the value changes nothing.
 */

/** At most this many times the table's bound past it: the largest value tried. */
const REACH = 16;

type Ask = (probe: Probe) => Promise<ProbeAnswer | undefined>;

/**
 * The largest value a side took, and whether it is the largest verify tries: then the side took
 * everything tried, and its own bound (if it has one) is beyond what was measured.
 */
interface Taken {
  value: number;
  largestTried: boolean;
}

/**
 * The largest value a side takes: it took `bound.limit + 1`; larger ones are tried at the bound
 * plus 1, 2, 4, ... 16 times it, then bisected, each judged against the side's own control.
 * Undefined when a request got no answer (the run stops at a 429).
 */
async function largestTaken(
  ask: Ask,
  probe: Probe,
  bound: UpperBound,
  control: ProbeAnswer,
): Promise<Taken | undefined> {
  const field = fieldOf(probe);
  const takes = async (size: number) => {
    const answer = await ask(sized(probe, size));
    return answer === undefined ? undefined : judgeValue(control, answer, field).is === 'taken';
  };
  const step = Math.max(1, Math.abs(bound.limit));
  let low = bound.limit + 1;
  let high: number | undefined;
  for (let times = 1; times <= REACH && high === undefined; times *= 2) {
    const size = bound.limit + step * times;
    const took = await takes(size);
    if (took === undefined) return undefined;
    if (took) low = size;
    else high = size;
  }
  if (high === undefined) return { value: low, largestTried: true };
  while (high - low > 1) {
    const size = Math.floor((low + high) / 2);
    const took = await takes(size);
    if (took === undefined) return undefined;
    if (took) low = size;
    else high = size;
  }
  return { value: low, largestTried: false };
}

/**
 * What a side's bound is said to be: the rule's value where it refused a larger one, else what it
 * took, marked the largest value tried, never as if verify's cap were the side's limit.
 */
function boundSaid(rule: UpperBound['rule'], taken: Taken): Record<string, unknown> {
  return taken.largestTried ? { took: taken.value, largestTried: true } : { [rule]: taken.value };
}

/** What comparing an upper bound settled: a limit finding (or the same limit taken on both sides), or the service's judgement. */
export type BoundOutcome = { settled: true } | { settled: false; service: ValueJudgement | undefined };

/** Whether the reference (following a profile that says so) takes the value: against its own control. */
async function referenceTakes(reference: ReferenceTarget, run: Run, probe: Probe, expected: ProbeAnswer) {
  const bound = probe.bound as UpperBound;
  const control = await reference.send(sized(probe, bound.limit), run.found);
  return judgeValue(control, expected, fieldOf(probe)).is === 'taken' ? control : undefined;
}

/**
 * For a probe one past an upper bound of the table: whether each side took the value, judged
 * against that side's control (the same request at the bound), and if either did, the largest each
 * takes. A difference is a `limit` finding at the parameter. A control is sent to the service only
 * where its answer could stand for "taken" (control.ts, couldBeTaken).
 */
export async function compareUpperBound(
  run: Run,
  probe: Probe,
  observed: ProbeAnswer,
  expected: ProbeAnswer,
  serviceControl: () => Promise<ProbeAnswer | undefined>,
): Promise<BoundOutcome> {
  const { bound } = probe;
  if (bound === undefined || !/^request\.(body|query)\./.test(probe.target))
    return { settled: false, service: undefined };
  const reference = run.reference!;
  const control = await serviceControl();
  const service = control === undefined ? undefined : judgeValue(control, observed, fieldOf(probe));
  const referenceControl = await referenceTakes(reference, run, probe, expected);
  const tookObserved = service?.is === 'taken';
  if (!tookObserved && referenceControl === undefined) return { settled: false, service };
  const askReference: Ask = (one) => reference.send(one, run.found);
  const askService: Ask = (one) => sendProbe(run, one);
  const atBound: Taken = { value: bound.limit, largestTried: false };
  const wanted = referenceControl
    ? await largestTaken(askReference, probe, bound, referenceControl)
    : atBound;
  const seen = tookObserved ? await largestTaken(askService, probe, bound, control as ProbeAnswer) : atBound;
  // No answer (a 429 stopped the run): nothing more to compare.
  if (seen === undefined || wanted === undefined) return { settled: true };
  if (wanted.value === seen.value && wanted.largestTried === seen.largestTried)
    return { settled: false, service };
  const basis = probe.broken ?? onReference();
  addFinding(run, {
    kind: 'limit',
    operationId: probe.operation.id,
    location: probe.target,
    expected: boundSaid(bound.rule, wanted),
    observed: boundSaid(bound.rule, seen),
    // A refusal not refused: a test written against the reference server expects the 400; the
    // SDK itself never sends the value, so only a limit of the spec's makes it breaking.
    severity: weighed('breaking', basis),
    ...basis,
    reproduce: reproduceOf(run, probe),
  });
  return { settled: true };
}

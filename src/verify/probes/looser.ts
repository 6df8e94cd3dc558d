import type { ProbeAnswer } from '../answer.js';
import type { Probe, UpperBound } from '../probe.js';
import { addFinding, type Run, reproduceOf } from '../run.js';
import { sendProbe } from './send.js';

/**
 * A looser limit, measured: a request one past the table's bound that a side (the service, or the
 * reference following a profile) did not refuse for it is sent again with larger values, to find
 * the largest that side takes. Every such request still breaks the table's rule and is aimed at
 * an identifier that names nothing, so a side that takes the value refuses the request for that:
 * it changes nothing, as every refusal probe (docs/verify.md, "What it sends").
 */

/** At most this many times the table's bound past it: a larger limit is recorded as this one. */
const REACH = 16;

/** The probe with its parameter at `size`: a string of that length (the probe's own, cut or padded), or that number. */
function sized(probe: Probe, size: number): Probe {
  const [, where, name = ''] = probe.target.split('.');
  const holder = (where === 'query' ? probe.query : probe.body) as Record<string, unknown>;
  const current = holder[name];
  const value = probe.bound?.rule === 'maxLength' ? String(current).slice(0, size).padEnd(size, 'x') : size;
  if (where === 'query') return { ...probe, query: { ...probe.query, [name]: String(value) } };
  return { ...probe, body: { ...(probe.body as object), [name]: value } };
}

type Ask = (probe: Probe) => Promise<ProbeAnswer | undefined>;

/**
 * The largest value a side takes: it took `bound.limit + 1` (answered as it answers a value
 * within the bound, `taken`); larger ones are tried at the bound plus 1, 2, 4, ... 16 times it,
 * then bisected. Undefined when a request got no answer (the run stops at a 429).
 */
async function largestTaken(
  ask: Ask,
  probe: Probe,
  bound: UpperBound,
  taken: number,
): Promise<number | undefined> {
  const step = Math.max(1, Math.abs(bound.limit));
  let low = bound.limit + 1;
  let high: number | undefined;
  for (let times = 1; times <= REACH && high === undefined; times *= 2) {
    const size = bound.limit + step * times;
    const answer = await ask(sized(probe, size));
    if (answer === undefined) return undefined;
    if (answer.status === taken) low = size;
    else high = size;
  }
  if (high === undefined) return low;
  while (high - low > 1) {
    const size = Math.floor((low + high) / 2);
    const answer = await ask(sized(probe, size));
    if (answer === undefined) return undefined;
    if (answer.status === taken) low = size;
    else high = size;
  }
  return low;
}

/**
 * For a probe one past an upper bound of the table: whether each side took the value (it answered
 * as the reference answers the same request within the bound: the status of the identifier that
 * names nothing), and if either did, the largest each takes. A difference is a `limit` finding at
 * the parameter, and true is returned: the probe's other differences are that one.
 */
export async function compareUpperBound(
  run: Run,
  probe: Probe,
  observed: ProbeAnswer,
  expected: ProbeAnswer,
): Promise<boolean> {
  const { bound } = probe;
  if (bound === undefined || !/^request\.(body|query)\./.test(probe.target)) return false;
  const reference = run.reference!;
  const within = await reference.send(sized(probe, bound.limit), run.found);
  // Only a refusal for another reason than the table's rules (a 400) tells a value taken from one refused.
  const taken = within.status;
  if (taken < 400 || taken === 400) return false;
  const tookObserved = observed.status === taken;
  const tookExpected = expected.status === taken;
  if (!tookObserved && !tookExpected) return false;
  const askReference: Ask = (one) => reference.send(one, run.found);
  const askService: Ask = (one) => sendProbe(run, one);
  const wanted = tookExpected ? await largestTaken(askReference, probe, bound, taken) : bound.limit;
  const seen = tookObserved ? await largestTaken(askService, probe, bound, taken) : bound.limit;
  // No answer (a 429 stopped the run): nothing more to compare.
  if (seen === undefined || wanted === undefined) return true;
  if (wanted === seen) return false;
  addFinding(run, {
    kind: 'limit',
    operationId: probe.operation.id,
    location: probe.target,
    expected: { [bound.rule]: wanted },
    observed: { [bound.rule]: seen },
    // A refusal not refused: a test written against the reference server expects the 400.
    severity: 'breaking',
    reproduce: reproduceOf(run, probe),
  });
  return true;
}

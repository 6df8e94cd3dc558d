import { SPEC_RULES } from '../../operations/spec-rules.js';
import type { ProbeAnswer } from '../answer.js';
import { HEADERS_OURS, onReference, onSpec, weighed } from '../basis.js';
import type { Probe } from '../probe.js';
import { addFinding, cover, type Run, reproduceOf } from '../run.js';
import type { Pair } from './exchange.js';

/**
 * How the service treats an Idempotency-Key it has seen, against the reference engine given the
 * same sequence: a replay (same key, same body) answered as the original and marked
 * `Idempotent-Replayed`, and a key sent again with another body or on another operation refused.
 * Facts only (statuses, codes, whether the answer was the original), never a record's values;
 * what the service did goes to the profile's entries too (`idempotency.replay`, `.other-body`,
 * `.other-operation`).
 */

/** The header that marks a replayed answer, as the SDK's document spells it. */
const REPLAYED = 'Idempotent-Replayed';

const same = (a: ProbeAnswer, b: ProbeAnswer) =>
  JSON.stringify(a.envelope?.data) === JSON.stringify(b.envelope?.data);

const replayFacts = (original: ProbeAnswer, replay: ProbeAnswer) => ({
  status: replay.status,
  answer: same(original, replay) ? 'the original' : 'another',
});

/** The same key and body sent again: the original answer, marked as a replay. */
export function compareReplay(run: Run, probe: Probe, original: Pair, replay: Pair): void {
  const reproduce = reproduceOf(run, probe);
  const expected = replayFacts(original.expected, replay.expected);
  const observed = replayFacts(original.observed, replay.observed);
  if (JSON.stringify(expected) !== JSON.stringify(observed))
    addFinding(run, {
      kind: 'idempotency',
      operationId: probe.operation.id,
      location: 'idempotency.replay',
      expected,
      observed,
      severity: 'breaking',
      ...onSpec(SPEC_RULES.replay),
      reproduce,
    });
  const wanted = replay.expected.headers[REPLAYED.toLowerCase()];
  const seen = replay.observed.headers[REPLAYED.toLowerCase()];
  run.profile.push({
    path: 'idempotency.replay',
    value: { ...observed, replayed: seen ?? null },
    source: 'probe',
  });
  if (replay.observed.status === replay.expected.status && wanted !== seen)
    addFinding(run, {
      kind: 'idempotency',
      operationId: probe.operation.id,
      location: `header.${REPLAYED}`,
      expected: wanted ?? 'absent',
      observed: seen ?? 'absent',
      // The SDK does not read the mark: a note, as for every header the spec does not name.
      severity: 'info',
      ...HEADERS_OURS,
      reproduce,
    });
  cover(run, probe.operation.id, probe.check, 'observed');
}

const refusalFacts = (answer: ProbeAnswer) => ({
  status: answer.status,
  codigoRespuesta: answer.envelope?.codigoRespuesta ?? null,
});

/**
 * A key sent again with another body (`other-body`) or on another operation (`other-operation`):
 * refused as the reference refuses it (409, its code), or what the service did instead.
 */
export function compareConflict(
  run: Run,
  probe: Probe,
  pair: Pair,
  what: 'other-body' | 'other-operation',
): void {
  const expected = refusalFacts(pair.expected);
  const observed = refusalFacts(pair.observed);
  // The spec says a key sent again with another body gets 409; of a key sent to another operation it says nothing.
  const basis =
    what === 'other-body'
      ? onSpec(SPEC_RULES.otherBody)
      : onReference(
          'a key sent again on another operation is refused with 409 (docs/decisions.md, "Idempotency")',
        );
  run.profile.push({ path: `idempotency.${what}`, value: observed, source: 'probe' });
  if (JSON.stringify(expected) !== JSON.stringify(observed))
    addFinding(run, {
      kind: 'idempotency',
      operationId: probe.operation.id,
      location: `idempotency.${what}`,
      expected,
      observed,
      severity: weighed(expected.status === observed.status ? 'differs' : 'breaking', basis),
      ...basis,
      reproduce: reproduceOf(run, probe),
    });
  cover(run, probe.operation.id, probe.check, 'observed');
}

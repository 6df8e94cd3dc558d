import { ERROR_CODES } from '../../operations/envelope.js';
import { SPEC_RULES } from '../../operations/spec-rules.js';
import type { ProbeAnswer } from '../answer.js';
import { onReference, onSpec, weighed } from '../basis.js';
import { shapeFindings } from '../compare/findings.js';
import { diffShapes } from '../compare/shapes.js';
import type { Probe } from '../probe.js';
import { noteRefusal, noteStatus } from '../profile-observe.js';
import { addFinding, cover, type Run, reproduceOf } from '../run.js';
import { inferShape } from '../shape.js';
import type { Finding } from '../types.js';
import { couldBeTaken, judgeValue, type ValueJudgement } from './control.js';
import { controlOf, fieldOf, sized } from './control-request.js';
import { compareHeaders, tallyHeaders } from './headers.js';
import { compareUpperBound } from './looser.js';
import { aimedAtNothing } from './nowhere.js';
import { sendProbe } from './send.js';
import { writeAccepted, writesStopped } from './writes.js';

/** The codes the spec itself fixes, with its rule: a different one breaks code written against the spec. */
const SPEC_CODES: ReadonlyMap<number, string> = new Map([
  [ERROR_CODES.unauthorized, SPEC_RULES.invalidKey],
  [ERROR_CODES.forbidden, SPEC_RULES.missingScope],
]);

/** Another `codigoRespuesta` for a refusal: breaking where the spec fixes the code, else ours (docs/decisions.md). */
function codeBasis(wanted: unknown): Pick<Finding, 'severity' | 'basis' | 'rule'> {
  const rule = SPEC_CODES.get(wanted as number);
  return rule === undefined
    ? {
        severity: 'differs',
        ...onReference('the codes the spec leaves open are ours (docs/decisions.md, "Errors")'),
      }
    : { severity: 'breaking', ...onSpec(rule) };
}

/** An envelope without `data` (a refusal carries none that matters): field names and types only. */
function envelopeShape(answer: ProbeAnswer) {
  const { data: _, ...rest } = answer.envelope as Record<string, unknown>;
  return inferShape(rest);
}

function compareRefusal(run: Run, probe: Probe, observed: ProbeAnswer, expected: ProbeAnswer): void {
  const { operation } = probe;
  const reproduce = reproduceOf(run, probe);
  const finding = { operationId: operation.id, reproduce };
  const broken = probe.broken ?? onReference();
  noteRefusal(run, probe, observed);
  if (observed.status !== expected.status) {
    noteStatus(run, probe, expected.status, observed.status);
    // A refusal of another status, or none: breaking where the rule broken is the spec's; the
    // SDK sends no request that breaks the table, so one of ours only differs.
    addFinding(run, {
      ...finding,
      kind: 'status',
      location: probe.target,
      expected: { status: expected.status },
      observed: { status: observed.status },
      severity: weighed('breaking', broken),
      ...broken,
    });
    return;
  }
  if (observed.envelope === undefined) return;
  const prefix = `response.${expected.status}`;
  const wantedCode = expected.envelope?.codigoRespuesta;
  const seenCode = observed.envelope?.codigoRespuesta;
  if (wantedCode !== seenCode)
    addFinding(run, {
      ...finding,
      kind: 'error-code',
      location: `${prefix}.codigoRespuesta`,
      expected: wantedCode,
      observed: seenCode,
      ...codeBasis(wantedCode),
    });
  for (const difference of shapeFindings(
    diffShapes(envelopeShape(expected), envelopeShape(observed), 'observed'),
    prefix,
    'error-shape',
    operation.id,
    reproduce,
  ))
    addFinding(run, difference);
  const wantedScope = expected.envelope?.meta?.requiredScope;
  const seenScope = observed.envelope?.meta?.requiredScope;
  if (wantedScope !== undefined && seenScope !== undefined && wantedScope !== seenScope)
    addFinding(run, {
      ...finding,
      kind: 'scope',
      location: `${prefix}.meta.requiredScope`,
      expected: wantedScope,
      observed: seenScope,
      severity: 'breaking',
      ...onSpec(SPEC_RULES.missingScope),
    });
  compareHeaders(run, probe, observed, expected);
}

/**
 * Whether a refusal the service did not refuse was taken, by the control rule (control.ts): the
 * same request with the value back in range, sent to the service, answered alike. A create gets no
 * control (valid, it would make a record): its success is taken as it came.
 */
async function acceptance(run: Run, probe: Probe, observed: ProbeAnswer): Promise<ValueJudgement> {
  const control = await controlOf(run, probe);
  if (control === undefined)
    return Object.keys(probe.params).length === 0 && probe.operation.method !== 'GET'
      ? { is: 'taken' }
      : { is: 'inconclusive', note: 'no control could be sent: no identifier was shown to name nothing' };
  return judgeValue(await sendProbe(run, control), observed, fieldOf(probe));
}

/**
 * A request every correct service refuses, sent to the service and to the reference engine: the
 * status, `codigoRespuesta`, the envelope's and `details`' shapes, and the API headers compared.
 * A write is aimed at identifiers a read showed to name nothing (nowhere.ts), else not sent
 * (`unsafe`); one the service carries out is named and ends the run's writes (writes.ts). That the
 * service took a value it should refuse (a looser limit, a 2xx to a read) needs a control answered
 * alike (control.ts); where it proves nothing, the check is `inconclusive`.
 */
export async function runRefusalProbe(run: Run, planned: Probe): Promise<void> {
  if (writesStopped(run, planned)) return;
  const aimed = await aimedAtNothing(run, planned);
  if ('unsafe' in aimed) {
    cover(run, planned.operation.id, planned.check, 'unsafe', aimed.unsafe);
    return;
  }
  const probe = aimed;
  const expected = await run.reference!.send(probe, run.found);
  if (expected.status < 400) {
    cover(
      run,
      probe.operation.id,
      probe.check,
      'skipped',
      `the reference server answered ${expected.status}: not a refusal`,
    );
    return;
  }
  const observed = await sendProbe(run, probe);
  if (observed === undefined) return;
  // Whatever answers the check settles on count for the headers; an inconclusive one's do not.
  const settled = () => {
    tallyHeaders(run, probe, observed, expected);
    cover(run, probe.operation.id, probe.check, 'observed');
  };
  // A write carried out (send.ts named it, a finding): no control or larger value may follow it.
  if (writeAccepted(probe, observed)) return settled();
  const control = () => sendProbe(run, sized(probe, probe.bound?.limit ?? 0));
  const bound = await compareUpperBound(run, probe, observed, expected, async () =>
    couldBeTaken(observed) ? control() : undefined,
  );
  if (bound.settled) return settled();
  const judgement =
    observed.status < 400 && observed.status !== expected.status
      ? (bound.service ?? (await acceptance(run, probe, observed)))
      : bound.service;
  // Whether the service took the value is unknown: nothing of this answer is a finding or a calibration.
  if (judgement?.is === 'inconclusive')
    return cover(run, probe.operation.id, probe.check, 'inconclusive', judgement.note);
  compareRefusal(run, probe, observed, expected);
  settled();
}

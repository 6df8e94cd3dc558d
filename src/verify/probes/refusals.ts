import { ERROR_CODES } from '../../operations/envelope.js';
import type { ProbeAnswer } from '../answer.js';
import { shapeFindings } from '../compare/findings.js';
import { diffShapes } from '../compare/shapes.js';
import type { Probe } from '../probe.js';
import { noteRefusal, noteStatus } from '../profile-observe.js';
import { addFinding, cover, type Run, reproduceOf } from '../run.js';
import { inferShape } from '../shape.js';
import { compareHeaders } from './headers.js';
import { compareUpperBound } from './looser.js';
import { sendProbe } from './send.js';

/** The codes the spec itself fixes: a different one breaks code written against the spec. */
const SPEC_CODES: ReadonlySet<number> = new Set([ERROR_CODES.unauthorized, ERROR_CODES.forbidden]);

/** An envelope without `data` (a refusal carries none that matters): field names and types only. */
function envelopeShape(answer: ProbeAnswer) {
  const { data: _, ...rest } = answer.envelope as Record<string, unknown>;
  return inferShape(rest);
}

function compareRefusal(run: Run, probe: Probe, observed: ProbeAnswer, expected: ProbeAnswer): void {
  const { operation } = probe;
  const reproduce = reproduceOf(run, probe);
  const finding = { operationId: operation.id, reproduce };
  noteRefusal(run, probe, observed);
  if (observed.status !== expected.status) {
    noteStatus(run, probe, expected.status, observed.status);
    addFinding(run, {
      ...finding,
      kind: 'status',
      location: probe.target,
      expected: { status: expected.status },
      observed: { status: observed.status },
      severity: 'breaking',
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
      severity: SPEC_CODES.has(wantedCode as number) ? 'breaking' : 'differs',
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
    });
  compareHeaders(run, probe, observed, expected);
}

/**
 * A request every correct service refuses, sent to the service and to the reference engine: the
 * status, `codigoRespuesta`, the envelope's and `details`' shapes, and the API headers compared.
 * An acceptance (2xx) is a finding like any other status.
 */
export async function runRefusalProbe(run: Run, probe: Probe): Promise<void> {
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
  if (!(await compareUpperBound(run, probe, observed, expected)))
    compareRefusal(run, probe, observed, expected);
  cover(run, probe.operation.id, probe.check, 'observed');
}

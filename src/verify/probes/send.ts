import { SPEC_RULES } from '../../operations/spec-rules.js';
import { describeBody, type ProbeAnswer } from '../answer.js';
import { onSpec } from '../basis.js';
import { classifyAnswer } from '../classify.js';
import type { Probe } from '../probe.js';
import { addFinding, cover, type Run, reproduceOf, sendToService } from '../run.js';
import type { Finding } from '../types.js';
import { checkDecoded } from './decoded.js';
import { noteIfAccepted, writesStopped } from './writes.js';

/** An answer the SDK could not take as the API's: it expects the envelope, and reads only so much. */
function notTheEnvelope(run: Run, probe: Probe, location: string, observed: string): Finding {
  return {
    kind: 'error-shape',
    operationId: probe.operation.id,
    location,
    expected: 'the envelope (codigoRespuesta, msj, meta)',
    observed,
    severity: 'breaking',
    ...onSpec(SPEC_RULES.envelope),
    reproduce: reproduceOf(run, probe),
  };
}

/**
 * Sends a probe to the service and settles what is not the API's answer: no answer (the check is
 * skipped; past the deadline the run stops), a 429 (the run stops, as safe mode must), an answer
 * outside the envelope or over the size limit (a finding), a write carried out that must be
 * refused (named; no other such write is sent after it: writes.ts). Returns the answer, if one
 * came in the envelope or outside it, and the run goes on.
 */
export async function sendProbe(run: Run, probe: Probe): Promise<ProbeAnswer | undefined> {
  const { operation } = probe;
  if (writesStopped(run, probe)) return undefined;
  const answer = await sendToService(run, probe, probe.check);
  if (!('error' in answer)) await noteIfAccepted(run, probe, answer);
  if ('error' in answer) {
    if (answer.kind === 'too-large') {
      addFinding(run, notTheEnvelope(run, probe, 'response', answer.error));
      cover(run, operation.id, probe.check, 'observed');
    } else cover(run, operation.id, probe.check, 'skipped', `no answer: ${answer.error}`);
    return undefined;
  }
  if (answer.status === 429) {
    const unusable = classifyAnswer(answer, `${operation.method} ${operation.path}`);
    run.stopped = unusable;
    cover(
      run,
      operation.id,
      probe.check,
      'skipped',
      'the service answered 429; safe mode stops at the first',
    );
    return undefined;
  }
  if (answer.envelope === undefined) {
    addFinding(run, notTheEnvelope(run, probe, `response.${answer.status}`, describeBody(answer)));
    cover(run, operation.id, probe.check, 'observed');
    return answer;
  }
  run.envelopes += 1;
  checkDecoded(run, probe, answer);
  return answer;
}

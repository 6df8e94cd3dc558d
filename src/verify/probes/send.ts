import type { ProbeAnswer } from '../answer.js';
import { classifyAnswer } from '../classify.js';
import type { Probe } from '../probe.js';
import { addFinding, cover, type Run, reproduceOf, sendToService } from '../run.js';

/**
 * Sends a probe to the service and settles what is not the API's answer: no answer (the check is
 * skipped), a 429 (the run stops, as safe mode must), an answer outside the envelope (a finding).
 * Returns the answer, if one came and the run goes on.
 */
export async function sendProbe(run: Run, probe: Probe): Promise<ProbeAnswer | undefined> {
  const { operation } = probe;
  const answer = await sendToService(run, probe, probe.check);
  if ('error' in answer) {
    cover(run, operation.id, probe.check, 'skipped', `no answer: ${answer.error}`);
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
    addFinding(run, {
      kind: 'error-shape',
      operationId: operation.id,
      location: `response.${answer.status}`,
      expected: 'the envelope (codigoRespuesta, msj, meta)',
      observed:
        answer.json === undefined
          ? `not JSON (${answer.contentType || 'no Content-Type'})`
          : 'JSON without the envelope',
      severity: 'breaking',
      reproduce: reproduceOf(run, probe),
    });
    cover(run, operation.id, probe.check, 'observed');
    return answer;
  }
  run.envelopes += 1;
  return answer;
}

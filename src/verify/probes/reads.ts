import type { Probe } from '../probe.js';
import { cover, type Run } from '../run.js';
import { compareHeaders, tallyHeaders } from './headers.js';
import { sendProbe } from './send.js';
import { checkSuccess } from './success.js';

/**
 * A read with a sample identifier (or one an earlier read found), or a group action's dry run:
 * the shape of what came back against the SDK's record. An answer other than 200 says the sample
 * is not there (or the dry run was refused): the check is skipped, saying so.
 */
export async function runSuccessProbe(run: Run, probe: Probe): Promise<void> {
  const answer = await sendProbe(run, probe);
  if (answer?.envelope === undefined) return;
  if (answer.status !== 200) {
    cover(
      run,
      probe.operation.id,
      probe.check,
      'skipped',
      `answered ${answer.status} (codigoRespuesta ${answer.envelope?.codigoRespuesta})`,
    );
    return;
  }
  checkSuccess(run, probe, answer);
  const expected = await run.reference!.send(probe, run.found);
  tallyHeaders(run, probe, answer, expected);
  compareHeaders(run, probe, answer, expected);
}

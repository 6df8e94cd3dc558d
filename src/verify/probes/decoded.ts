import { decodeResponse } from '../../client/decode.js';
import { pathParamNames } from '../../operations/define.js';
import { SUCCESS_CODE } from '../../operations/envelope.js';
import { SPEC_RULES } from '../../operations/spec-rules.js';
import type { ProbeAnswer } from '../answer.js';
import { onSpec } from '../basis.js';
import type { Probe } from '../probe.js';
import { wireRequest } from '../request.js';
import { addFinding, type Run, reproduceOf } from '../run.js';
import { checkValues } from './values-seen.js';

/** What the SDK makes of an answer: the data it resolves to, or the name of the error it throws. */
type SdkReading = { resolves: true } | { resolves: false; throws: string };

/**
 * The answer read by the SDK's own decoder (src/client/decode.ts), the one every call of the
 * client goes through: verify never judges by a rule of its own what the SDK accepts.
 */
function sdkReading(run: Run, probe: Probe, answer: ProbeAnswer): SdkReading {
  const { api, apiKey } = run.options;
  const { operation } = probe;
  try {
    decodeResponse(
      { status: answer.status, headers: answer.headers, text: answer.text },
      {
        operationId: operation.id,
        method: operation.method,
        path: wireRequest(probe, api.basePath, run.found).path,
        idempotencyKey: probe.idempotencyKey,
        namesResource: pathParamNames(operation.path).length > 0,
      },
      { origin: api.origin, basePath: api.basePath, apiKey },
    );
    return { resolves: true };
  } catch (error) {
    return { resolves: false, throws: error instanceof Error ? error.name : 'an error' };
  }
}

/**
 * A success the SDK turns into an error: the service answered 2xx, and every call would throw
 * (`answered 200 without a success envelope`). An answer outside the envelope is already an
 * `error-shape` finding (probes/send.ts); this is the envelope whose codigoRespuesta says failure.
 * Not a number in `observed`, so no calibration is made of it: the profile has none to follow.
 * A success the SDK resolves has its data's values held to the record's value rules (values-seen.ts).
 */
export function checkDecoded(run: Run, probe: Probe, answer: ProbeAnswer): void {
  if (answer.status < 200 || answer.status > 299 || answer.envelope === undefined) return;
  const reading = sdkReading(run, probe, answer);
  if (reading.resolves) {
    checkValues(run, probe, answer);
    return;
  }
  addFinding(run, {
    kind: 'error-code',
    operationId: probe.operation.id,
    location: `response.${answer.status}.codigoRespuesta`,
    expected: { codigoRespuesta: SUCCESS_CODE, sdk: 'resolves with data' },
    observed: { codigoRespuesta: answer.envelope.codigoRespuesta, sdk: `throws ${reading.throws}` },
    severity: 'breaking',
    ...onSpec(SPEC_RULES.success),
    reproduce: reproduceOf(run, probe),
  });
}

import { ERROR_CODES } from '../../operations/envelope.js';
import { ApiFailureError, idempotencyMismatch } from '../answers/failures.js';
import type { Calibration } from './follow.js';
import type { ProfileFact } from './format.js';

type RepeatFact = Extract<ProfileFact, { kind: 'idempotency' }>;

/** How a key the engine has seen can come again: the same request, another body, another operation. */
export type Repeat = RepeatFact['repeat'];

/** What the profiled service did with a key sent to `operationId` again, when a sandbox run measured it. */
export function repeatFact(
  calibration: Calibration,
  operationId: string,
  repeat: Repeat,
): RepeatFact | undefined {
  return calibration
    .facts(operationId, 'idempotency')
    .filter((fact) => fact.repeat === repeat)
    .at(-1);
}

/** Whether the service carried the request out (a 2xx) instead of replaying or refusing it. */
export const repeatCarriedOut = (fact: RepeatFact): boolean =>
  fact.status < 300 && (fact.repeat !== 'replay' || fact.answer === 'another');

/** The service's refusal of a repeated key: its status and code, our message. */
export function repeatRefusal(fact: RepeatFact): ApiFailureError {
  const code = fact.repeat === 'replay' ? null : fact.codigoRespuesta;
  return new ApiFailureError(fact.status, code ?? ERROR_CODES.conflict, idempotencyMismatch().msj);
}

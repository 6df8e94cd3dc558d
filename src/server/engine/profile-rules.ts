import type { Scope } from '../../operations/scopes.js';
import type { Operation } from '../../operations/table.js';
import { mapAnswer } from '../answers/response.js';
import { type Calibration, calibrationOf, followAnswer } from '../profile/follow.js';
import type { ServiceProfile } from '../profile/format.js';
import { checkLimitFacts } from '../profile/limits.js';
import { carriedOut, repeatFact, repeatRefusal } from '../profile/repeats.js';
import type { ServerLimits } from '../state/limits.js';
import { type RawInput, type ValidInput, validateInput } from './input.js';
import { KEPT, type Repeated, type Rules } from './rules.js';

/** A service that takes more than the table: the table's rules checked on a stand-in at its bound. */
function validateLoosened(calibration: Calibration, operation: Operation, raw: RawInput): ValidInput {
  const loosened = calibration.loosened(operation);
  if (loosened === undefined) return validateInput(operation, raw);
  const standIn = loosened.standIn({ query: raw.query.values, body: raw.body });
  const input = validateInput(operation, {
    ...raw,
    query: { ...raw.query, values: standIn.query },
    body: standIn.body,
  });
  loosened.restore(input, standIn.originals);
  return input;
}

const AGAIN: Repeated = Object.freeze({ kind: 'again' });

/**
 * The rules of the service a profile measured (`loyalty verify --profile-out`), where they differ
 * from the spec's; the spec's wherever the profile says nothing.
 */
export function profileRules(profile: ServiceProfile, limits: ServerLimits): Rules {
  const calibration = calibrationOf(profile);
  const { rateLimit } = calibration;
  return {
    // A profile's rate limit is the measured service's: it replaces limits.rateLimit.limit.
    requestLimit: rateLimit === undefined ? limits.rateLimit.limit : rateLimit.requests,
    retryAfter: rateLimit?.retryAfter ?? undefined,
    serves: (operationId) => !calibration.lacks(operationId),
    validate(operation, raw) {
      const input = validateLoosened(calibration, operation, raw);
      checkLimitFacts(input, calibration.facts(operation.id, 'limit'));
      return input;
    },
    repeated(operationId, repeat, keyed) {
      const fact = repeatFact(calibration, operationId, repeat);
      if (fact === undefined) return KEPT;
      if (carriedOut(fact))
        // Another request under a kept key is carried out under its own: the key and its fingerprint.
        return repeat === 'replay'
          ? AGAIN
          : { kind: 'own-key', idempotencyKey: `${keyed.idempotencyKey}\n${keyed.fingerprint}` };
      if (fact.status >= 400) return { kind: 'refused', failure: repeatRefusal(fact) };
      return repeat === 'replay' ? { kind: 'kept', status: fact.status } : KEPT;
    },
    follow: (operationId, request, answer, caller) =>
      mapAnswer(answer, (response) =>
        followAnswer(calibration, operationId, request, response, (scope) =>
          caller === undefined ? false : caller.scopes.has(scope as Scope),
        ),
      ),
  };
}

import type { Operation } from '../../operations/table.js';
import type { EngineParts } from '../engine/engine-state.js';
import type { IdempotencyBegin, IdempotencyKeys } from '../engine/idempotency.js';
import type { RawInput, ValidInput } from '../engine/input.js';
import type { Calibration } from './follow.js';
import { checkLimitFacts } from './limits.js';
import { type Repeat, repeatCarriedOut, repeatFact, repeatRefusal } from './repeats.js';

type Validate = EngineParts['validate'];

/** A service that takes more than the table: the table's rules checked on a stand-in at its bound. */
function validateLoosened(
  calibration: Calibration,
  validate: Validate,
  operation: Operation,
  raw: RawInput,
): ValidInput {
  const loosened = calibration.loosened(operation);
  if (loosened === undefined) return validate(operation, raw);
  const standIn = loosened.standIn({ query: raw.query.values, body: raw.body });
  const input = validate(operation, {
    ...raw,
    query: { ...raw.query, values: standIn.query },
    body: standIn.body,
  });
  loosened.restore(input, standIn.originals);
  return input;
}

/** Validation as the service validates: its looser bounds on a stand-in, then its stricter limits. */
function validatingAsMeasured(calibration: Calibration, validate: Validate): Validate {
  return (operation, raw) => {
    const input = validateLoosened(calibration, validate, operation, raw);
    checkLimitFacts(input, calibration.facts(operation.id, 'limit'));
    return input;
  };
}

/** How a key the engine has seen came again, from how the engine's keys answered it. */
function repeatOf(begun: IdempotencyBegin): Repeat | undefined {
  if (begun.kind === 'replay') return 'replay';
  if (begun.kind === 'conflict' && begun.reason === 'mismatch')
    return begun.sameOperation ? 'other-body' : 'other-operation';
  return undefined;
}

/**
 * The engine's Idempotency-Keys, a key sent again answered as a sandbox run measured the service
 * answer it: carried out again (not kept), carried out under a key of its own (the key and the
 * request's fingerprint, so that sent again it is a replay of itself), refused with the service's
 * status and code, or replayed under the service's status; as the spec says where nothing was
 * measured.
 */
function keysAsMeasured(calibration: Calibration, own: IdempotencyKeys): IdempotencyKeys {
  const keys: IdempotencyKeys = {
    begin(scope, fingerprint, now, operationId) {
      const begun = own.begin(scope, fingerprint, now, operationId);
      const repeat = repeatOf(begun);
      const fact = repeat === undefined ? undefined : repeatFact(calibration, operationId, repeat);
      if (fact === undefined) return begun;
      if (repeatCarriedOut(fact))
        return repeat === 'replay'
          ? { kind: 'new', scope: undefined }
          : keys.begin(`${scope}\n${fingerprint}`, fingerprint, now, operationId);
      if (fact.status >= 400) throw repeatRefusal(fact);
      return begun.kind === 'replay'
        ? { ...begun, response: { ...begun.response, status: fact.status } }
        : begun;
    },
    finish: (scope, response, now) => own.finish(scope, response, now),
    clear: () => own.clear(),
  };
  return keys;
}

/** The request limiter with the `Retry-After` the service's 429 gave (its whole seconds). */
function limitingAsMeasured(
  retryAfter: number,
  own: EngineParts['requestLimiter'],
): EngineParts['requestLimiter'] {
  return {
    hit: (id, now) => (own.hit(id, now) > 0 ? retryAfter * 1_000 : 0),
    clear: () => own.clear(),
  };
}

/**
 * The engine's parts as the service a profile measured works (`loyalty verify --profile-out`):
 * its validation, its answers to a key sent again, its `Retry-After`; each wraps the engine's own,
 * which answers wherever the profile says nothing.
 */
export function partsAsMeasured(calibration: Calibration, own: EngineParts): EngineParts {
  const retryAfter = calibration.rateLimit?.retryAfter ?? null;
  return {
    requestLimiter:
      retryAfter === null ? own.requestLimiter : limitingAsMeasured(retryAfter, own.requestLimiter),
    validate: validatingAsMeasured(calibration, own.validate),
    idempotency: keysAsMeasured(calibration, own.idempotency),
  };
}

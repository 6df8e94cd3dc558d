import type { Operation } from '../../operations/table.js';
import type { ApiFailure } from '../answers/failures.js';
import type { Answer, EngineRequest } from '../answers/response.js';
import type { Repeat } from '../profile/repeats.js';
import type { Caller } from '../state/caller.js';
import type { ServerLimits } from '../state/limits.js';
import { type RawInput, type ValidInput, validateInput } from './input.js';

/** How a request that repeats an Idempotency-Key the engine keeps is answered. */
export type Repeated =
  /** As the spec says: the kept answer again (under `status` when given), or a 409 for another request. */
  | { kind: 'kept'; status?: number }
  /** Run again as if it were new, and not kept. */
  | { kind: 'again' }
  /** Run under a key of its own (`idempotencyKey`), so that sent again it is a replay of itself. */
  | { kind: 'own-key'; idempotencyKey: string }
  | { kind: 'refused'; failure: ApiFailure };

/**
 * What the engine's steps answer by where a service may differ: the spec's (`specRules`), or a
 * measured service's (`profileRules`, from `createReferenceServer({ profile })`). Every step asks
 * it, whichever it is.
 */
export interface Rules {
  /** The requests a key is let through in a rate-limit window. */
  readonly requestLimit: number;
  /** The `Retry-After` seconds of a 429 past the rate limit; undefined: the wait, rounded up. */
  readonly retryAfter: number | undefined;
  /** Whether the operation has a route: one the service lacks is answered as a route it does not have. */
  serves(operationId: string): boolean;
  /** The request's input as the handler takes it; a 400 with every problem when it breaks a rule. */
  validate(operation: Operation, raw: RawInput): ValidInput;
  /** How a request repeating a kept key is answered (`fingerprint`: of this request). */
  repeated(
    operationId: string,
    repeat: Repeat,
    keyed: { idempotencyKey: string; fingerprint: string },
  ): Repeated;
  /** The answer of an operation as the service gives it (`caller`: the request's key, when it was known). */
  follow(operationId: string, request: EngineRequest, answer: Answer, caller: Caller | undefined): Answer;
}

/** A repeated key answered as the spec says. */
export const KEPT: Repeated = Object.freeze({ kind: 'kept' });

/** The rules as the spec says them: the table's checks, the configured rate limit, our answers. */
export function specRules(limits: ServerLimits): Rules {
  return {
    requestLimit: limits.rateLimit.limit,
    retryAfter: undefined,
    serves: () => true,
    validate: validateInput,
    repeated: () => KEPT,
    follow: (_operationId, _request, answer) => answer,
  };
}

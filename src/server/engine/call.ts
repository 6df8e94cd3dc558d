import type { BaseMeta } from '../answers/envelope.js';
import type { EngineRequest } from '../answers/response.js';
import type { Delivery } from '../faults/inject.js';
import type { Caller } from '../state/caller.js';
import type { OperationRoute } from './router.js';

/** What the steps leave for once the answer is made, whatever refusal made it. */
export interface Afterwards {
  /** Who called, once the key is known: a profiled service's OpenAPI document lists what it may call. */
  caller: Caller | undefined;
  /** The idempotency scope the answer is kept under: a request with an Idempotency-Key ran. */
  keptUnder: string | undefined;
  /** How fault injection delivers the answer. */
  deliver: Delivery | undefined;
}

/** A request that has a route and a known key: what the steps after authentication work on. */
export interface Call {
  readonly request: EngineRequest;
  readonly route: OperationRoute;
  readonly caller: Caller;
  readonly meta: BaseMeta;
  readonly after: Afterwards;
}

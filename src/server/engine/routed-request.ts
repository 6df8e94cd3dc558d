import type { BaseMeta } from '../answers/envelope.js';
import type { EngineRequest } from '../answers/response.js';
import type { Caller } from '../state/caller.js';
import type { OperationRoute } from './router.js';

/**
 * A request that has a route and a known key: what the steps after authentication work on. Made
 * once the key is known and never changed: `meta` is the envelope's meta from there on.
 */
export interface RoutedRequest {
  readonly request: EngineRequest;
  readonly route: OperationRoute;
  readonly caller: Caller;
  readonly meta: BaseMeta;
}

import type { LoyaltyClient, OperationId } from '../../src/index.js';
import { methodOf } from './sdk-call-cases.js';
import { VALID_ARGS } from './valid-args.js';

export { VALID_ARGS };

/** Calls `client.<id>(...VALID_ARGS[id])` and resolves to its full response. */
export function callValid(client: LoyaltyClient, id: OperationId) {
  const method = methodOf(client, id);
  if (!method) throw new Error(`client.${id} is not a method`);
  return method(...VALID_ARGS[id]).withResponse();
}

import type { ApiResponse } from '../../client/api-promise.js';
import type { LoyaltyClient } from '../../client/client.js';
import type { RequestOptions } from '../../client/options.js';
import type { Operation } from '../../operations/table.js';

type Method = (...args: unknown[]) => { withResponse(): Promise<ApiResponse<unknown>> };

/** `client.clientes.puntos.add`, from the operation id. */
function methodOf(client: LoyaltyClient, operation: Operation): Method {
  const segments = operation.id.split('.');
  let owner: unknown = client;
  for (const segment of segments.slice(0, -1)) owner = (owner as Record<string, unknown>)[segment];
  const method = (owner as Record<string, Method>)[segments.at(-1) as string] as Method;
  return method.bind(owner);
}

/** Calls the operation's SDK method: its path parameters, its body or query, and the options. */
export function callOperation(
  client: LoyaltyClient,
  operation: Operation,
  positionals: readonly unknown[],
  part: Record<string, unknown> | undefined,
  options: RequestOptions,
): Promise<ApiResponse<unknown>> {
  const args = part === undefined ? [...positionals, options] : [...positionals, part, options];
  return methodOf(client, operation)(...args).withResponse();
}

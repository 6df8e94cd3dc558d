import type { ReadResourceResult, Resource } from '@modelcontextprotocol/sdk/types.js';
import type { LoyaltyClient } from '../../client/client.js';
import type { Operation } from '../../operations/table.js';
import { toolName } from '../table/tool-schema.js';
import type { OfferedTools } from './tools.js';

/** What the key may do: its application, the scopes its tools need, and the tools. Never the key. */
const KEY_RESOURCE = 'loyalty://key';
const HELP_PREFIX = 'loyalty://help/';

/** The resources: the key's scopes, and the service's help text of each tool's operation. */
export function listResources(offered: OfferedTools): Resource[] {
  return [
    {
      uri: KEY_RESOURCE,
      name: 'key',
      description: "The API key's application, scopes and tools (never the key itself)",
      mimeType: 'application/json',
    },
    ...offered.operations.map((operation) => ({
      uri: `${HELP_PREFIX}${operation.id}`,
      name: `help ${toolName(operation)}`,
      description: `The service's help text of ${toolName(operation)}: parameters, rules, scope`,
      mimeType: 'text/plain',
    })),
  ];
}

function keyDescription(offered: OfferedTools): string {
  const scopes = [
    ...new Set(offered.operations.map((operation) => operation.scope).filter((scope) => scope !== null)),
  ];
  const tools = offered.operations.map((operation) => ({
    tool: toolName(operation),
    operationId: operation.id,
    scope: operation.scope,
  }));
  return JSON.stringify({ appId: offered.appId, scopes, tools }, null, 2);
}

/** A resource's text; undefined for a URI the server does not have. */
export async function readResource(
  client: LoyaltyClient,
  offered: OfferedTools,
  uri: string,
): Promise<ReadResourceResult | undefined> {
  if (uri === KEY_RESOURCE)
    return { contents: [{ uri, mimeType: 'application/json', text: keyDescription(offered) }] };
  const id = uri.startsWith(HELP_PREFIX) ? uri.slice(HELP_PREFIX.length) : undefined;
  const operation = offered.operations.find((candidate: Operation) => candidate.id === id);
  if (operation === undefined) return undefined;
  const text = await client.help(operation.id as Parameters<LoyaltyClient['help']>[0]);
  return { contents: [{ uri, mimeType: 'text/plain', text }] };
}

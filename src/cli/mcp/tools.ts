import type { LoyaltyClient } from '../../client/client.js';
import type { Operation } from '../../operations/table.js';
import { callable } from '../operations/whoami.js';
import { UsageError } from '../shared/usage-error.js';
import { writeEffect } from '../table/tool-effects.js';
import type { McpCommand } from './args.js';

/** The key's application and the operations the server offers as tools. */
export interface OfferedTools {
  appId: number | undefined;
  operations: Operation[];
}

/**
 * The operations the key may call (the service's `openapi.json` lists them, as for
 * `loyalty whoami`), less the writes with `--read-only`, and only those `--tools` names.
 */
export async function offeredTools(client: LoyaltyClient, command: McpCommand): Promise<OfferedTools> {
  const { data, meta } = await client.openapi.retrieve().withResponse();
  const allowed = callable(data as Parameters<typeof callable>[0]);
  const refused = (command.only ?? []).filter((operation) => !allowed.includes(operation));
  if (refused.length > 0) {
    const names = refused.map((operation) => `${operation.id} (scope ${operation.scope})`).join(', ');
    throw new UsageError(
      `--tools names what the key may not call: ${names} (loyalty whoami lists what it may)`,
    );
  }
  const operations = allowed
    .filter((operation) => command.only === undefined || command.only.includes(operation))
    .filter((operation) => !command.readOnly || writeEffect(operation.id) === undefined);
  return { appId: meta?.appId, operations };
}

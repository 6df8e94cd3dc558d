import { LoyaltyClient } from '../client/client.js';
import type { OperationDefinition } from '../operations/define.js';
import { operations } from '../operations/table.js';
import { resolveApiKey } from './api-key.js';
import { commandOf } from './command-tree.js';
import { EXIT } from './exit-codes.js';
import type { Output } from './output.js';
import { render } from './output.js';

/** The operations of the table that a served OpenAPI document lists (it lists what the key may call). */
function callable(document: { paths?: Record<string, Record<string, unknown>> }): OperationDefinition[] {
  const paths = document.paths ?? {};
  return (operations as readonly OperationDefinition[]).filter((operation) => {
    const item = Object.entries(paths).find(([path]) => path.endsWith(operation.path))?.[1];
    return item !== undefined && operation.method.toLowerCase() in item;
  });
}

/** `loyalty whoami`: the key's application (appId) and the operations it may call. */
export async function whoami(
  globals: { 'base-url'?: string; 'api-key-file'?: string },
  output: Output,
  env: NodeJS.ProcessEnv,
): Promise<number> {
  const client = new LoyaltyClient({
    apiKey: await resolveApiKey(globals['api-key-file'], env),
    baseUrl: globals['base-url'] ?? env.LOYALTY_BASE_URL,
    logLevel: 'off',
    appInfo: { name: 'loyalty-cli' },
  });
  const { data, meta } = await client.openapi.retrieve().withResponse();
  const allowed = callable(data as { paths?: Record<string, Record<string, unknown>> });
  if (output.json) {
    output.write(
      render({ appId: meta?.appId, operations: allowed.map((operation) => operation.id) }, output),
    );
  } else {
    output.write(
      `appId ${meta?.appId}; the key may call ${allowed.length} of ${operations.length} operations:`,
    );
    output.write(
      render(
        allowed.map((operation) => ({
          operation: operation.id,
          command: commandOf(operation),
          scope: operation.scope ?? '',
        })),
        output,
      ),
    );
  }
  return EXIT.ok;
}

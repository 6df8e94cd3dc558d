import type { LoyaltyClient } from '../../client/client.js';
import { type Operation, operations } from '../../operations/table.js';
import { EXIT } from '../shared/exit-codes.js';
import { COMMAND_OPTIONS } from '../shared/global-options.js';
import type { Output } from '../shared/output.js';
import { createOutput, render } from '../shared/output.js';
import { reportError } from '../shared/report-error.js';
import { serviceClient, serviceSettings } from '../shared/service-client.js';
import { UsageError } from '../shared/usage-error.js';
import { commandOf } from '../table/command-tree.js';
import { whoamiHelp } from '../table/help-text.js';
import { parseFlags } from '../table/parse-flags.js';

/** The operations of the table that a served OpenAPI document lists (it lists what the key may call). */
export function callable(document: { paths?: Record<string, Record<string, unknown>> }): Operation[] {
  const paths = document.paths ?? {};
  return operations.filter((operation) => {
    const item = Object.entries(paths).find(([path]) => path.endsWith(operation.path))?.[1];
    return item !== undefined && operation.method.toLowerCase() in item;
  });
}

/** The key's application (appId) and the operations it may call. */
async function whoami(client: LoyaltyClient, output: Output): Promise<number> {
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

/** `loyalty whoami [options]`. */
export async function whoamiCommand(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parseFlags(argv, COMMAND_OPTIONS, 'loyalty whoami');
  if (values.help) {
    process.stdout.write(whoamiHelp());
    return EXIT.ok;
  }
  if (positionals.length > 0)
    throw new UsageError(`loyalty whoami takes no argument, got ${JSON.stringify(positionals[0])}`);
  const output = createOutput(values.json === true, env);
  const settings = serviceSettings(values, env);
  try {
    return await whoami(await serviceClient(settings, env), output);
  } catch (error) {
    return reportError(error, output, settings.verbose);
  }
}

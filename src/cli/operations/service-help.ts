import { EXIT } from './exit-codes.js';
import { COMMAND_OPTIONS } from './global-options.js';
import { serviceHelpHelp, topHelp } from './help-text.js';
import { operationById } from './operation-id.js';
import { createOutput } from './output.js';
import { parseFlags } from './parse-flags.js';
import { reportError } from './report-error.js';
import { serviceClient, serviceSettings } from './service-client.js';
import { UsageError } from './usage-error.js';

/** `loyalty help <operationId> [options]`: the service's own help text (help=true). */
export async function serviceHelpCommand(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parseFlags(argv, COMMAND_OPTIONS, 'loyalty help');
  const [id, extra] = positionals;
  if (values.help || id === undefined) {
    process.stdout.write(values.help ? serviceHelpHelp() : topHelp());
    return EXIT.ok;
  }
  if (extra !== undefined)
    throw new UsageError(`loyalty help takes one operation id, got also ${JSON.stringify(extra)}`);
  const operation = operationById(id);
  const settings = serviceSettings(values, env);
  try {
    const client = await serviceClient(settings, env);
    process.stdout.write(await client.help(operation.id as Parameters<typeof client.help>[0]));
    return EXIT.ok;
  } catch (error) {
    return reportError(error, createOutput(values.json === true, env), settings.verbose);
  }
}

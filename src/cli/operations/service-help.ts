import { EXIT } from '../shared/exit-codes.js';
import { COMMAND_OPTIONS } from '../shared/global-options.js';
import { createOutput } from '../shared/output.js';
import { printOut } from '../shared/printed.js';
import { reportError } from '../shared/report-error.js';
import { serviceClient, serviceSettings } from '../shared/service-client.js';
import { UsageError } from '../shared/usage-error.js';
import { serviceHelpHelp, topHelp } from '../table/help-text.js';
import { operationById } from '../table/operation-id.js';
import { parseFlags } from '../table/parse-flags.js';

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
    printOut(await client.help(operation.id as Parameters<typeof client.help>[0]));
    return EXIT.ok;
  } catch (error) {
    return reportError(error, createOutput(values.json === true, env), settings.verbose);
  }
}

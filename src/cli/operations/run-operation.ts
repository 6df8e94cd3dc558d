import { REPLAYED_NOTE } from '../../client/call-log.js';
import type { LoyaltyClient } from '../../client/client.js';
import type { RequestOptions } from '../../client/options.js';
import { counted } from '../../core/index.js';
import { isWrite } from '../../operations/define.js';
import type { Operation } from '../../operations/table.js';
import { EXIT } from '../shared/exit-codes.js';
import { createOutput, type Output, paint, render } from '../shared/output.js';
import { reportError } from '../shared/report-error.js';
import { serviceClient, serviceSettings } from '../shared/service-client.js';
import { canAsk, confirm } from '../shared/terminal.js';
import { UsageError } from '../shared/usage-error.js';
import { commandOf } from '../table/command-tree.js';
import { operationHelp } from '../table/help-text.js';
import { callOperation } from './call-operation.js';
import { type ParsedOperation, parseOperation } from './parse-operation.js';

/** Answered no at a group action's question: the message says nothing was applied, so no line follows. */
class NotConfirmedError extends UsageError {}

/**
 * A group action applied without `--yes`: its dry run first, shown on stderr, then the question on
 * a terminal; without one, nothing is applied and the command says to add `--yes`.
 */
async function confirmGroupAction(
  client: LoyaltyClient,
  parsed: ParsedOperation,
  output: Output,
): Promise<void> {
  const { operation, positionals, part } = parsed;
  const dryRun = await callOperation(client, operation, positionals, { ...part, dryRun: true }, {});
  const { afectados, costoEstimado } = dryRun.data as { afectados?: number; costoEstimado?: number };
  const customers =
    afectados === undefined ? 'an unknown number of customers' : counted(afectados, 'customer');
  const reach = `would reach ${customers} (costoEstimado ${costoEstimado})`;
  // Without a terminal there is no one to ask: the refusal says the dry run's figures, once.
  if (!canAsk()) {
    throw new UsageError(
      `${operation.id} is a group action and there is no terminal to confirm it on: its dry run ${reach}; add --yes to apply it (or --dry-run to only preview)`,
    );
  }
  output.error(paint(output, 'yellow', `Dry run: ${commandOf(operation)} ${reach}.`));
  if (!(await confirm('Apply it?'))) throw new NotConfirmedError('Not applied.');
}

function needsConfirmation(parsed: ParsedOperation): boolean {
  return parsed.operation.groupAction === true && parsed.part?.dryRun !== true && parsed.globals.yes !== true;
}

async function callService(parsed: ParsedOperation, output: Output, env: NodeJS.ProcessEnv): Promise<number> {
  const client = await serviceClient(serviceSettings(parsed.globals, env), env);
  if (needsConfirmation(parsed)) await confirmGroupAction(client, parsed, output);
  const key = parsed.globals['idempotency-key'];
  const options: RequestOptions = key === undefined ? {} : { idempotencyKey: key };
  const response = await callOperation(client, parsed.operation, parsed.positionals, parsed.part, options);
  const shown = parsed.globals['with-response']
    ? {
        data: response.data,
        meta: response.meta,
        status: response.status,
        requestId: response.meta?.requestId,
        idempotencyKey: response.idempotencyKey,
        replayed: response.replayed,
      }
    : response.data;
  output.write(render(shown, output));
  // A replay looks like the first answer, which it is: say that nothing was applied this time.
  if (response.replayed)
    output.error(
      paint(
        output,
        'yellow',
        `${REPLAYED_NOTE} (the key ${response.idempotencyKey} was used before; this is its first answer)`,
      ),
    );
  return EXIT.ok;
}

/** `loyalty <words> [args] [--flags]` for one operation: parse, call, print; the exit status. */
export async function runOperation(
  operation: Operation,
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<number> {
  let output = createOutput(argv.includes('--json'), env);
  let verbose = false;
  try {
    const parsed = await parseOperation(operation, argv);
    output = createOutput(parsed.globals.json === true, env);
    verbose = parsed.globals.verbose === true;
    if (parsed.globals.help) {
      output.write(operationHelp(operation));
      return EXIT.ok;
    }
    return await callService(parsed, output, env);
  } catch (error) {
    const code = reportError(error, output, verbose);
    // Only a write could have changed something; a mistake in its command line changed nothing.
    if (error instanceof UsageError && !(error instanceof NotConfirmedError) && isWrite(operation))
      output.error('Nothing was applied.');
    return code;
  }
}

#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { LoyaltyClient } from '../client/client.js';
import { getOperation } from '../operations/table.js';
import { resolveApiKey } from './api-key.js';
import { bulkCommand } from './bulk-command.js';
import { resolveCommand } from './command-tree.js';
import { complete, completionScript, SHELLS, type Shell } from './completion.js';
import { EXIT, exitCodeOf } from './exit-codes.js';
import { COMMAND_OPTIONS } from './global-options.js';
import { groupHelp, topHelp } from './help-text.js';
import { createOutput, paint } from './output.js';
import { runOperation } from './run-operation.js';
import { serveCommand } from './serve.js';
import { UsageError } from './usage-error.js';
import { whoami } from './whoami.js';

/** `loyalty help <operationId>`: the service's own help text (help=true). */
async function serviceHelp(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: COMMAND_OPTIONS,
    allowPositionals: true,
  });
  const [id] = positionals;
  if (id === undefined || values.help) {
    process.stdout.write(topHelp());
    return EXIT.ok;
  }
  if (!getOperation(id))
    throw new UsageError(`unknown operation ${JSON.stringify(id)}; the ids are in loyalty --help`);
  const client = new LoyaltyClient({
    apiKey: await resolveApiKey(values['api-key-file'], env),
    baseUrl: values['base-url'] ?? env.LOYALTY_BASE_URL,
    logLevel: 'off',
  });
  process.stdout.write(await client.help(id as Parameters<LoyaltyClient['help']>[0]));
  return EXIT.ok;
}

/** `loyalty completion <shell>`: the script, on stdout. */
function completionCommand(argv: readonly string[]): number {
  const [shell, ...extra] = argv;
  if (shell === '--help' || shell === '-h') {
    process.stdout.write(`Usage: loyalty completion ${SHELLS.join('|')}\n`);
    return EXIT.ok;
  }
  if (!SHELLS.includes(shell as Shell) || extra.length > 0) {
    throw new UsageError(
      `loyalty completion takes one shell: ${SHELLS.join(', ')} (e.g. source <(loyalty completion bash))`,
    );
  }
  process.stdout.write(completionScript(shell as Shell));
  return EXIT.ok;
}

async function other(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const resolved = resolveCommand(argv);
  if (resolved.kind === 'operation') return runOperation(resolved.operation, resolved.rest, env);
  if (resolved.kind === 'group') {
    const help = groupHelp(resolved.words);
    if (resolved.rest.includes('--help') || resolved.rest.includes('-h')) {
      process.stdout.write(help);
      return EXIT.ok;
    }
    process.stderr.write(help);
    return EXIT.usage;
  }
  const where = ['loyalty', ...resolved.words].join(' ');
  throw new UsageError(
    `${where}: unknown command ${JSON.stringify(resolved.word)}${resolved.suggestion ? `; did you mean "${resolved.suggestion}"?` : ''} (see ${where} --help)`,
  );
}

async function main(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h') {
    process.stdout.write(topHelp());
    return EXIT.ok;
  }
  if (first === 'serve') return serveCommand(argv);
  if (first === 'help') return serviceHelp(rest, env);
  if (first === 'bulk') return bulkCommand(rest, env);
  if (first === 'completion') return completionCommand(rest);
  if (first === '__complete') {
    for (const candidate of complete(rest)) process.stdout.write(`${candidate}\n`);
    return EXIT.ok;
  }
  if (first === 'whoami') {
    const { values } = parseArgs({ args: rest, options: COMMAND_OPTIONS });
    return whoami(values, createOutput(values.json === true, env), env);
  }
  return other(argv, env);
}

main(process.argv.slice(2), process.env).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const output = createOutput(false);
    output.error(paint(output, 'red', `loyalty: ${(error as Error).message}`));
    process.exitCode =
      error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
        ? EXIT.usage
        : exitCodeOf(error);
  },
);

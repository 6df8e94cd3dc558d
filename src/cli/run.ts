import { SDK_VERSION } from '../version.js';
import { bulkCommand } from './bulk/bulk-command.js';
import { complete, completionScript, SHELLS, type Shell } from './completion.js';
import { runOperation } from './operations/run-operation.js';
import { serviceHelpCommand } from './operations/service-help.js';
import { whoamiCommand } from './operations/whoami.js';
import { serveCommand } from './serve/serve.js';
import { EXIT } from './shared/exit-codes.js';
import { forgetSecrets } from './shared/printed.js';
import { UsageError } from './shared/usage-error.js';
import { resolveCommand } from './table/command-tree.js';
import { groupHelp, topHelp } from './table/help-text.js';
import { verifyCommand } from './verify/run.js';

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
  const what = resolved.words.length === 0 ? 'unknown command' : `${resolved.words.join(' ')} has no command`;
  throw new UsageError(
    `${what} ${JSON.stringify(resolved.word)}${resolved.suggestion ? `; did you mean "${resolved.suggestion}"?` : ''} (see ${where} --help)`,
  );
}

/**
 * `loyalty ...argv` with `env` as its environment: the exit status, or a throw for the caller to
 * report. Printing goes to process.stdout and process.stderr.
 */
export async function runCli(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  forgetSecrets();
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h') {
    process.stdout.write(topHelp());
    return EXIT.ok;
  }
  if (first === '--version' || first === '-V') {
    process.stdout.write(`${SDK_VERSION}\n`);
    return EXIT.ok;
  }
  if (first === 'serve') return serveCommand(argv);
  if (first === 'help') return serviceHelpCommand(rest, env);
  if (first === 'bulk') return bulkCommand(rest, env);
  if (first === 'completion') return completionCommand(rest);
  if (first === '__complete') {
    for (const candidate of complete(rest)) process.stdout.write(`${candidate}\n`);
    return EXIT.ok;
  }
  if (first === 'whoami') return whoamiCommand(rest, env);
  if (first === 'verify') return verifyCommand(rest, env);
  // Loaded only when asked for: the MCP SDK stays out of every other command's start.
  if (first === 'mcp') return (await import('./mcp/command.js')).mcpCommand(rest, env);
  return other(argv, env);
}

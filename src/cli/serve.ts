import { readFileSync } from 'node:fs';
import { API_PREFIX } from '../operations/limits.js';
import { createReferenceServer } from '../server/internal.js';
import { type CliCommand, parseCommand, UsageError } from './args.js';
import { describeKeys } from './describe-keys.js';
import { EXIT } from './exit-codes.js';
import { describeFaults } from './fault-flags.js';
import { USAGE } from './usage.js';

function waitForStopSignal(): Promise<string> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
}

async function serve(command: Extract<CliCommand, { kind: 'serve' }>): Promise<number> {
  let server: ReturnType<typeof createReferenceServer>;
  try {
    server = createReferenceServer(command.options);
  } catch (error) {
    process.stderr.write(`loyalty: ${(error as Error).message}\n`);
    return EXIT.usage;
  }
  let url: string;
  try {
    url = await server.listen({ port: command.port, ...(command.host ? { host: command.host } : {}) });
  } catch (error) {
    process.stderr.write(`loyalty: cannot listen: ${(error as Error).message}\n`);
    return EXIT.failure;
  }
  const lines = [
    `Loyalty reference server listening on ${url}`,
    `API base: ${url}${API_PREFIX}`,
    'Accepted API keys (header apikey):',
    ...describeKeys(command.options.keys),
    ...describeFaults(command.options.faults),
    `Inspector: ${url}/__inspector${command.options.adminToken ? '?token=<the admin token>' : ''}`,
    'Press Ctrl+C to stop.',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  const signal = await waitForStopSignal();
  await server.close();
  process.stdout.write(`Stopped (${signal}).\n`);
  return EXIT.ok;
}

/** `loyalty serve [options]`: the reference server until Ctrl+C. */
export async function serveCommand(argv: readonly string[]): Promise<number> {
  let command: CliCommand;
  try {
    command = parseCommand(argv, (path) => readFileSync(path, 'utf8'));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`loyalty: ${error.message}\nRun "loyalty serve --help" for usage.\n`);
    return EXIT.usage;
  }
  if (command.kind === 'help') {
    process.stdout.write(USAGE);
    return EXIT.ok;
  }
  return serve(command);
}

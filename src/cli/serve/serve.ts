import { API_PREFIX } from '../../operations/limits.js';
import { createReferenceServer, DEFAULT_HOST, INSPECTOR_PATH, isLoopback } from '../../server/internal.js';
import { readFlagFile } from '../shared/capped-file.js';
import { EXIT } from '../shared/exit-codes.js';
import { type CliCommand, parseCommand, UsageError } from './args.js';
import { describeKeys } from './describe-keys.js';
import { describeProfile } from './describe-profile.js';
import { describeFaults } from './fault-flags.js';
import { USAGE } from './usage.js';

function waitForStopSignal(): Promise<string> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
}

type ServeCommand = Extract<CliCommand, { kind: 'serve' }>;

function listenFailure(error: unknown, command: ServeCommand): string {
  if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE')
    return `cannot listen: ${(error as Error).message}`;
  return `port ${command.port} is in use on ${command.host ?? DEFAULT_HOST}: stop what holds it, or pass --port 0 for a free port`;
}

/** Where the inspector is; without a token it answers only on a loopback bind, so elsewhere the line says it is off. */
function inspectorLine(url: string, command: ServeCommand): string {
  const host = command.host ?? DEFAULT_HOST;
  if (command.options.adminToken !== undefined)
    return `Inspector: ${url}${INSPECTOR_PATH}?token=<the admin token>`;
  if (isLoopback(host)) return `Inspector: ${url}${INSPECTOR_PATH}`;
  return `The inspector and the admin routes are off on a non-loopback bind (${host}) until --admin-token T is given`;
}

async function serve(command: ServeCommand): Promise<number> {
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
    process.stderr.write(`loyalty: ${listenFailure(error, command)}\n`);
    return EXIT.failure;
  }
  const lines = [
    `Loyalty reference server listening on ${url}`,
    `API base: ${url}${API_PREFIX}`,
    'Accepted API keys (header apikey):',
    ...describeKeys(command.options.keys),
    ...describeFaults(command.options.faults),
    ...describeProfile(command.options.profile),
    inspectorLine(url, command),
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
    command = parseCommand(argv, readFlagFile);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    const hint = error.message.includes('--help') ? '' : 'Run "loyalty serve --help" for usage.\n';
    process.stderr.write(`loyalty: ${error.message}\n${hint}`);
    return EXIT.usage;
  }
  if (command.kind === 'help') {
    process.stdout.write(USAGE);
    return EXIT.ok;
  }
  return serve(command);
}

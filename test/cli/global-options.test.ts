/**
 * The options every command that calls the service takes (`--base-url`, `--api-key-file`,
 * `--timeout-ms`, `--max-retries`, `--verbose`, `--help`): accepted by each, `--help` answered
 * before a key is needed, an unknown option refused in the command's own words.
 */
import { describe, expect, it } from 'vitest';
import { loyalty, loyaltyProcess, serverForCli } from './cli-harness.js';

const { env } = await serverForCli();
const NO_KEY = { LOYALTY_BASE_URL: env.LOYALTY_BASE_URL };
const RAW_PARSER_TEXT = 'To specify a positional argument';

describe('--verbose', () => {
  it('logs on stderr: stdout holds only the result', async () => {
    const run = await loyalty(['tareas', 'list', '--verbose'], env);
    expect(run.code).toBe(0);
    expect(() => JSON.parse(run.stdout)).not.toThrow();
    expect(run.stderr).toContain('loyalty-sdk <- 200 tareas.list');
  });
});

describe('every command that calls the service takes the options of every command', () => {
  it.each([
    ['whoami', ['whoami']],
    ['help <operationId>', ['help', 'clientes.puntos.add']],
  ])('%s takes --max-retries, --timeout-ms and --verbose', async (_name, args) => {
    const run = await loyalty([...args, '--max-retries', '0', '--timeout-ms', '5000', '--verbose'], env);
    expect(run.stderr).not.toContain('Unknown option');
    expect(run.code).toBe(0);
  });

  it('whoami --verbose logs its call on stderr', async () => {
    // The built bin, end to end: its log lines reach the process's stderr.
    const run = await loyaltyProcess(['whoami', '--verbose'], env);
    expect(run.stderr).toContain('loyalty-sdk <- 200 openapi.retrieve');
    expect(JSON.parse(run.stdout)).toHaveProperty('appId');
  });
});

describe('--help needs no key', () => {
  it.each([
    ['whoami', ['whoami', '--help'], 'Usage: loyalty whoami'],
    ['help', ['help', '--help'], 'Usage: loyalty help <operationId>'],
    ['an operation', ['clientes', 'retrieve', '--help'], 'Usage: loyalty clientes retrieve'],
    ['bulk', ['bulk', '--help'], 'Usage: loyalty bulk'],
  ])('%s --help prints its help and exits 0 without a key', async (_name, args, usage) => {
    const run = await loyalty(args, NO_KEY);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(usage);
    expect(run.stderr).toBe('');
  });

  it("whoami's help lists the options of every command", async () => {
    const run = await loyalty(['whoami', '--help'], NO_KEY);
    for (const flag of ['--base-url', '--api-key-file', '--timeout-ms', '--max-retries', '--verbose'])
      expect(run.stdout).toContain(flag);
  });
});

describe('an unknown option is refused in the command’s words, with the one meant', () => {
  it.each([
    [
      'whoami',
      ['whoami', '--max-retry', '0'],
      'loyalty whoami has no option --max-retry; did you mean --max-retries?',
    ],
    [
      'help',
      ['help', 'clientes.puntos.add', '--timeout', '5'],
      'loyalty help has no option --timeout; did you mean --timeout-ms?',
    ],
    [
      'bulk',
      ['bulk', 'clientes.puntos.add', '--fil', 'x.csv'],
      'loyalty bulk has no option --fil; did you mean --file?',
    ],
  ])('%s', async (_name, args, message) => {
    const run = await loyalty(args, env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).not.toContain(RAW_PARSER_TEXT);
  });
});

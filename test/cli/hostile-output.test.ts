/**
 * What an operation command prints when the service misbehaves (issue "A hostile or broken
 * service"): a key the service echoes in a 2xx answer is masked in every format, on stdout and
 * stderr (no 8 characters of it in a row survive); an answer nested 100,000 deep ends the command
 * with one sentence and exit 1, never "Maximum call stack size exceeded".
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openTerminal } from '../support/terminal-session.js';
import {
  deepJson,
  echoKey,
  hostileService,
  type Misbehaviour,
  secretFragments,
} from '../verify/hostile-service.js';
import { CLI, type CliRun, loyalty } from './cli-harness.js';

const KEY = 'hostile_cli_key_4f9d2b7e18ac';
const MASKED = `****${KEY.slice(-4)}`;

const services: { close(): Promise<void> }[] = [];
afterAll(() => Promise.all(services.map((service) => service.close())));

/** The environment that points the command at a service that misbehaves so. */
async function envOf(misbehaviour: Misbehaviour): Promise<Record<string, string>> {
  const service = await hostileService(misbehaviour);
  services.push(service);
  return { LOYALTY_BASE_URL: service.baseUrl, LOYALTY_API_KEY: KEY };
}

function expectNoKeyFragment(text: string): void {
  for (const fragment of secretFragments(KEY)) expect(text).not.toContain(fragment);
}

const echoRecord = await envOf(echoKey(KEY));
const echoList = await envOf(echoKey(KEY, [{ tareaId: 1, titulo: KEY }]));
const echoRefusal = await envOf(echoKey(KEY, undefined, 400));

describe('a key the service echoes', () => {
  it.each<[string, string[], Record<string, string>, number, (run: CliRun) => string]>([
    ['JSON of data (stdout)', ['clientes', 'retrieve', 'cli_1'], echoRecord, 0, (run) => run.stdout],
    [
      'JSON with --with-response: meta.requestId and requestId (stdout)',
      ['clientes', 'retrieve', 'cli_1', '--with-response'],
      echoRecord,
      0,
      (run) => run.stdout,
    ],
    ['JSON of a list (stdout)', ['tareas', 'list'], echoList, 0, (run) => run.stdout],
    [
      'a refusal and its envelope with --verbose (stderr)',
      ['clientes', 'retrieve', 'cli_1', '--verbose'],
      echoRefusal,
      2,
      (run) => run.stderr,
    ],
  ])('is masked in %s', async (_, args, env, code, printed) => {
    const run = await loyalty(args, env);
    expect(run.code, run.stderr).toBe(code);
    expect(printed(run)).toContain(MASKED);
    expectNoKeyFragment(run.stdout);
    expectNoKeyFragment(run.stderr);
  });

  it.each([
    ['key/value lines of a record', ['clientes', 'retrieve', 'cli_1'], echoRecord, /nota\s+\*{4}/],
    ['a table of a list', ['tareas', 'list'], echoList, /titulo[\s\S]*\*{4}/],
  ])('is masked on a terminal, in %s', async (_, args, env, shown) => {
    const command = [process.execPath, CLI, ...args].map((word) => `'${word}'`).join(' ');
    const terminal = openTerminal(`bash -c "${command}; echo exit \\$?"`, {
      PATH: process.env.PATH ?? '',
      TERM: 'xterm-256color',
      ...env,
    });
    try {
      const screen = await terminal.waitFor(/exit \d+/);
      expect(screen).toMatch(/exit 0/);
      expect(screen).toMatch(shown);
      expectNoKeyFragment(screen);
    } finally {
      terminal.close();
    }
  });
});

const DEEP_SENTENCE = "loyalty: the service's answer nests deeper than 1000 levels; it cannot be printed\n";

describe('an answer nested 100,000 deep', () => {
  const deep = envOf(deepJson(100_000));

  it.each([
    ['data, as JSON', ['clientes', 'retrieve', 'cli_1']],
    ['--with-response', ['clientes', 'retrieve', 'cli_1', '--with-response']],
  ])('%s: one sentence on stderr, nothing on stdout, exit 1', async (_, args) => {
    const run = await loyalty(args, await deep);
    expect(run.stderr).toBe(DEEP_SENTENCE);
    expect(run.stdout).toBe('');
    expect(run.code).toBe(1);
  });

  it("a refusal's details, with --verbose: the error line, then one sentence in place of the envelope", async () => {
    const run = await loyalty(
      ['clientes', 'retrieve', 'cli_1', '--verbose'],
      await envOf(deepJson(100_000, 400)),
    );
    expect(run.stderr).not.toMatch(/call stack/i);
    expect(run.stderr).toContain(
      "the service's envelope nests deeper than 1000 levels; it cannot be printed",
    );
    expect(run.code).toBe(2);
  });
});

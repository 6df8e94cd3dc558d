/**
 * What the command does only on a terminal, on a real one (tmux): the hidden key prompt, the y/N
 * question of a group action, the progress bar of a bulk job, and Ctrl+C stopping a job that a
 * second run then finishes, each row applied once.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../src/server/index.js';
import { movementOf, OPENING_BALANCE, uidOf } from '../fleet/plan.mjs';
import { temporaryFolder } from '../support/end-after.js';
import { openTerminal, type TerminalSession } from '../support/terminal-session.js';
import { loyalty, loyaltyBinDirectory, serverForCli } from './cli-harness.js';

const directory = temporaryFolder('cli-terminal-');

let session: TerminalSession | undefined;
afterEach(() => session?.close());

const bin = loyaltyBinDirectory();

/**
 * `loyalty ...args` on a terminal, `loyalty` found on PATH; the shell prints `exit N` when it ends.
 * Through bash, which lets a child that handles Ctrl+C finish and then goes on, as an operator's
 * interactive shell does (dash dies with the signal at once).
 */
function onTerminal(args: readonly string[], env: Record<string, string>): TerminalSession {
  const line = ['loyalty', ...args].map((word) => `'${word}'`).join(' ');
  session = openTerminal(`bash -c "${line.replaceAll('"', '\\"')}; echo exit \\$?"`, {
    PATH: `${bin}:${process.env.PATH ?? ''}`,
    TERM: 'xterm-256color',
    ...env,
  });
  return session;
}

describe('the API key, asked for on a terminal', () => {
  it('is read without being shown, and the command runs with it', async () => {
    const { url } = await serverForCli();
    const terminal = onTerminal(['whoami'], { LOYALTY_BASE_URL: url });
    await terminal.waitFor(/API key \(not shown\): $/m);
    terminal.type(DEMO_API_KEY);
    terminal.press('Enter');
    const screen = await terminal.waitFor(/exit 0/);
    expect(screen).toMatch(/appId \S+; the key may call 18 of 18 operations/);
    expect(screen).not.toContain(DEMO_API_KEY);
  });

  it('Ctrl+C at the prompt cancels with exit status 2 and sends nothing', async () => {
    const { server, url } = await serverForCli();
    const before = server.admin.audit().length;
    const terminal = onTerminal(['clientes', 'puntos', 'add', 'cli_0001', '--puntos', '5'], {
      LOYALTY_BASE_URL: url,
    });
    await terminal.waitFor(/API key \(not shown\): $/m);
    terminal.type('lk_half_typed');
    terminal.press('C-c');
    const screen = await terminal.waitFor(/exit 2/);
    expect(screen).toContain('cancelled: no API key given');
    expect(screen).not.toContain('lk_half_typed');
    expect(server.admin.audit()).toHaveLength(before);
  });
});

describe('colour: on a terminal only, and never with NO_COLOR', () => {
  const RED = '\u001b[31m';
  const notFound = ['clientes', 'retrieve', 'cli_9999'];

  it('an error on a terminal is red', async () => {
    const { env } = await serverForCli();
    const terminal = onTerminal(notFound, env);
    await terminal.waitFor(/exit 4/);
    expect(terminal.screen({ escapes: true })).toContain(`${RED}loyalty: `);
  });

  it('with NO_COLOR set, the same error on a terminal has no colour', async () => {
    const { env } = await serverForCli();
    const terminal = onTerminal(notFound, { ...env, NO_COLOR: '1' });
    await terminal.waitFor(/exit 4/);
    const screen = terminal.screen({ escapes: true });
    expect(screen).toContain('loyalty: ');
    expect(screen).not.toContain(RED);
  });

  it('on a pipe, the error has no colour', async () => {
    const { env } = await serverForCli();
    const run = await loyalty(notFound, env);
    expect(run.code).toBe(4);
    expect(run.stderr).toContain('loyalty: ');
    expect(run.stderr).not.toContain('\u001b[');
  });
});

describe('a group action on a terminal: its dry run, then a y/N question', () => {
  const command = ['grupos', 'puntos', 'add', '1', '--puntos', '3'];

  it('answered n: nothing is applied, exit status 2', async () => {
    const { server, env } = await serverForCli();
    const before = server.admin.audit().length;
    const terminal = onTerminal(command, env);
    const asked = await terminal.waitFor(/Apply it\? \[y\/N\] $/m);
    expect(asked).toMatch(/Dry run: loyalty grupos puntos add would reach \d+ customers/);
    terminal.type('n');
    terminal.press('Enter');
    const screen = await terminal.waitFor(/exit 2/);
    expect(screen).toContain('Not applied.');
    expect(server.admin.audit()).toHaveLength(before);
  });

  it('answered n: the command says once that nothing was applied', async () => {
    const { env } = await serverForCli();
    const terminal = onTerminal(command, env);
    await terminal.waitFor(/Apply it\? \[y\/N\] $/m);
    terminal.type('n');
    terminal.press('Enter');
    const screen = await terminal.waitFor(/exit 2/);
    const answer = screen.slice(screen.indexOf('[y/N] n'));
    expect(answer.match(/applied/gi)).toEqual(['applied']);
    expect(answer).toContain('loyalty: Not applied.');
  });

  it('answered y: applied once, exit status 0', async () => {
    const { server, env } = await serverForCli();
    const before = server.admin.audit().length;
    const terminal = onTerminal(command, env);
    await terminal.waitFor(/Apply it\? \[y\/N\] $/m);
    terminal.type('y');
    terminal.press('Enter');
    await terminal.waitFor(/exit 0/);
    expect(server.admin.audit().length).toBeGreaterThan(before);
  });
});

describe('loyalty bulk on a terminal', { timeout: 120_000 }, () => {
  const ROWS = 1_500;
  const CUSTOMERS = 50;

  async function slowLedger() {
    const served = await serverForCli({
      seed: 'empty',
      limits: { rateLimit: { limit: Number.POSITIVE_INFINITY } },
      // Slow enough that the job is still running when the bar and Ctrl+C are looked at.
      faults: { seed: 1, rates: {}, latencyMs: 25 },
    });
    for (let index = 0; index < CUSTOMERS; index++) {
      served.server.admin.createCustomer({ uid: uidOf(index), puntos: OPENING_BALANCE });
    }
    const lines = ['id,uid,puntos'];
    const due = new Map<string, number>();
    for (let index = 0; index < ROWS; index++) {
      const { id, uid, puntos } = movementOf(index, CUSTOMERS);
      lines.push(`${id},${uid},${puntos}`);
      due.set(uid, (due.get(uid) ?? OPENING_BALANCE) + puntos);
    }
    const file = join(directory, `rows-${randomUUID()}.csv`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    return { ...served, file, due };
  }

  it('shows a progress bar with the count, the rate and the ETA, and the summary at the end', async () => {
    const { env, file } = await slowLedger();
    const terminal = onTerminal(['bulk', 'clientes.puntos.add', '--file', file, '--concurrency', '64'], env);
    const running = await terminal.waitFor(
      / [1-9]\d*\/1500 \| [\d.]+\/s \| ETA \S+ \| succeeded [1-9]\d*, skipped 0, failed 0, invalid 0/,
    );
    expect(running).not.toContain('exit');
    const done = await terminal.waitFor(/exit 0/);
    expect(done).toContain('1500/1500');
    expect(done).toContain('succeeded 1500, skipped 0, failed 0, invalid 0');
  });

  it('Ctrl+C stops the job cleanly and says how to resume; resumed, every row is applied once', async () => {
    const { server, env, file, due } = await slowLedger();
    const checkpoint = join(directory, `ctrl-c-${randomUUID()}.ckpt`);
    const args = [
      'bulk',
      'clientes.puntos.add',
      '--file',
      file,
      '--job-id',
      'ctrl-c',
      '--checkpoint',
      checkpoint,
    ];
    const terminal = onTerminal(args, env);
    await terminal.waitFor(/ [1-9]\d{2,}\/1500 \|/);
    terminal.press('C-c');
    const stopped = await terminal.waitFor(/exit 130/);
    expect(stopped).toMatch(/bulk: stopped: succeeded \d+, skipped 0, failed 0, invalid 0; \d+ not sent/);
    expect(stopped).toContain(
      `resume with: loyalty bulk clientes.puntos.add --file ${file} --job-id ctrl-c --checkpoint ${checkpoint}`,
    );
    const appliedBefore = server.admin.audit().length;
    expect(appliedBefore).toBeGreaterThan(0);
    expect(appliedBefore).toBeLessThan(ROWS);

    const resumed = await loyalty(args, env);
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toMatch(/succeeded \d+, skipped \d+, failed 0/);
    expect(server.admin.audit()).toHaveLength(ROWS);
    const wrong = [...due].filter(([uid, balance]) => server.admin.customer(uid)?.puntos !== balance);
    expect(wrong).toEqual([]);
  });
});

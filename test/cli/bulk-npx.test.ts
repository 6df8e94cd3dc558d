/**
 * `npx loyalty bulk` in a project that installed the packed package (no network: the tarball and
 * npm's cache): Ctrl+C mid-run prints a resume line that starts with `npx loyalty`, and that line,
 * pasted into a shell in the project's folder, finishes the job with every row applied once.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMarks } from '../leftovers/leftovers.mjs';
import { installPackedTarball } from '../runtimes/packed-project.mjs';
import { endAfter, temporaryFolder } from '../support/end-after.js';
import { ledger, movementsFile, stopSummary, summaryCounts, until } from './bulk-harness.js';
import type { CliRun } from './cli-harness.js';

const ROWS = 300;
const CUSTOMERS = 30;

/** A shell's environment of its own: nothing of this run's npm (npx vitest sets npm_* too). */
const shellEnv = (service: Record<string, string>) => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? tmpdir(),
  ...runMarks(),
  ...service,
});

/** The status a shell reports: 128 + the signal's number when a signal ended it (npm dies of Ctrl+C's SIGINT). */
function finished(child: ChildProcess, output: { stdout: string; stderr: string }): Promise<CliRun> {
  return new Promise((resolve) =>
    child.on('close', (code, signal) =>
      resolve({ code: code ?? 128 + (signal ? constants.signals[signal] : 0), ...output }),
    ),
  );
}

/** `line` typed at a bash prompt in `cwd`; in a process group of its own, as a terminal's job is (bash lets a child that handles Ctrl+C finish; dash dies at once). */
function typed(line: string, cwd: string, env: Record<string, string>) {
  const child = spawn('bash', ['-c', line], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  // Its group ends with the test, though an assertion failed before the job did.
  endAfter(() => {
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      // the job had ended
    }
  });
  const output = { stdout: '', stderr: '' };
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output.stdout += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output.stderr += chunk;
  });
  /** Ctrl+C: SIGINT to the whole foreground group (npx and the CLI it started), as a terminal sends it. */
  const ctrlC = () => process.kill(-(child.pid as number), 'SIGINT');
  return { exited: finished(child, output), ctrlC };
}

function pasted(line: string, cwd: string, env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve) =>
    execFile(
      '/bin/sh',
      ['-c', line],
      { cwd, env, encoding: 'utf8', timeout: 120_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    ),
  );
}

describe('npx loyalty bulk in a project that installed the package', { timeout: 300_000 }, () => {
  it('after Ctrl+C prints `resume with: npx loyalty bulk ...`; pasted in the project, the job finishes, each row applied once', async () => {
    const { project } = await installPackedTarball(temporaryFolder('loyalty-npx-'));
    // Slow answers keep the job running when Ctrl+C comes.
    const { server, env } = await ledger(CUSTOMERS, { faults: { seed: 11, rates: {}, latencyMs: 25 } });
    const { file, due } = movementsFile('npx.csv', ROWS, CUSTOMERS);
    const checkpoint = join(project, 'movements.ckpt');
    const run = typed(
      `npx loyalty bulk clientes.puntos.add --file ${file} --key-field order --concurrency 2 --checkpoint ${checkpoint}`,
      project,
      shellEnv(env),
    );
    await until(() => server.admin.audit().length >= 20);
    run.ctrlC();
    const stopped = await run.exited;
    expect(stopped.code, stopped.stderr).toBe(130);
    const atStop = stopSummary(stopped.stderr);
    expect(atStop.notSent).toBeGreaterThan(0);

    const line = /^bulk: resume with: (.+)$/m.exec(stopped.stderr)?.[1] ?? '';
    expect(line).toBe(
      `npx loyalty bulk clientes.puntos.add --file ${file} --key-field order --concurrency 2 --checkpoint ${checkpoint}`,
    );

    const resumed = await pasted(line, project, shellEnv(env));
    expect(resumed.code, resumed.stderr).toBe(0);
    const counts = summaryCounts(resumed.stdout);
    expect(counts.failed).toBe(0);
    expect(counts.succeeded + counts.skipped).toBe(ROWS);
    expect(counts.skipped).toBeGreaterThan(0);
    expect(server.admin.audit()).toHaveLength(ROWS);
    const wrong = [...due].filter(([uid, balance]) => server.admin.customer(uid)?.puntos !== balance);
    expect(wrong).toEqual([]);
  });
});

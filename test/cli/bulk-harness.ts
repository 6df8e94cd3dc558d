/**
 * `loyalty bulk` as an operator meets it: a ledger on a reference server, a file of movements,
 * the built CLI in a process of its own that can be interrupted, and a line pasted into a shell.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { expect } from 'vitest';
import { movementOf, OPENING_BALANCE, uidOf } from '../fleet/plan.mjs';
import { runMarks } from '../leftovers/leftovers.mjs';
import { endAfter, fileFolder } from '../support/end-after.js';
import { type CliRun, loyaltyBinDirectory, serverForCli } from './cli-harness.js';

/** The test file's folder for its movement files, checkpoints and failure files, removed after its tests. */
export const scratch = () => fileFolder('cli-bulk-stop-');

/** PATH with `loyalty` first: the built CLI, started and pasted as a user's shell runs it. */
const cliPath = () => `${loyaltyBinDirectory()}:${process.env.PATH ?? ''}`;

/** `customers` customers at the opening balance on a server without a rate limit unless `options` set one. */
export async function ledger(customers: number, options: Parameters<typeof serverForCli>[0] = {}) {
  const served = await serverForCli({
    seed: 'empty',
    limits: { rateLimit: { limit: Number.POSITIVE_INFINITY } },
    ...options,
  });
  for (let index = 0; index < customers; index++) {
    served.server.admin.createCustomer({ uid: uidOf(index), puntos: OPENING_BALANCE });
  }
  return served;
}

/**
 * `count` movements over `customers` as a CSV (order,uid,puntos), then `invalid` rows that the
 * SDK's check refuses (0 points); with the balances the valid rows make.
 */
export function movementsFile(name: string, count: number, customers: number, invalid = 0) {
  const lines = ['order,uid,puntos'];
  const due = new Map<string, number>();
  for (let index = 0; index < count; index++) {
    const { id, uid, puntos } = movementOf(index, customers);
    lines.push(`${id},${uid},${puntos}`);
    due.set(uid, (due.get(uid) ?? OPENING_BALANCE) + puntos);
  }
  for (let index = 0; index < invalid; index++) lines.push(`bad-${index},${uidOf(0)},0`);
  const file = join(scratch(), name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return { file, due };
}

/** `loyalty bulk` of a movements file (`movementsFile`): points added, keyed by its `order` column, then `flags`. */
export function pointsBulk(file: string, ...flags: string[]): string[] {
  return ['bulk', 'clientes.puntos.add', '--file', file, '--key-field', 'order', ...flags];
}

export interface RunningCli {
  child: ChildProcess;
  /** What it printed so far. */
  output(): CliRun;
  /** Its exit status and everything it printed. */
  exited: Promise<CliRun>;
}

/** `loyalty ...args` started from PATH (built CLI, pipes), to be interrupted with `child.kill('SIGINT')`. */
export function startLoyalty(args: readonly string[], env: Record<string, string>): RunningCli {
  const child = spawn('loyalty', args, {
    env: { PATH: cliPath(), ...runMarks(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  endAfter(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<CliRun>((resolve) =>
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr })),
  );
  return { child, output: () => ({ code: -1, stdout, stderr }), exited };
}

/**
 * Resolves once `condition` holds, checked as the HTTP servers of this process (the reference
 * server) take each request, read its body and answer it: no time is read or slept. The test's
 * timeout ends a wait for what never happens.
 */
export function until(condition: () => boolean): Promise<void> {
  if (condition()) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (!condition()) return;
      unsubscribe('http.server.request.start', onRequest);
      unsubscribe('http.server.response.finish', check);
      resolve();
    };
    // What a request does to the server's state happens once its body is read, a turn later.
    const onRequest = (message: unknown) => {
      check();
      (message as { request: IncomingMessage }).request.once('end', () => setImmediate(check));
    };
    subscribe('http.server.request.start', onRequest);
    subscribe('http.server.response.finish', check);
  });
}

/** Resolves once `running` has printed `text` on stderr (or ended without it: its exit tells). */
export function printedOnStderr(running: RunningCli, text: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!running.output().stderr.includes(text)) return;
      running.child.stderr?.off('data', check);
      resolve();
    };
    running.child.stderr?.on('data', check);
    running.exited.then(() => resolve());
    check();
  });
}

/** A command line run as pasted into a POSIX shell, `loyalty` being the built CLI. */
export function pasteInShell(line: string, env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      '/bin/sh',
      ['-c', line],
      { env: { ...runMarks(), ...env, PATH: cliPath() }, encoding: 'utf8', timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The counts of the stop summary: `bulk: stopped: succeeded S, skipped K, failed F, invalid I[, aborted A]; N not sent`. */
export function stopSummary(stderr: string) {
  const match =
    /^bulk: stopped: succeeded (\d+), skipped (\d+), failed (\d+), invalid (\d+)(?:, aborted (\d+))?; (\d+) not sent/m.exec(
      stderr,
    );
  expect(match, stderr).not.toBeNull();
  const [succeeded = 0, skipped = 0, failed = 0, invalid = 0, aborted = 0, notSent = 0] = (
    match as RegExpExecArray
  )
    .slice(1)
    .map((value) => Number(value ?? 0));
  return { succeeded, skipped, failed, invalid, aborted, notSent };
}

/** The counts of a summary line (stdout): `succeeded S, skipped K, failed F, invalid I[; 429 answers N, retried R]`. */
export function summaryCounts(stdout: string) {
  const match = /^succeeded (\d+), skipped (\d+), failed (\d+), invalid (\d+)(?:;|$)/m.exec(stdout);
  expect(match, stdout).not.toBeNull();
  const [succeeded = 0, skipped = 0, failed = 0, invalid = 0] = (match as RegExpExecArray)
    .slice(1)
    .map(Number);
  return { succeeded, skipped, failed, invalid };
}

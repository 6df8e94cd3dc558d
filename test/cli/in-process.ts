/**
 * The CLI run inside the test's worker, from the source, as the built bin would run it through
 * pipes: the same entry (runCli), the same report of a thrown error, output captured from
 * process.stdout and process.stderr, stdin fed from `input`, no terminal, and the environment the
 * spawned bin would get. Starting a Node process per case is what this saves; what a process of its
 * own decides (signals, exit, the launcher words, an unsettled call) stays with the spawned runs.
 */
import { Readable } from 'node:stream';
import { runCli } from '../../src/cli/run.js';
import { createOutput } from '../../src/cli/shared/output.js';
import { reportError } from '../../src/cli/shared/report-error.js';
import type { CliRun } from './cli-harness.js';

type Write = typeof process.stdout.write;

/** A stream's write replaced by one that appends to `sink`, with write's contract (callback, true). */
function capture(stream: NodeJS.WriteStream, sink: { text: string }): () => void {
  const original = stream.write;
  const write = (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    sink.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    const done = rest.find((value) => typeof value === 'function') as (() => void) | undefined;
    if (done) queueMicrotask(done);
    return true;
  };
  stream.write = write as Write;
  return () => {
    stream.write = original;
  };
}

/** `value` set as `object[key]` (own property) until the returned function puts back what was there. */
function replace(object: object, key: string, value: unknown): () => void {
  const before = Object.getOwnPropertyDescriptor(object, key);
  Object.defineProperty(object, key, { value, configurable: true, writable: true, enumerable: true });
  return () => {
    if (before) Object.defineProperty(object, key, before);
    else delete (object as Record<string, unknown>)[key];
  };
}

/**
 * process.env as the bin's clean environment would read for the CLI's variables: the run's values
 * set and any other LOYALTY_ variable gone (the verify library and the launcher read process.env
 * itself, not the command's `env`).
 */
function useEnvironment(env: Record<string, string>): () => void {
  const saved = { ...process.env };
  for (const name of Object.keys(process.env)) if (name.startsWith('LOYALTY_')) delete process.env[name];
  Object.assign(process.env, env);
  return () => {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  };
}

/** The signals whose listeners a run must take off again: in one process, left ones would pile up. */
const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
const listening = () => SIGNALS.map((signal) => process.listenerCount(signal));

function expectNoListenerLeft(before: readonly number[]): void {
  const left = SIGNALS.filter((signal, index) => process.listenerCount(signal) > (before[index] ?? 0));
  if (left.length > 0) throw new Error(`the command left a ${left.join(' and ')} listener on the process`);
}

/** One run at a time: output capture and process.env are the worker's, shared by every run. */
let queue: Promise<unknown> = Promise.resolve();

/** `loyalty ...args` in this process: what the spawned bin would print and exit with. */
export function runInProcess(
  args: readonly string[],
  env: Record<string, string>,
  input: string | undefined,
): Promise<CliRun> {
  const run = queue.then(() => runNow(args, env, input));
  queue = run.catch(() => undefined);
  return run;
}

async function runNow(
  args: readonly string[],
  env: Record<string, string>,
  input: string | undefined,
): Promise<CliRun> {
  const runEnv = { PATH: process.env.PATH ?? '', ...env };
  const stdout = { text: '' };
  const stderr = { text: '' };
  const exitCode = process.exitCode;
  const listeners = listening();
  const restore = [
    useEnvironment(runEnv),
    replace(process, 'stdin', Readable.from(input === undefined ? [] : [Buffer.from(input)])),
    replace(process.stdout, 'isTTY', undefined),
    replace(process.stderr, 'isTTY', undefined),
    capture(process.stdout, stdout),
    capture(process.stderr, stderr),
  ];
  let code: number;
  try {
    code = await runCli(args, runEnv);
  } catch (error) {
    code = reportError(error, createOutput(false, runEnv));
  } finally {
    for (const undo of restore.reverse()) undo();
    process.exitCode = exitCode;
  }
  expectNoListenerLeft(listeners);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/**
 * The CLI run against a reference server over HTTP, its output through pipes (so JSON, no colour):
 * in the test's process from the source (`loyalty`), or as a user runs it (`loyaltyProcess`), the
 * built bin (dist/cli.js, the package's `loyalty`) in a process of its own.
 */
import { execFile } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { createReferenceServer, DEMO_API_KEY, type ReferenceServerOptions } from '../../src/server/index.js';
import { runMarks } from '../leftovers/leftovers.mjs';
import { fileFolder } from '../support/end-after.js';
import { runInProcess } from './in-process.js';

export const CLI = join(import.meta.dirname, '..', '..', 'dist', 'cli.js');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `loyalty ...args` run in this process, with `env` as its environment (no key or base URL unless
 * given) and `input` on stdin: the code, stdout and stderr the built bin gives through pipes.
 */
export function loyalty(
  args: readonly string[],
  env: Record<string, string> = {},
  input?: string,
): Promise<CliRun> {
  return runInProcess(args, env, input);
}

/**
 * `loyalty ...args` as a user's shell runs it: the built bin, found on PATH, in a process of its
 * own, with `env` added to a clean environment (no key or base URL unless given).
 */
export function loyaltyProcess(
  args: readonly string[],
  env: Record<string, string> = {},
  input?: string,
): Promise<CliRun> {
  if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run `npm run build` first');
  const bin = loyaltyBinDirectory();
  return new Promise((resolve) => {
    const child = execFile(
      'loyalty',
      args,
      {
        env: { PATH: `${bin}:${process.env.PATH ?? ''}`, ...runMarks(), ...env },
        encoding: 'utf8',
        timeout: 120_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    if (input !== undefined) child.stdin?.end(input);
    else child.stdin?.end();
  });
}

/**
 * A directory whose `loyalty` is the built CLI, linked as npm links a package's bin: put first on
 * PATH, `loyalty` runs the CLI as a user's shell would (and the lines it prints start with `loyalty`).
 * The test file's, removed after its tests.
 */
export function loyaltyBinDirectory(): string {
  return fileFolder('loyalty-bin-', (bin) => symlinkSync(CLI, join(bin, 'loyalty')));
}

/** A reference server for the file's tests, and the environment that points the CLI at it. */
export async function serverForCli(options: ReferenceServerOptions = {}) {
  const server = createReferenceServer(options);
  const url = await server.listen({ port: 0 });
  afterAll(() => server.close());
  return { server, url, env: { LOYALTY_BASE_URL: url, LOYALTY_API_KEY: DEMO_API_KEY } };
}

/**
 * The built CLI (dist/cli.js, the package's `loyalty` bin) run as a user runs it: a process of its
 * own, its output through pipes (so JSON, no colour), against a reference server over HTTP.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { createReferenceServer, DEMO_API_KEY, type ReferenceServerOptions } from '../../src/server/index.js';

export const CLI = join(import.meta.dirname, '..', '..', 'dist', 'cli.js');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

let bin: string | undefined;

/**
 * `loyalty ...args`, found on PATH, with `env` added to a clean environment (no key or base URL
 * unless given).
 */
export function loyalty(
  args: readonly string[],
  env: Record<string, string> = {},
  input?: string,
): Promise<CliRun> {
  if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run `npm run build` first');
  bin ??= loyaltyBinDirectory();
  return new Promise((resolve) => {
    const child = execFile(
      'loyalty',
      args,
      { env: { PATH: `${bin}:${process.env.PATH ?? ''}`, ...env }, encoding: 'utf8', timeout: 120_000 },
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
 */
export function loyaltyBinDirectory(): string {
  const bin = mkdtempSync(join(tmpdir(), 'loyalty-bin-'));
  symlinkSync(CLI, join(bin, 'loyalty'));
  return bin;
}

/** A reference server for the file's tests, and the environment that points the CLI at it. */
export async function serverForCli(options: ReferenceServerOptions = {}) {
  const server = createReferenceServer(options);
  const url = await server.listen({ port: 0 });
  afterAll(() => server.close());
  return { server, url, env: { LOYALTY_BASE_URL: url, LOYALTY_API_KEY: DEMO_API_KEY } };
}

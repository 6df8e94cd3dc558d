/**
 * A mock server we did not write (Prism, Mockoon, openapi-mock-express-middleware), run as a
 * child process of node on a free loopback port: started, waited for until it answers the
 * document's own path, and stopped by its test file.
 */
import { spawn } from 'node:child_process';
import { API_PREFIX } from '../../src/operations/limits.js';
import { freePort } from './free-port.mjs';

/** How long a mock may take to read the document and listen (Prism takes several seconds). */
const START_MS = 60_000;

export interface RunningMock {
  /** The `{base_url}` to give the SDK or verify. */
  baseUrl: string;
  close(): Promise<void>;
}

export interface MockProcess {
  /** Named in the error when it does not start. */
  name: string;
  /** The arguments to node: the tool's script, then its flags, listening on 127.0.0.1 at `port`. */
  args(port: number): string[];
  env?: NodeJS.ProcessEnv;
}

/** Starts `node <args>`; resolves once `GET {API_PREFIX}/openapi.json` gets any answer. */
export async function startMockProcess({ name, args, env }: MockProcess): Promise<RunningMock> {
  const port = await freePort();
  const child = spawn(process.execPath, args(port), {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = `${output}${chunk}`.slice(-4_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
    await exited;
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited ${child.exitCode}: ${output}`);
    try {
      await fetch(`${baseUrl}${API_PREFIX}/openapi.json`, { signal: AbortSignal.timeout(2_000) });
      return { baseUrl, close };
    } catch {
      if (Date.now() > deadline) {
        await close();
        throw new Error(`${name} did not answer within ${START_MS} ms: ${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

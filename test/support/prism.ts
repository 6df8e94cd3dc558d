/**
 * Prism (@stoplight/prism-cli, a devDependency): a service we did not write, made from our own
 * OpenAPI document. `prism mock` answers from the document alone (static: its examples, else
 * values made from the schemas; dynamic: values made at random from the schemas, `--seed` fixed so
 * that a run is the same each time); `prism proxy --errors` forwards to a real server and answers
 * a request or an answer that breaks the document with its own error.
 */
import { fileURLToPath } from 'node:url';
import { type RunningMock, startMockProcess } from './mock-process.js';

const PRISM = fileURLToPath(import.meta.resolve('@stoplight/prism-cli/dist/index.js'));

/** A fixed seed for `--dynamic`: the same values on every run, so the findings are the same. */
export const PRISM_SEED = 'loyalty-verify';

/** Starts `prism <args>` on a free loopback port; resolves once it answers. */
export function startPrism(args: readonly string[]): Promise<RunningMock> {
  return startMockProcess({
    name: 'prism',
    args: (port) => [PRISM, ...args, '--port', String(port), '--host', '127.0.0.1'],
  });
}

/** `prism mock` of a document file: static, or `--dynamic` with the fixed seed. */
export function startPrismMock(file: string, mode: 'static' | 'dynamic'): Promise<RunningMock> {
  const dynamic = mode === 'dynamic' ? ['--dynamic', '--seed', PRISM_SEED] : [];
  return startPrism(['mock', file, ...dynamic, '--verboseLevel', 'error']);
}

/** `prism proxy --errors` of a document file in front of `upstream` (a base URL). */
export function startPrismProxy(file: string, upstream: string): Promise<RunningMock> {
  return startPrism(['proxy', file, upstream, '--errors', '--verboseLevel', 'error']);
}

/**
 * Mockoon's CLI (@mockoon/cli, a devDependency) started on our OpenAPI document as its README
 * shows (`mockoon-cli start --data openapi.json`): it turns the document into routes whose first
 * answer, the operation's 200, is the only one it sends, made of faker values drawn per request
 * (`--faker-seed` fixed, so that a run is the same each time). Its log folder goes to the
 * document's folder (HOME), so that removing that folder removes all it wrote.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningMock, startMockProcess } from './mock-process.js';

const MOCKOON = fileURLToPath(import.meta.resolve('@mockoon/cli/bin/run.js'));

/** A fixed `--faker-seed`: the same values on every run, so the findings are the same. */
export const MOCKOON_SEED = 45;

/** `mockoon-cli start` on a document file, with no admin API, no log file and no external `$ref`. */
export function startMockoon(file: string): Promise<RunningMock> {
  return startMockProcess({
    name: 'mockoon-cli',
    args: (port) => [
      MOCKOON,
      'start',
      '--data',
      file,
      '--port',
      String(port),
      '--hostname',
      '127.0.0.1',
      '--faker-seed',
      String(MOCKOON_SEED),
      '--disable-log-to-file',
      '--disable-admin-api',
      '--disable-external-refs',
    ],
    env: { HOME: dirname(file) },
  });
}

/**
 * What a test file leaves behind. Its temporary folders go into a folder of its own in the run's
 * (test/leftovers/leftovers.mjs), so that what the file leaves there, and every process it starts
 * (which inherits TMPDIR), is named by the file; set here, before the file is imported, since many
 * files make their folders as they load. After its tests, whatever a harness started for it outside
 * a test is ended (test/support/end-after.ts).
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect } from 'vitest';
import { RUN_MARK, runEnv } from '../leftovers/leftovers.mjs';
import { endPending } from './end-after.js';

const run = process.env[RUN_MARK];
const testPath = expect.getState().testPath;
const tmpdirBefore = process.env.TMPDIR;
if (run && testPath) {
  const file = relative(fileURLToPath(new URL('../..', import.meta.url)), testPath);
  process.env.TMPDIR = runEnv(run, file).TMPDIR;
}

// Registered first, so run last: after the file's own afterAll, and after the leak check's, which
// compares process.env as the file found it.
afterAll(async () => {
  await endPending();
  if (tmpdirBefore === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = tmpdirBefore;
});

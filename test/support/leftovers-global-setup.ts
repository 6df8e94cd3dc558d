/**
 * vitest global setup: `npx vitest run` on its own is a run of its own (test/leftovers/), checked
 * when it ends: a process a test file started that outlives the run, or a temporary folder it left,
 * is named and fails the run. Under `npm test` the run is the test command's, checked by its last
 * step (`npm run check:leftovers`).
 */
import { checkAbandonedRuns, checkRun, RUN_MARK, runEnv, startRun } from '../leftovers/leftovers.mjs';

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env[RUN_MARK]) return undefined;
  await checkAbandonedRuns();
  const run = startRun();
  const before = process.env.TMPDIR;
  Object.assign(process.env, runEnv(run, 'test:unit'));
  return async () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    delete process.env[RUN_MARK];
    if ((await checkRun(run)) > 0) process.exitCode = 1;
  };
}

/**
 * Every verify run of the test command writes a profile that loads back (issue 45, point 4):
 * `verifyService` is wrapped, in every test file, so that each run's profile is loaded back the
 * ways a user loads it (profile-load-back.ts) when the file ends. A refusal fails the file that
 * made the run, naming the service's origin.
 */
import { relative } from 'node:path';
import { afterAll, expect, vi } from 'vitest';
import type { ServiceProfile } from '../../src/server/internal.js';

const WRITTEN = Symbol.for('loyalty-sdk.test.profiles-written');

type Marked = { [WRITTEN]?: ServiceProfile[] };

/** The profile of a run, kept for the end of the file. */
function kept<Result extends { profile: ServiceProfile }>(result: Result): Result {
  const marked = globalThis as Marked;
  marked[WRITTEN] = [...(marked[WRITTEN] ?? []), result.profile];
  return result;
}

// Both ways in: verifyService (the entry, the CLI) and verifyServiceWithClock (tests on a virtual clock).
vi.mock(import('../../src/verify/verify.js'), async (importOriginal) => {
  const real = await importOriginal();
  return {
    ...real,
    verifyService: async (...args: Parameters<typeof real.verifyService>) =>
      kept(await real.verifyService(...args)),
    verifyServiceWithClock: async (...args: Parameters<typeof real.verifyServiceWithClock>) =>
      kept(await real.verifyServiceWithClock(...args)),
  };
});

afterAll(async () => {
  const written = (globalThis as Marked)[WRITTEN] ?? [];
  delete (globalThis as Marked)[WRITTEN];
  if (written.length === 0) return;
  const { profileRefusal } = await import('./profile-load-back.js');
  const refused: string[] = [];
  for (const profile of written) {
    const refusal = await profileRefusal(profile);
    if (refusal !== undefined) refused.push(`${profile.origin}: ${refusal}`);
  }
  const file = relative(process.cwd(), expect.getState().testPath ?? '');
  console.log(`profile load-back: ${written.length} runs, ${refused.length} refused (${file})`);
  expect(refused).toEqual([]);
  // A fuzzing file makes over a hundred runs, each loaded back four ways: more than the default 10 s on a loaded machine.
}, 120_000);

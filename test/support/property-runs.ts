import { relative } from 'node:path';
import * as fc from 'fast-check';
import { expect } from 'vitest';

/**
 * How many cases each property runs, how long it may take, and the seed to replay.
 *
 * - `npx vitest run test/fuzz` (and the whole suite): the default counts below, each property
 *   well under 10 s.
 * - `npm run fuzz` (test/fuzz/run.mjs) sets `FUZZ_RUNS=100000`: every property runs that many.
 * - `FUZZ_SEED=<n>` (and `FUZZ_PATH=<path>`) replays the failure fast-check printed.
 */

function envInteger(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new Error(`${name} must be an integer, got ${raw}`);
  return value;
}

const RUNS = envInteger('FUZZ_RUNS');
const SEED = envInteger('FUZZ_SEED');
const PATH = process.env.FUZZ_PATH || undefined;

/** True under `npm run fuzz`: each property reports its figures even when it passes. */
export const LONG_RUN = RUNS !== undefined;

/** The cases a property runs: `FUZZ_RUNS` when set, else its own default (scaled for cheap and dear properties). */
export function runsFor(defaultRuns: number): number {
  return RUNS ?? defaultRuns;
}

/** Test timeout for a property of `runs` cases that take about `msPerCase` each, with a wide margin. */
export function timeoutFor(runs: number, msPerCase: number): number {
  return Math.max(30_000, Math.ceil(runs * msPerCase * 4));
}

/**
 * `fc.assert` that always names the seed: on failure the thrown error (which vitest prints)
 * starts with one line holding the seed, the path and how to replay, followed by fast-check's own
 * report with the shrunk counterexample. Under `FUZZ_RUNS` a passing property prints its figures.
 */
export async function checkProperty<Ts extends [unknown, ...unknown[]]>(
  name: string,
  property: fc.IAsyncProperty<Ts> | fc.IProperty<Ts>,
  numRuns: number,
): Promise<void> {
  // Chosen here rather than by fast-check, so that even a fault outside the property names it.
  const seed = SEED ?? (Math.random() * 0x100000000) | 0;
  const parameters: fc.Parameters<Ts> = { numRuns, seed, ...(PATH === undefined ? {} : { path: PATH }) };
  let details: fc.RunDetails<Ts>;
  try {
    details = await fc.check(property as fc.IAsyncProperty<Ts>, parameters);
  } catch (error) {
    console.error(`[fuzz] ${name}: fast-check itself failed (seed ${seed}): ${String(error)}`);
    throw error;
  }
  if (details.failed) {
    const test = expect.getState().currentTestName?.split(' > ').at(-1) ?? name;
    const replay = `FUZZ_SEED=${details.seed} FUZZ_PATH=${details.counterexamplePath ?? ''} npx vitest run ${relative(process.cwd(), expect.getState().testPath ?? 'test/fuzz')} -t ${JSON.stringify(test)}`;
    const headline = `[fuzz] ${name}: FAILED after ${details.numRuns} cases, seed ${details.seed}, path ${details.counterexamplePath}. Replay: ${replay}`;
    // The headline first: rendering the counterexample can itself fail (a value nested too deep).
    console.error(headline);
    const error = details.errorInstance;
    const cause = error instanceof Error ? (error.stack ?? error.message) : String(error);
    let report: string;
    try {
      report = `${fc.defaultReportMessage(details) ?? ''}\nError: ${cause}`;
    } catch (renderError) {
      report = `(the counterexample could not be rendered: ${String(renderError)})\nError: ${cause}`;
    }
    // A counterexample can be megabytes long (a deep body): the first few thousand characters say enough.
    if (report.length > 6_000) report = `${report.slice(0, 6_000)}... (${report.length} characters in all)`;
    console.error(report);
    throw new Error(`${headline}\n${report}`);
  }
  if (LONG_RUN) {
    console.log(
      `[fuzz] ${name}: ${details.numRuns} cases passed (seed ${details.seed}; vitest gives the time)`,
    );
  }
}

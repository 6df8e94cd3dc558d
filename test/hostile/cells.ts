/**
 * The cells of the table, measured once before the tests (a few at a time, the ones that only a
 * deadline ends first, so that their waiting overlaps the others' work), and what every cell must
 * show whatever the attack.
 */
import { join } from 'node:path';
import { beforeAll, expect } from 'vitest';
import { type Measurement, measureAll, type Scenario } from './measure.js';
import { ENDED_BY_THE_DEADLINE } from './scenarios.js';

/** This tree's build; HOSTILE_DIST measures another (a build of the commit before issue 34 fails). */
const DIST = process.env.HOSTILE_DIST ?? join(import.meta.dirname, '..', '..', 'dist');
/** Issue 34: a call against a 200 MB, an endless or a bomb answer peaks under this. */
export const PEAK_RSS_MB = 400;
const PARALLEL = 4;
/** The hard limit is past every cell's deadline: a cell that keeps its deadline never meets it. */
const SETTINGS = { dist: DIST, hardTimeoutMs: 90_000, rssLimitMb: 1_000 };

export interface Cells {
  of(scenario: Scenario): Measurement;
}

/** Measures `scenarios` in a `beforeAll` of the calling suite. */
export function measuredCells(scenarios: readonly Scenario[]): Cells {
  const measured = new Map<Scenario, Measurement>();
  beforeAll(async () => {
    const order = [...scenarios].sort((a, b) => Number(b.maxRetries === 0) - Number(a.maxRetries === 0));
    const results = await measureAll(order, SETTINGS, PARALLEL);
    for (const [index, scenario] of order.entries()) measured.set(scenario, results[index] as Measurement);
  }, 300_000);
  return {
    of: (scenario) => {
      const measurement = measured.get(scenario);
      if (!measurement) throw new Error(`${scenario.attack} on ${scenario.surface} was not measured`);
      return measurement;
    },
  };
}

export function expectNoKey(measurement: Measurement): void {
  expect(measurement.keyRun, 'the longest run of the key in what it printed, answered or wrote').toBe(0);
}

/**
 * Settled by itself, before its hard limit; and where only its deadline ends the call (a hang, a
 * drip), gone before the service's late answer, which comes a second after that deadline
 * (scenarios.ts): an order of events, not a time read. Its rule in seen.ts says it gave up at
 * that deadline (the timeout error naming its timeoutMs, or exit 7).
 */
export function expectSettled(measurement: Measurement): void {
  expect(measurement.outcome).not.toMatch(/did not settle|no answer|pending at exit|memory limit/);
  if (ENDED_BY_THE_DEADLINE.has(measurement.scenario.attack)) {
    expect(measurement.endedBy, 'exchanges with the service').not.toHaveLength(0);
    const late = measurement.endedBy.filter((who) => who === 'service');
    expect(late, 'exchanges that lasted until the late answer or the end of the drip').toEqual([]);
  }
}

export function expectBoundedPeak(measurement: Measurement): void {
  expect(measurement.peakRssMb, 'peak RSS (MB) of the process that read the answer').toBeLessThan(
    PEAK_RSS_MB,
  );
}

export function expectNothingAtTheOtherOrigin(measurement: Measurement): void {
  expect(measurement.other?.requests, 'requests the other origin received').toBe(0);
}

/** The number of requests the hostile routes received: one means not retried. */
export function expectOneRequest(measurement: Measurement): void {
  expect(measurement.requests, 'requests the hostile service received').toBe(1);
}

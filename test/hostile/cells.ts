/**
 * The cells of the table, measured once before the tests (a few at a time, the ones that only a
 * deadline ends first, so that their waiting overlaps the others' work), and what every cell must
 * show whatever the attack.
 */
import { join } from 'node:path';
import { beforeAll, expect } from 'vitest';
import { type Measurement, measureAll, type Scenario } from './measure.js';

/** This tree's build; HOSTILE_DIST measures another (a build of the commit before issue 34 fails). */
const DIST = process.env.HOSTILE_DIST ?? join(import.meta.dirname, '..', '..', 'dist');
/** Issue 34: a call against a 200 MB, an endless or a bomb answer peaks under this. */
export const PEAK_RSS_MB = 400;
/** Settled means within the deadline plus this. */
export const SLACK_MS = 1_000;
const PARALLEL = 4;
const SETTINGS = { dist: DIST, hardTimeoutMs: 10_000, rssLimitMb: 1_000 };

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
  }, 120_000);
  return {
    of: (scenario) => {
      const measurement = measured.get(scenario);
      if (!measurement) throw new Error(`${scenario.attack} on ${scenario.surface} was not measured`);
      return measurement;
    },
  };
}

/** The deadline a cell must settle by: one attempt's timeoutMs (a retry would be another). */
export const deadlineOf = (scenario: Scenario): number => scenario.timeoutMs + SLACK_MS;

export function expectNoKey(measurement: Measurement): void {
  expect(measurement.keyRun, 'the longest run of the key in what it printed, answered or wrote').toBe(0);
}

export function expectSettled(measurement: Measurement): void {
  expect(measurement.outcome).not.toMatch(/did not settle|no answer|pending at exit|memory limit/);
  expect(measurement.settledMs).toBeLessThanOrEqual(deadlineOf(measurement.scenario));
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

/**
 * A job run by a fleet: four worker processes (the built package) share one API key through a
 * Redis limiter and a Redis checkpoint, against a reference server over HTTP that injects faults
 * into a fifth of the requests; two workers are killed with SIGKILL mid-run and started again.
 * Every movement is applied exactly once, and the server's own rate limit answers 429 to at most
 * 2% of the requests. A control run without the shared limiter prints the 429s it causes.
 *
 * CI size here; `npm run test:fleet` runs it larger (FLEET_SIZE=full), and there also holds the
 * wall time to at most 1.25x what the requests sent need at the server's rate: a bound on time
 * holds only with the machine to itself, which the unit run does not give.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { describeFleet, type FleetFigures, type FleetOptions, runFleet } from './fleet-run.js';

const FULL = process.env.FLEET_SIZE === 'full';
const clock = FULL ? (await import('./timing.js')).wallClock : undefined;
const SIZE = FULL
  ? { customers: 2_000, movements: 20_000, serverRate: 400, control: 5_000 }
  : { customers: 400, movements: 4_000, serverRate: 250, control: 1_000 };

const FAULTS = {
  seed: 2026,
  rates: { serverError: 0.08, dropBeforeProcessing: 0.05, dropAfterCommit: 0.05, stallBody: 0.02 },
  stallMs: 200,
} as const;

function fleet(overrides: Partial<FleetOptions>): FleetOptions {
  return {
    customers: SIZE.customers,
    movements: SIZE.movements,
    workers: 4,
    serverRate: SIZE.serverRate,
    // A few per cent below the server's: the windows of the limiter and the server never start together.
    limiterRate: Math.floor(SIZE.serverRate * 0.95),
    concurrency: 64,
    faults: FAULTS,
    kills: [
      { worker: 1, atShare: 0.3 },
      { worker: 2, atShare: 0.6 },
    ],
    redisUrl: inject('redisUrl'),
    jobId: `fleet-${randomUUID()}`,
    ...overrides,
  };
}

describe('a fleet of four workers sharing a Redis limiter and checkpoint', {
  timeout: FULL ? 600_000 : 120_000,
}, () => {
  const options = fleet({});
  let run: Promise<FleetFigures> | undefined;
  /** The fleet, run once for the checks of what it did and, under test:fleet, of its time. */
  const theFleet = () => {
    run ??= runFleet(options, clock).then((figures) => {
      console.log(describeFleet('fleet', options, figures));
      return figures;
    });
    return run;
  };

  it('applies every movement exactly once through 20% faults and two SIGKILLs, within the rate limit', async () => {
    const figures = await theFleet();
    const injected = Object.values(figures.injected).reduce((sum, count) => sum + count, 0);
    expect(injected / figures.requests).toBeGreaterThanOrEqual(0.15);
    expect(figures.kills).toBe(2);
    expect(figures.summaries.map((summary) => summary.failed)).toEqual([0, 0, 0, 0]);
    expect(figures.wrongBalances).toBe(0);
    expect(figures.auditEntries).toBe(options.movements);
    expect(figures.distinctAuditMotivos).toBe(options.movements);
    expect(figures.own429 / figures.requests).toBeLessThanOrEqual(0.02);
  });

  if (FULL) {
    it('takes at most 1.25x the time its requests need at the server rate (npm run test:fleet)', async () => {
      const { wallMs, idealMs } = await theFleet();
      expect(wallMs).toBeDefined();
      expect((wallMs as number) / idealMs).toBeLessThanOrEqual(1.25);
    });
  }

  it("control: the same fleet without the shared limiter meets the server's rate limit (429s printed)", async () => {
    const options = fleet({ movements: SIZE.control, limiterRate: undefined, kills: [], faults: undefined });
    const figures = await runFleet(options);
    console.log(describeFleet('control (no shared limiter)', options, figures));
    expect(figures.wrongBalances).toBe(0);
    expect(figures.own429).toBeGreaterThan(0);
  });
});

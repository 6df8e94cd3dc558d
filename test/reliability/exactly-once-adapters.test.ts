/**
 * The exactly-once workload, smaller, over the two socket-free adapters at once: the in-process
 * undici Dispatcher (`createTestClient`) and the MSW handlers (`createLoyaltyHandlers`). They
 * realise the same faults in their own terms (an error for a drop, a body that never ends for a
 * stall), and the SDK must deliver every movement exactly once through them too. 2% of each kind
 * (about 10% of the requests) keeps the backoff tail, and so the run, short; the main run over
 * HTTP (exactly-once.test.ts) carries the 20%+ figure.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../src/server/faults/prng.js';
import { connect, type TransportName } from '../support/reliability-harness.js';
import {
  arrange,
  describeRun,
  everyKindOfFault,
  expectEveryKind,
  expectExactlyOnce,
  intendedEntries,
  plan,
  RESILIENT_CLIENT,
  send,
} from './movements.js';

const MOVEMENTS = 500;
const CONCURRENCY = 50;
const SEED = Number(process.env.RELIABILITY_SEED ?? 20_260_115);
const REPORT = process.env.RELIABILITY_REPORT === '1';

const msw = setupServer();
beforeAll(() => msw.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => msw.close());

async function exactlyOnceOver(transport: TransportName): Promise<void> {
  const { client, admin, close } = await connect(
    transport,
    { seed: 'empty', faults: everyKindOfFault(SEED, 0.02) },
    RESILIENT_CLIENT,
    msw,
  );
  try {
    const random = mulberry32(SEED ^ 0xada7);
    const fixture = arrange(admin, random);
    const movements = plan(MOVEMENTS, fixture, random, transport);
    expect(await send(client, movements, CONCURRENCY), transport).toEqual([]);
    if (REPORT) {
      const run = describeRun(admin.faults(), MOVEMENTS);
      console.info(
        `exactly-once over ${transport}: ${run}; audit entries due ${intendedEntries(movements).length}`,
      );
    }
    expectEveryKind(admin.faults(), 0.08);
    await expectExactlyOnce(admin, client, fixture, movements);
  } finally {
    await close();
  }
}

describe('exactly-once over the socket-free adapters', () => {
  it(`in-process Dispatcher and MSW, ${MOVEMENTS} movements each through faults of every kind`, async () => {
    await Promise.all([exactlyOnceOver('in-process'), exactlyOnceOver('msw')]);
  }, 30_000);
});

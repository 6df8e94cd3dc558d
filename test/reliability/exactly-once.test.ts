/**
 * Exactly-once delivery of points movements through the SDK, over real sockets, while the
 * reference server injects faults of every kind into about a quarter of the requests.
 *
 * The main run sends RELIABILITY_MOVEMENTS (default 2,000) planned movements — single customers
 * and groups, adds and removals — with RELIABILITY_CONCURRENCY (default 50) calls in flight, and
 * then checks every balance, the audit (exactly one entry per movement per customer) and every
 * history. The control run sends the same kind of load through a naive client that puts a fresh
 * Idempotency-Key on every attempt: the same faults then apply movements twice, which shows that
 * the checks can fail. RELIABILITY_SEED changes the fault schedule and the plan;
 * RELIABILITY_REPORT=1 prints the figures (docs/reliability.md).
 */
import { LoyaltyClient } from 'loyalty-sdk';
import { createReferenceServer, DEMO_API_KEY, type ReferenceServer } from 'loyalty-sdk/server';
import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../src/server/faults/prng.js';
import { NO_LIMITS } from '../support/reliability-harness.js';
import {
  arrange,
  auditLine,
  CUSTOMERS,
  describeRun,
  everyKindOfFault,
  expectEveryKind,
  expectExactlyOnce,
  FreshKeyPerAttempt,
  intendedBalances,
  intendedEntries,
  plan,
  RESILIENT_CLIENT,
  send,
} from './movements.js';

const MOVEMENTS = Number(process.env.RELIABILITY_MOVEMENTS ?? 2_000);
const CONCURRENCY = Number(process.env.RELIABILITY_CONCURRENCY ?? 50);
const SEED = Number(process.env.RELIABILITY_SEED ?? 20_260_115);
const REPORT = process.env.RELIABILITY_REPORT === '1';
const CONTROL_MOVEMENTS = 250;

let server: ReferenceServer | undefined;
let agent: Agent | undefined;

afterEach(async () => {
  await agent?.destroy();
  await server?.close();
  server = undefined;
  agent = undefined;
});

async function start(): Promise<{ server: ReferenceServer; url: string; agent: Agent }> {
  server = createReferenceServer({ seed: 'empty', limits: NO_LIMITS, faults: everyKindOfFault(SEED) });
  const url = await server.listen({ port: 0 });
  agent = new Agent({ connections: CONCURRENCY });
  return { server, url, agent };
}

describe('exactly-once points movements under injected faults (HTTP, real sockets)', () => {
  it(
    `${MOVEMENTS} movements, ${CONCURRENCY} at a time, through ~24% faults of every kind: each applied exactly once`,
    async () => {
      const { server, url, agent } = await start();
      const random = mulberry32(SEED ^ 0x5eed);
      const fixture = arrange(server.admin, random);
      const movements = plan(MOVEMENTS, fixture, random, 'mv');
      const client = new LoyaltyClient({
        ...RESILIENT_CLIENT,
        apiKey: DEMO_API_KEY,
        baseUrl: url,
        dispatcher: agent,
      });

      const failures = await send(client, movements, CONCURRENCY);
      const report = server.admin.faults();
      if (REPORT) {
        const entries = intendedEntries(movements).length;
        console.info(`exactly-once: ${describeRun(report, MOVEMENTS)}; audit entries due ${entries}`);
      }

      expect(failures).toEqual([]);
      expectEveryKind(report, 0.2);
      await expectExactlyOnce(server.admin, client, fixture, movements);
    },
    Math.max(60_000, MOVEMENTS * 30),
  );

  it('control: a client that sends a fresh key on every attempt gets movements applied twice', async () => {
    const { server, url, agent } = await start();
    const random = mulberry32(SEED ^ 0xc0de);
    const fixture = arrange(server.admin, random);
    const movements = plan(CONTROL_MOVEMENTS, fixture, random, 'ctl');
    const balances = intendedBalances(fixture, movements);
    const naive = new LoyaltyClient({
      ...RESILIENT_CLIENT,
      apiKey: DEMO_API_KEY,
      baseUrl: url,
      dispatcher: new FreshKeyPerAttempt(agent),
    });

    const failures = await send(naive, movements, CONCURRENCY);
    const report = server.admin.faults();

    expect(failures).toEqual([]);
    // The same faults; a little under 20% would do as well here (the run is smaller): duplicates are the point.
    expectEveryKind(report, 0.15);
    const audit = server.admin.audit().map(auditLine);
    const expected = intendedEntries(movements);
    const counts = new Map<string, number>();
    for (const line of audit) counts.set(line, (counts.get(line) ?? 0) + 1);
    const duplicates = [...counts.values()].reduce((sum, count) => sum + count - 1, 0);
    const wrong = [...balances].filter(([uid, balance]) => server.admin.customer(uid)?.puntos !== balance);
    if (REPORT) {
      console.info(
        `control: ${describeRun(report, CONTROL_MOVEMENTS)}; ` +
          `duplicated audit entries ${duplicates}; wrong balances ${wrong.length}/${CUSTOMERS}`,
      );
    }

    // Nothing is lost (every call succeeded in the end), but answers lost after the commit were applied again.
    for (const line of expected) expect(counts.get(line), line).toBeGreaterThanOrEqual(1);
    expect(duplicates).toBeGreaterThan(0);
    expect(duplicates).toBe(audit.length - expected.length);
    expect(wrong.length).toBeGreaterThan(0);
  }, 60_000);
});

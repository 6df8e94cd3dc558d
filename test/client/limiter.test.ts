/**
 * The `limiter` client option against the reference engine in process, on a fake clock: what
 * reaches the engine and when. The limiter is the real one (rate-limiter-flexible in memory).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createMemoryLimiter,
  type Limiter,
  LoyaltyAbortError,
  type LoyaltyClient,
  RateLimitError,
} from '../../src/index.js';
import { limiterKeyId } from '../../src/limits/index.js';
import { type Arrival, KEYS, type KeyName, limitedEngine, loaded } from '../limits/limited-engine.js';
import { rejectionOf } from '../support/async.js';
import { capturingLogger } from '../support/capturing-logger.js';
import { advance, useFakeClock } from '../support/fake-clock.js';

beforeEach(useFakeClock);
afterEach(() => {
  vi.useRealTimers();
});

const memoryLimiter = (requestsPerSecond: number, groupActionsPerMinute = 10) =>
  loaded(createMemoryLimiter({ requestsPerSecond, groupActionsPerMinute }));

/** How many requests reached the engine in each window of `windowMs`, from the first. */
function perWindow(arrivals: Arrival[], windowMs: number): number[] {
  const counts: number[] = [];
  for (const { at } of arrivals) {
    const index = Math.floor(at / windowMs);
    for (let missing = counts.length; missing <= index; missing++) counts.push(0);
    counts[index] = (counts[index] as number) + 1;
  }
  return counts;
}

const read = (client: LoyaltyClient) => client.configuracion.niveles.list();
const groupDryRun = (client: LoyaltyClient) => client.grupos.puntos.add(1, { puntos: 10, dryRun: true });
const times = (count: number) => Array.from({ length: count }, (_, index) => index);

describe('requestsPerSecond', () => {
  it.each([
    [4, 10, [4, 4, 2]],
    [1, 3, [1, 1, 1]],
    [25, 60, [25, 25, 10]],
    [5, 11, [5, 5, 1]],
  ])('at %i per second, %i concurrent calls reach the engine %j per second', async (rps, calls, expected) => {
    const engine = limitedEngine();
    const client = engine.client('A', { limiter: await memoryLimiter(rps) });
    const all = Promise.all(times(calls).map(() => read(client)));
    await advance(expected.length * 1_000);
    await all;
    expect(perWindow(engine.arrivals, 1_000)).toEqual(expected);
  });

  it('every attempt takes a token: a retry waits for the next second as a first attempt does', async () => {
    const engine = limitedEngine();
    const client = engine.client('A', { limiter: await memoryLimiter(1), maxRetries: 1 });
    engine.failNext(1);
    const call = read(client);
    await advance(1_000);
    await call;
    // The retry's own backoff (250 to 500 ms) ends inside the first second: the token holds it.
    expect(engine.arrivals.map(({ at, status }) => [at, status])).toEqual([
      [0, 503],
      [1_000, 200],
    ]);
  });
});

describe('groupActionsPerMinute', () => {
  it('at 2 a minute, 5 concurrent group actions reach the engine 2, 2 and 1 a minute', async () => {
    const engine = limitedEngine();
    const client = engine.client('A', { limiter: await memoryLimiter(100, 2) });
    const all = Promise.all(times(5).map(() => groupDryRun(client)));
    await advance(120_000);
    await all;
    expect(perWindow(engine.arrivals, 60_000)).toEqual([2, 2, 1]);
  });

  it('a group action is a request too: it takes a token of requestsPerSecond', async () => {
    const engine = limitedEngine();
    const client = engine.client('A', { limiter: await memoryLimiter(1, 10) });
    const all = Promise.all([groupDryRun(client), read(client)]);
    await advance(1_000);
    await all;
    expect(engine.arrivals.map(({ at }) => at)).toEqual([0, 1_000]);
  });

  it("an operation's help is a request, not a group action", async () => {
    const engine = limitedEngine();
    const client = engine.client('A', { limiter: await memoryLimiter(10, 1) });
    await groupDryRun(client);
    await client.help('grupos.puntos.add');
    expect(engine.arrivals.map(({ at }) => at)).toEqual([0, 0]);
  });
});

describe('a 429 pauses every sharer of the key', () => {
  it('until its Retry-After: clients with the same key wait, clients with another key do not', async () => {
    const engine = limitedEngine({ rateLimit: { limit: 3, windowMs: 1_000 } });
    const limiter = await memoryLimiter(10);
    const burst = Promise.all(times(4).map(() => read(engine.client('A', { limiter, maxRetries: 1 }))));
    await advance(0);
    expect(engine.arrivals.map(({ status }) => status)).toEqual([200, 200, 200, 429]);
    const sharer = read(engine.client('A', { limiter }));
    const otherKey = read(engine.client('B', { limiter }));
    await advance(999);
    expect([engine.count('A'), engine.count('B')]).toEqual([4, 1]);
    await advance(1);
    await Promise.all([burst, sharer, otherKey]);
    expect(engine.arrivals.filter(({ key }) => key === 'A').map(({ at, status }) => [at, status])).toEqual([
      [0, 200],
      [0, 200],
      [0, 200],
      [0, 429],
      [1_000, 200],
      [1_000, 200],
    ]);
  });

  it('even when the call answered 429 tries no more', async () => {
    const engine = limitedEngine({ rateLimit: { limit: 1, windowMs: 1_000 } });
    const limiter = await memoryLimiter(10);
    const client = engine.client('A', { limiter, maxRetries: 0 });
    await read(client);
    expect(await rejectionOf(read(client))).toBeInstanceOf(RateLimitError);
    const sharer = read(client);
    await advance(1_000);
    await sharer;
    expect(engine.arrivals.map(({ at }) => at)).toEqual([0, 0, 1_000]);
  });

  it('a 429 on a group action pauses group actions, not the other requests of the key', async () => {
    const engine = limitedEngine({ groupActionsPerMinute: 1 });
    const limiter = await memoryLimiter(100, 10);
    const client = engine.client('A', { limiter, maxRetries: 0 });
    await groupDryRun(client);
    const refused = await rejectionOf(groupDryRun(client));
    expect(refused).toBeInstanceOf(RateLimitError);
    const nextGroupAction = groupDryRun(client);
    await read(client);
    await advance(60_000);
    await nextGroupAction;
    expect(engine.arrivals.map(({ at, path }) => [at, path.split('/').slice(3).join('/')])).toEqual([
      [0, 'grupos/1/puntos'],
      [0, 'grupos/1/puntos'],
      [0, 'configuracion/niveles'],
      [60_000, 'grupos/1/puntos'],
    ]);
  });
});

describe('sharing', () => {
  it.each<[KeyName, KeyName, number[]]>([
    ['A', 'A', [2, 2]],
    ['A', 'B', [4]],
  ])(
    'two clients of keys %s and %s, one limiter at 2 a second, 2 calls each: %j a second',
    async (first, second, expected) => {
      const engine = limitedEngine();
      const limiter = await memoryLimiter(2);
      const clients = [engine.client(first, { limiter }), engine.client(second, { limiter })];
      const all = Promise.all(clients.flatMap((client) => [read(client), read(client)]));
      await advance(2_000);
      await all;
      expect(perWindow(engine.arrivals, 1_000)).toEqual(expected);
    },
  );

  it('a client made by withOptions shares the limiter; with another apiKey, other buckets', async () => {
    const engine = limitedEngine();
    const client = engine.client('A', { limiter: await memoryLimiter(1) });
    const all = Promise.all([
      read(client),
      read(client.withOptions({ timeoutMs: 5_000 })),
      read(client.withOptions({ apiKey: KEYS.B })),
    ]);
    await advance(1_000);
    await all;
    expect(engine.arrivals.map(({ at, key }) => [at, key])).toEqual([
      [0, 'A'],
      [0, 'B'],
      [1_000, 'A'],
    ]);
  });

  it('the limiter learns the key by its id, never in clear', async () => {
    const ids: string[] = [];
    const limiter: Limiter = {
      forKey(keyId) {
        ids.push(keyId);
        return { acquire: async () => {}, pause: async () => {} };
      },
    };
    const engine = limitedEngine();
    await read(engine.client('A', { limiter }));
    expect(ids).toEqual([limiterKeyId(KEYS.A)]);
    expect(ids[0]).not.toContain(KEYS.A);
  });
});

describe('abort while waiting for a token', () => {
  it('ends the call with LoyaltyAbortError at once; nothing is sent and no token is taken', async () => {
    const { logger, lines } = capturingLogger();
    const engine = limitedEngine();
    const client = engine.client('A', { limiter: await memoryLimiter(1), logger, logLevel: 'info' });
    await read(client);
    const controller = new AbortController();
    const waiting = rejectionOf(client.configuracion.niveles.list({ signal: controller.signal }));
    await advance(500);
    controller.abort();
    expect(await waiting).toBeInstanceOf(LoyaltyAbortError);
    // The next call takes the token of the next second: the aborted one took none.
    const next = read(client);
    await advance(2_000);
    await next;
    expect(engine.arrivals.map(({ at }) => at)).toEqual([0, 1_000]);
    expect(lines.map((line) => line.args[0])).toContain(
      "loyalty-sdk: configuracion.niveles.list aborted before sending: LoyaltyAbortError: configuracion.niveles.list was aborted by the caller's signal",
    );
  });
});

describe('without a limiter', () => {
  it('nothing waits: 50 concurrent calls reach the engine before the clock moves, and no timer is left', async () => {
    const engine = limitedEngine();
    const client = engine.client('A');
    await Promise.all(times(50).map(() => read(client)));
    expect(engine.arrivals.filter(({ at }) => at === 0)).toHaveLength(50);
    expect(vi.getTimerCount()).toBe(0);
  });
});

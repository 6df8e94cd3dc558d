/**
 * `createRedisLimiter` against a real redis-server, with ioredis and with node-redis: limiters
 * made in different places (as different processes would) over the same Redis share the buckets
 * of an API key, and a pause, and store the key only as its id.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KeyLimiter, Limiter, LimitKind } from '../../src/index.js';
import { limiterKeyId } from '../../src/limits/index.js';
import { createRedisLimiter } from '../../src/redis/index.js';
import { KEYS, limitedEngine } from '../limits/limited-engine.js';
import { aTurn } from '../support/async.js';
import { advance, fakeElapsed, turnsUntil, useFakeClock, watch } from '../support/fake-clock.js';
import {
  answeredSoFar,
  CLIENT_KINDS,
  type ClientKind,
  connect,
  forgetBuckets,
  keysMatching,
  unique,
} from './redis-clients.js';

/**
 * Two limiters over two connections of `kind`: what two workers of a fleet would hold. The fake
 * clock starts once they are connected.
 */
async function twoWorkers(kind: ClientKind, requestsPerSecond: number, groupActionsPerMinute = 10) {
  const rates = { requestsPerSecond, groupActionsPerMinute };
  const connections = [await connect(kind), await connect(kind)] as const;
  useFakeClock();
  return {
    limiters: connections.map((redis) => createRedisLimiter({ redis, ...rates })),
    /** Every command the limiters sent so far is answered, and what waits for a window waits on a timer. */
    decided: () => Promise.all(connections.map(answeredSoFar)),
  };
}

/**
 * Starts `acquire` of each kind, alternating between `limiters`; `times` fills, in the same order,
 * with when each got its token on the fake clock.
 */
function acquireAll(limiters: readonly KeyLimiter[], kinds: readonly LimitKind[]) {
  const times: (number | undefined)[] = kinds.map(() => undefined);
  const all = Promise.all(
    kinds.map(async (kind, index) => {
      await (limiters[index % limiters.length] as KeyLimiter).acquire(kind, undefined);
      times[index] = fakeElapsed();
    }),
  );
  return { times, all };
}

const requests = (count: number): LimitKind[] => Array.from({ length: count }, () => 'request');

/**
 * A window of `keyId` ends: Redis keeps its windows on its own clock, which the fake one does not
 * move, so the test deletes them as their expiry would, once every command sent is answered.
 */
async function endWindows(kind: ClientKind, keyId: string, decided: () => Promise<unknown>): Promise<void> {
  await decided();
  await forgetBuckets(kind, keyId);
}

afterEach(() => {
  vi.useRealTimers();
});

describe.each(CLIENT_KINDS)('createRedisLimiter with %s', (kind) => {
  it('two workers with the same key share one bucket: requestsPerSecond tokens at once between them, the rest after the window', async () => {
    const { limiters, decided } = await twoWorkers(kind, 4);
    const keyId = unique('shared');
    const { times, all } = acquireAll(
      limiters.map((limiter) => limiter.forKey(keyId)),
      requests(8),
    );
    // Four tokens at once; the other four wait for the window on a timer (the clock has not moved).
    await turnsUntil(() => vi.getTimerCount() === 4);
    expect(times.filter((time) => time === 0)).toHaveLength(4);
    expect(times.filter((time) => time === undefined)).toHaveLength(4);
    await endWindows(kind, keyId, decided);
    await advance(1_000);
    await all;
    const later = times.filter((time) => time !== 0) as number[];
    expect(later).toHaveLength(4);
    for (const time of later) expect(time).toBeGreaterThan(0);
    for (const time of later) expect(time).toBeLessThanOrEqual(1_000);
  });

  it('workers with different keys do not share: each key gets its own requestsPerSecond', async () => {
    const { limiters } = await twoWorkers(kind, 3);
    const [a, b] = limiters as [Limiter, Limiter];
    const { times, all } = acquireAll([a.forKey(unique('a')), b.forKey(unique('b'))], requests(6));
    await all;
    expect(times).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('a 429 seen by one worker pauses the other until its Retry-After (whole seconds)', async () => {
    const { limiters, decided } = await twoWorkers(kind, 100);
    const [first, second] = limiters as [Limiter, Limiter];
    const keyId = unique('paused');
    await first.forKey(keyId).pause('request', 700);
    const waiting = watch(second.forKey(keyId).acquire('request', undefined));
    await turnsUntil(() => vi.getTimerCount() === 1 || waiting.state !== 'pending');
    expect(waiting.state, 'waits for the pause').toBe('pending');
    await advance(700);
    await aTurn();
    // Past the 700 ms asked: the pause is a whole second.
    expect(waiting.state).toBe('pending');
    await endWindows(kind, keyId, decided);
    await advance(300);
    await turnsUntil(() => waiting.state !== 'pending');
    expect(waiting.state).toBe('resolved');
  });

  it('a group action takes a token of both buckets: the group bucket empty, it waits, and an abort leaves no token taken', async () => {
    const { limiters } = await twoWorkers(kind, 100, 2);
    const [first, second] = limiters as [Limiter, Limiter];
    const keyId = unique('group');
    const [a, b] = [first.forKey(keyId), second.forKey(keyId)];
    await a.acquire('groupAction', undefined);
    await b.acquire('groupAction', undefined);
    const controller = new AbortController();
    const waiting = a.acquire('groupAction', controller.signal);
    // The third group action waits for the minute, on a timer.
    await turnsUntil(() => vi.getTimerCount() === 1);
    const reason = new Error('gave up waiting');
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
    // No request token was taken for it: a request goes at once, with the clock where it was.
    await b.acquire('request', undefined);
    expect(fakeElapsed()).toBe(0);
  });

  it('clients calling through it keep to the rate in all: 12 calls of two clients at 5 a second take 3 windows, 5 in the first', async () => {
    const redis = await connect(kind);
    useFakeClock();
    const engine = limitedEngine();
    const limiter = createRedisLimiter({ redis, requestsPerSecond: 5, groupActionsPerMinute: 10 });
    const decided = () => answeredSoFar(redis);
    const apiKey = KEYS.A;
    const keyId = await limiterKeyId(apiKey);
    await forgetBuckets(kind, keyId);
    const clients = [engine.client('A', { limiter }), engine.client('A', { limiter })];
    const all = Promise.all(Array.from({ length: 12 }, (_, index) => clients[index % 2]?.tareas.list()));
    for (const [arrived, waiting] of [
      [5, 7],
      [10, 2],
    ] as const) {
      await turnsUntil(() => engine.count('A') === arrived);
      await decided();
      await turnsUntil(() => vi.getTimerCount() === waiting);
      await endWindows(kind, keyId, decided);
      await advance(1_000);
    }
    await all;
    const at = engine.arrivals.map((arrival) => arrival.at);
    expect(at.filter((time) => time === 0)).toHaveLength(5);
    expect(at.filter((time) => time > 0 && time <= 1_000)).toHaveLength(5);
    expect(at.filter((time) => time > 1_000 && time <= 2_000)).toHaveLength(2);
    const stored = await keysMatching(kind, 'loyalty-sdk:*');
    expect(stored.some((key) => key.includes(keyId))).toBe(true);
    expect(stored.some((key) => key.includes(apiKey))).toBe(false);
  });

  it('refuses options it does not know, naming the one meant, and a missing or foreign redis', async () => {
    const redis = await connect(kind);
    expect(() =>
      createRedisLimiter({
        redis,
        requestsPerSecond: 5,
        groupActionsPerMinute: 10,
        requestPerSecond: 5,
      } as never),
    ).toThrow('Unknown createRedisLimiter option "requestPerSecond"; did you mean "requestsPerSecond"?');
    expect(() => createRedisLimiter({ requestsPerSecond: 5, groupActionsPerMinute: 10 } as never)).toThrow(
      /createRedisLimiter needs redis: an ioredis client .* or a connected node-redis client/,
    );
    expect(() =>
      createRedisLimiter({
        redis: { url: 'redis://x' },
        requestsPerSecond: 5,
        groupActionsPerMinute: 10,
      } as never),
    ).toThrow(TypeError);
    expect(() => createRedisLimiter({ redis, requestsPerSecond: 0, groupActionsPerMinute: 10 })).toThrow(
      'createRedisLimiter option requestsPerSecond must be a positive integer, got 0',
    );
  });
});

describe('a 429 of the server through a Redis limiter', () => {
  it.each(CLIENT_KINDS)(
    'with %s, pauses the other client of the key too, until the Retry-After',
    async (kind) => {
      const redis = await connect(kind);
      useFakeClock();
      const engine = limitedEngine({ rateLimit: { limit: 2, windowMs: 1_000 } });
      const limiter = createRedisLimiter({ redis, requestsPerSecond: 100, groupActionsPerMinute: 10 });
      const decided = () => answeredSoFar(redis);
      const keyId = await limiterKeyId(KEYS.A);
      await forgetBuckets(kind, keyId);
      const [first, second] = [engine.client('A', { limiter }), engine.client('A', { limiter })];
      await Promise.all([first.tareas.list(), first.tareas.list()]);
      // The third request of the window gets the server's 429 and Retry-After; its retry, and the
      // other client's call, wait for the pause.
      const both = watch(Promise.all([first.tareas.list(), second.tareas.list()]));
      await turnsUntil(() => engine.arrivals.some((arrival) => arrival.status === 429));
      while (both.state === 'pending') {
        await endWindows(kind, keyId, decided);
        await advance(1_000);
      }
      expect(both.state).toBe('resolved');
      const limited = engine.arrivals.filter((arrival) => arrival.status === 429);
      expect(limited.length).toBeGreaterThanOrEqual(1);
      expect(limited.length).toBeLessThanOrEqual(2);
      const after = engine.arrivals.filter(
        (arrival) => arrival.status === 200 && arrival.at > (limited[0]?.at ?? 0),
      );
      expect(after).toHaveLength(2);
      for (const arrival of after) expect(arrival.at - (limited[0]?.at ?? 0)).toBeGreaterThanOrEqual(1_000);
    },
  );
});

/**
 * `createRedisLimiter` against a real redis-server, with ioredis and with node-redis: limiters
 * made in different places (as different processes would) over the same Redis share the buckets
 * of an API key, and a pause, and store the key only as its id.
 */
import { describe, expect, it } from 'vitest';
import type { KeyLimiter, LimitKind } from '../../src/index.js';
import { limiterKeyId } from '../../src/limits/index.js';
import { createRedisLimiter } from '../../src/redis/index.js';
import { KEYS, limitedEngine } from '../limits/limited-engine.js';
import {
  CLIENT_KINDS,
  type ClientKind,
  connect,
  forgetBuckets,
  keysMatching,
  unique,
} from './redis-clients.js';

/** Two limiters over two connections of `kind`: what two workers of a fleet would hold. */
async function twoWorkers(kind: ClientKind, requestsPerSecond: number, groupActionsPerMinute = 10) {
  const rates = { requestsPerSecond, groupActionsPerMinute };
  return [
    createRedisLimiter({ redis: await connect(kind), ...rates }),
    createRedisLimiter({ redis: await connect(kind), ...rates }),
  ] as const;
}

/** Starts `acquire` of each kind, alternating between `limiters`; resolves to when each got its token. */
async function acquireAll(limiters: readonly KeyLimiter[], kinds: readonly LimitKind[]): Promise<number[]> {
  const started = Date.now();
  return Promise.all(
    kinds.map(async (kind, index) => {
      await (limiters[index % limiters.length] as KeyLimiter).acquire(kind, undefined);
      return Date.now() - started;
    }),
  );
}

const requests = (count: number): LimitKind[] => Array.from({ length: count }, () => 'request');

describe.each(CLIENT_KINDS)('createRedisLimiter with %s', (kind) => {
  it('two workers with the same key share one bucket: requestsPerSecond tokens at once between them, the rest after the window', async () => {
    const [first, second] = await twoWorkers(kind, 4);
    const keyId = unique('shared');
    const times = await acquireAll([first.forKey(keyId), second.forKey(keyId)], requests(8));
    const early = times.filter((time) => time < 500);
    expect(early).toHaveLength(4);
    expect(Math.min(...times.filter((time) => time >= 500))).toBeGreaterThanOrEqual(500);
  });

  it('workers with different keys do not share: each key gets its own requestsPerSecond', async () => {
    const [first, second] = await twoWorkers(kind, 3);
    const times = await acquireAll([first.forKey(unique('a')), second.forKey(unique('b'))], requests(6));
    expect(times.every((time) => time < 500)).toBe(true);
  });

  it('a 429 seen by one worker pauses the other until its Retry-After (whole seconds)', async () => {
    const [first, second] = await twoWorkers(kind, 100);
    const keyId = unique('paused');
    await first.forKey(keyId).pause('request', 700);
    const started = Date.now();
    await second.forKey(keyId).acquire('request', undefined);
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
  });

  it('a group action takes a token of both buckets: the group bucket empty, it waits, and an abort leaves no token taken', async () => {
    const [first, second] = await twoWorkers(kind, 100, 2);
    const keyId = unique('group');
    const [a, b] = [first.forKey(keyId), second.forKey(keyId)];
    await a.acquire('groupAction', undefined);
    await b.acquire('groupAction', undefined);
    const waiting = a.acquire('groupAction', AbortSignal.timeout(300));
    await expect(waiting).rejects.toMatchObject({ name: 'TimeoutError' });
    const started = Date.now();
    await b.acquire('request', undefined);
    expect(Date.now() - started).toBeLessThan(200);
  });

  it('clients calling through it keep to the rate in all: 12 calls of two clients at 5 a second take 3 windows, 5 in the first', async () => {
    const engine = limitedEngine();
    const redis = await connect(kind);
    const limiter = createRedisLimiter({ redis, requestsPerSecond: 5, groupActionsPerMinute: 10 });
    const apiKey = KEYS.A;
    const keyId = await limiterKeyId(apiKey);
    await forgetBuckets(kind, keyId);
    const clients = [engine.client('A', { limiter }), engine.client('A', { limiter })];
    const started = Date.now();
    await Promise.all(Array.from({ length: 12 }, (_, index) => clients[index % 2]?.tareas.list()));
    const elapsed = Date.now() - started;
    const first = engine.arrivals[0]?.at ?? 0;
    expect(engine.count('A')).toBe(12);
    expect(engine.arrivals.filter((arrival) => arrival.at - first < 900)).toHaveLength(5);
    expect(elapsed).toBeGreaterThanOrEqual(1_900);
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
      const engine = limitedEngine({ rateLimit: { limit: 2, windowMs: 1_000 } });
      const redis = await connect(kind);
      const limiter = createRedisLimiter({ redis, requestsPerSecond: 100, groupActionsPerMinute: 10 });
      const [first, second] = [engine.client('A', { limiter }), engine.client('A', { limiter })];
      await Promise.all([first.tareas.list(), first.tareas.list()]);
      // The third request of the window gets the server's 429 and Retry-After; its retry, and the
      // other client's call, wait for the pause.
      await Promise.all([first.tareas.list(), second.tareas.list()]);
      const limited = engine.arrivals.filter((arrival) => arrival.status === 429);
      expect(limited.length).toBeGreaterThanOrEqual(1);
      expect(limited.length).toBeLessThanOrEqual(2);
      const after = engine.arrivals.filter(
        (arrival) => arrival.status === 200 && arrival.at > (limited[0]?.at ?? 0),
      );
      for (const arrival of after) expect(arrival.at - (limited[0]?.at ?? 0)).toBeGreaterThanOrEqual(900);
    },
  );
});

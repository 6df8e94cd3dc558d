/**
 * `createMemoryLimiter` on its own, on a fake clock (rate-limiter-flexible reads `Date` and sets
 * timers, both faked): when each `acquire` resolves, what `pause` holds, what an abort leaves.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLimiter, type KeyLimiter, type LimitKind } from '../../src/index.js';
import { advance, fakeElapsed, useFakeClock } from '../support/fake-clock.js';
import { loaded } from './limited-engine.js';

beforeEach(useFakeClock);
afterEach(() => {
  vi.useRealTimers();
});

async function keyLimiter(requestsPerSecond: number, groupActionsPerMinute: number, keyId = 'key-id') {
  return (await loaded(createMemoryLimiter({ requestsPerSecond, groupActionsPerMinute }))).forKey(keyId);
}

/** Starts `acquire` of each kind in turn; `times` fills, in the same order, with when each resolved. */
function acquireEach(limits: KeyLimiter, kinds: LimitKind[], signal?: AbortSignal) {
  const started = fakeElapsed();
  const times: (number | undefined)[] = kinds.map(() => undefined);
  const settled = kinds.map((kind, index) =>
    limits.acquire(kind, signal).then(() => {
      times[index] = fakeElapsed() - started;
    }),
  );
  return { times, settled };
}

const requests = (count: number): LimitKind[] => Array.from({ length: count }, () => 'request');

describe('requestsPerSecond', () => {
  it('gives that many tokens at once, and as many again each time the second ends', async () => {
    const { times } = acquireEach(await keyLimiter(3, 10), requests(7));
    await advance(999);
    expect(times).toEqual([0, 0, 0, undefined, undefined, undefined, undefined]);
    await advance(2_001);
    expect(times).toEqual([0, 0, 0, 1_000, 1_000, 1_000, 2_000]);
  });
});

describe('spread: true', () => {
  const spreadLimiter = async (requestsPerSecond: number, groupActionsPerMinute = 10) =>
    (await loaded(createMemoryLimiter({ requestsPerSecond, groupActionsPerMinute, spread: true }))).forKey(
      'spread-key',
    );

  it("hands each second's tokens out evenly over it, and the next second's likewise", async () => {
    const { times } = acquireEach(await spreadLimiter(4), requests(6));
    await advance(2_000);
    expect(times).toEqual([0, 250, 500, 750, 1_000, 1_250]);
  });

  it('a caller aborted while it waits for its share gives its token back to the next caller', async () => {
    const limits = await spreadLimiter(2);
    acquireEach(limits, ['request']);
    const waiting = limits.acquire('request', AbortSignal.timeout(100)).catch((reason: unknown) => reason);
    await advance(100);
    expect(await waiting).toMatchObject({ name: 'TimeoutError' });
    const { times } = acquireEach(limits, ['request']);
    await advance(1_000);
    expect(times).toEqual([400]);
  });

  it('does not spread group actions: a minute of them is there at once', async () => {
    const { times } = acquireEach(await spreadLimiter(100, 3), ['groupAction', 'groupAction', 'groupAction']);
    await advance(1_000);
    expect(times.every((time) => time !== undefined && time < 100)).toBe(true);
  });
});

describe('groupActionsPerMinute', () => {
  it('gives that many group actions a minute', async () => {
    const { times } = acquireEach(await keyLimiter(100, 2), ['groupAction', 'groupAction', 'groupAction']);
    await advance(120_000);
    expect(times).toEqual([0, 0, 60_000]);
  });

  it('a group action takes a token of both buckets', async () => {
    const limits = await keyLimiter(2, 1);
    await limits.acquire('groupAction', undefined);
    const { times } = acquireEach(limits, ['request', 'request', 'groupAction']);
    await advance(60_000);
    expect(times).toEqual([0, 1_000, 60_000]);
  });
});

describe('pause', () => {
  it.each([
    [1, 1_000, 'a part of a second counts as a whole second'],
    [1_000, 1_000, 'whole seconds as they are'],
    [1_500, 2_000, 'rounded up, never down'],
    [0, 0, 'a pause of nothing holds nothing'],
  ])('pause(%i ms): the next token comes at %i ms (%s)', async (ms, expected) => {
    const limits = await keyLimiter(100, 10);
    await limits.pause('request', ms);
    const { times } = acquireEach(limits, ['request']);
    await advance(5_000);
    expect(times).toEqual([expected]);
  });

  it('a shorter pause does not cut a longer one short', async () => {
    const limits = await keyLimiter(100, 10);
    await limits.pause('request', 3_000);
    await limits.pause('request', 1_000);
    const { times } = acquireEach(limits, ['request']);
    await advance(5_000);
    expect(times).toEqual([3_000]);
  });

  it('a pause of group actions holds group actions, not other requests', async () => {
    const limits = await keyLimiter(100, 10);
    await limits.pause('groupAction', 5_000);
    const { times } = acquireEach(limits, ['groupAction', 'request']);
    await advance(10_000);
    expect(times).toEqual([5_000, 0]);
  });

  it('a pause of requests holds group actions too: each is a request as well', async () => {
    const limits = await keyLimiter(100, 10);
    await limits.pause('request', 2_000);
    const { times } = acquireEach(limits, ['groupAction']);
    await advance(5_000);
    expect(times).toEqual([2_000]);
  });
});

describe('sharing', () => {
  it('the same key id reaches the same buckets; another id has its own', async () => {
    const limiter = await loaded(createMemoryLimiter({ requestsPerSecond: 1, groupActionsPerMinute: 1 }));
    const first = acquireEach(limiter.forKey('id-1'), ['request']);
    const again = acquireEach(limiter.forKey('id-1'), ['request']);
    const other = acquireEach(limiter.forKey('id-2'), ['request']);
    await advance(1_000);
    expect([first.times, again.times, other.times]).toEqual([[0], [1_000], [0]]);
  });

  it('two limiters share nothing, even for the same key id', async () => {
    const one = acquireEach(await keyLimiter(1, 1), ['request']);
    const two = acquireEach(await keyLimiter(1, 1), ['request']);
    await advance(0);
    expect([one.times, two.times]).toEqual([[0], [0]]);
  });
});

describe('abort', () => {
  it('an abort during the wait rejects with the reason at once and takes no token', async () => {
    const limits = await keyLimiter(1, 10);
    acquireEach(limits, ['request']);
    const controller = new AbortController();
    const waiting = limits.acquire('request', controller.signal);
    const outcome = waiting.catch((reason: unknown) => reason);
    await advance(500);
    controller.abort(new Error('caller gave up'));
    expect(await outcome).toEqual(new Error('caller gave up'));
    // The token of the next second is still there: the first caller after the abort gets it.
    const { times } = acquireEach(limits, ['request', 'request']);
    await advance(2_000);
    expect(times).toEqual([500, 1_500]);
  });

  it('a signal aborted before acquire takes no token', async () => {
    const limits = await keyLimiter(1, 10);
    await expect(limits.acquire('request', AbortSignal.abort())).rejects.toThrow();
    const { times } = acquireEach(limits, ['request']);
    await advance(0);
    expect(times).toEqual([0]);
  });

  it('a group action aborted while it waits for its request token gives its group token back', async () => {
    const limits = await keyLimiter(1, 1);
    acquireEach(limits, ['request']);
    const controller = new AbortController();
    const outcome = limits.acquire('groupAction', controller.signal).catch(() => 'aborted');
    await advance(500);
    controller.abort();
    expect(await outcome).toBe('aborted');
    // It goes when the second ends (its request token); had the group token been kept, it would
    // wait for the next minute.
    const { times } = acquireEach(limits, ['groupAction']);
    await advance(60_000);
    expect(times).toEqual([500]);
  });

  it('a refused caller counts for nothing: a token given back is free though others were refused', async () => {
    const limits = await keyLimiter(1, 1);
    acquireEach(limits, ['request']);
    const controller = new AbortController();
    const outcome = limits.acquire('groupAction', controller.signal).catch(() => 'aborted');
    const refused = acquireEach(limits, ['groupAction']);
    await advance(500);
    controller.abort();
    expect(await outcome).toBe('aborted');
    const { times } = acquireEach(limits, ['groupAction']);
    await advance(60_000);
    expect([times, refused.times]).toEqual([[500], [60_000]]);
  });
});

/**
 * The pacer on the clock every real run uses (`realClock`: performance.now and setTimeout), with
 * vitest's fake timers standing in for real time: no real time is waited.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPacer, realClock } from '../../src/verify/pacer.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** When each of `count` paced calls went ahead, by the real clock (its time faked). */
async function starts(perSecond: number, count: number, signal?: AbortSignal): Promise<number[]> {
  const pace = createPacer(perSecond, signal, realClock);
  const at: number[] = [];
  const run = (async () => {
    for (let call = 0; call < count; call += 1) {
      await pace();
      at.push(realClock.now());
    }
  })();
  await vi.runAllTimersAsync();
  await run;
  return at;
}

describe('the pacer on the real clock', () => {
  it('at 4 a second, starts are 250 ms apart: the first at once, each next after the gap', async () => {
    const at = await starts(4, 6);
    expect(at.map((time) => time - (at[0] as number))).toEqual([0, 250, 500, 750, 1_000, 1_250]);
  });

  it('an abort during the wait rejects with the reason, and nothing goes ahead', async () => {
    const controller = new AbortController();
    const pace = createPacer(4, controller.signal, realClock);
    await pace();
    const waiting = pace();
    controller.abort(new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');
  });
});

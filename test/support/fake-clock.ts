/**
 * The fake clock of tests whose subject is a real timer (a timeout, a backoff, a limiter's
 * window): `setTimeout` and `Date` move only when the test says, so a deadline is asserted as an
 * order of events (pending at `deadline - 1`, settled at `deadline`: `expectSettledAt`) and never
 * waits for real.
 * Sockets and `setImmediate` stay real: I/O still happens between the test's steps.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { expect, vi } from 'vitest';
import { aTurn } from './async.js';

/** Where the fake clock starts: a fixed instant, so dates stamped by it are the same every run. */
export const FAKE_CLOCK_START = Date.parse('2026-03-02T09:00:00Z');

/**
 * Timers and `Date` on the fake clock, and `performance` too when `performance` is set (for
 * what measures durations with it). The file turns it off again (`vi.useRealTimers()` in an
 * `afterEach`).
 */
export function useFakeClock({ performance = false }: { performance?: boolean } = {}): void {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'Date', ...(performance ? (['performance'] as const) : [])],
    now: FAKE_CLOCK_START,
  });
}

/**
 * The clock of a server a file starts before any test turns the fake clock on (its `now`
 * option): it reads `Date` at each call, so it follows the fake clock while a test has it on.
 */
export const currentDate = (): number => Date.now();

/** A sleep of `ms` on the fake clock: it ends when the test moves the clock past it, never by itself. */
export const fakeSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Moves the fake clock by `ms`, running every timer and promise due on the way. */
export async function advance(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}

/** Milliseconds since the fake clock started; NaN on the real clock, which these tests never read. */
export function fakeElapsed(): number {
  const now = vi.getMockedSystemTime();
  return now ? now.getTime() - FAKE_CLOCK_START : Number.NaN;
}

/** A promise's outcome so far, without waiting for it. */
export function watch<T>(promise: Promise<T>): { readonly state: 'pending' | 'resolved' | 'rejected' } {
  const watched = { state: 'pending' as 'pending' | 'resolved' | 'rejected' };
  promise.then(
    () => {
      watched.state = 'resolved';
    },
    () => {
      watched.state = 'rejected';
    },
  );
  return watched;
}

/**
 * Waits, a turn of the event loop at a time, until `condition` holds: for I/O (a request to
 * arrive, a store to answer) while the fake clock stands still. No deadline of its own: the
 * test's timeout ends a wait for what never happens.
 */
export async function turnsUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await aTurn();
}

const RESPONSE_HEADERS = 'undici:request:headers';

/**
 * Resolves when the next answer's headers reach a client in this process (undici's diagnostics
 * channel, which Node's fetch publishes too): from then on a stalled answer stalls in its body.
 * Call it before the request starts.
 */
export function nextResponseHeaders(): Promise<void> {
  return new Promise((resolve) => {
    const arrived = () => {
      unsubscribe(RESPONSE_HEADERS, arrived);
      resolve();
    };
    subscribe(RESPONSE_HEADERS, arrived);
  });
}

/**
 * Runs the fake clock from timer to timer until `promise` settles, as time would pass if nothing
 * else happened: what the call waited for shows in the clock, and no wait costs real time.
 */
export async function runUntilSettled<T>(promise: Promise<T>): Promise<T> {
  const watched = watch(promise);
  while (watched.state === 'pending') {
    if (vi.getTimerCount() > 0) await vi.advanceTimersToNextTimerAsync();
    else await aTurn();
  }
  return promise;
}

/**
 * A deadline as an order of events: `promise` is still pending when the fake clock has moved
 * `ms - 1` further, and settled once it has moved `ms`. The test then awaits `promise` for its
 * value or failure.
 */
export async function expectSettledAt<T>(ms: number, promise: Promise<T>): Promise<void> {
  const outcome = watch(promise);
  await advance(ms - 1);
  await aTurn();
  expect(outcome.state, `pending ${ms - 1} ms in`).toBe('pending');
  await advance(1);
  await aTurn();
  expect(outcome.state, `settled ${ms} ms in`).not.toBe('pending');
}

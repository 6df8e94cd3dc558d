/**
 * `retryBaseDelayMs` and `retryMaxDelayMs`: the backoff before a retry of an answer without
 * `Retry-After` (a 5xx, a dropped connection) starts at the base and doubles up to the max.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCallContext } from '../../src/client/call-context.js';
import { fetchTransport } from '../../src/client/fetch-transport.js';
import { levelled } from '../../src/client/logger.js';
import { resolveClientOptions } from '../../src/client/options.js';
import { LoyaltyError } from '../../src/index.js';
import { limitedEngine } from '../limits/limited-engine.js';
import { runUntilSettled, useFakeClock } from '../support/fake-clock.js';

const BASE = { apiKey: 'lk_retry_delay_options', baseUrl: 'http://127.0.0.1:9' };

function policyOf(options: object) {
  const resolved = resolveClientOptions({ ...BASE, ...options });
  return createCallContext(resolved, fetchTransport(fetch), levelled(console, 'off', BASE.apiKey), undefined)
    .policy;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('retry delay options', () => {
  it('default to 500 ms doubling up to 8 s', () => {
    expect(policyOf({})).toMatchObject({ baseDelayMs: 500, maxDelayMs: 8_000 });
  });

  it('set the retry policy of every call of the client', () => {
    expect(policyOf({ retryBaseDelayMs: 50, retryMaxDelayMs: 1_000 })).toMatchObject({
      baseDelayMs: 50,
      maxDelayMs: 1_000,
    });
  });

  it('a base above 8 s without a max raises the max to the base', () => {
    expect(policyOf({ retryBaseDelayMs: 10_000 })).toMatchObject({ baseDelayMs: 10_000, maxDelayMs: 10_000 });
  });

  it('two 503s retried with a base of 0 are sent again at once', async () => {
    useFakeClock();
    const engine = limitedEngine();
    engine.failNext(2);
    await runUntilSettled(engine.client('A', { retryBaseDelayMs: 0, retryMaxDelayMs: 0 }).tareas.list());
    expect(engine.arrivals.map((arrival) => arrival.at)).toEqual([0, 0, 0]);
  });

  it('two 503s retried with a base of 200 ms wait 100 to 200 ms and then 200 to 400 ms', async () => {
    useFakeClock();
    const engine = limitedEngine();
    engine.failNext(2);
    await runUntilSettled(
      engine.client('A', { retryBaseDelayMs: 200, retryMaxDelayMs: 1_000 }).tareas.list(),
    );
    const [first, second, third] = engine.arrivals.map((arrival) => arrival.at) as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(100);
    expect(second - first).toBeLessThanOrEqual(200);
    expect(third - second).toBeGreaterThanOrEqual(200);
    expect(third - second).toBeLessThanOrEqual(400);
  });

  it.each([
    [{ retryBaseDelayMs: -1 }, 'retryBaseDelayMs must be a non-negative integer, got -1'],
    [{ retryMaxDelayMs: 1.5 }, 'retryMaxDelayMs must be a non-negative integer, got 1.5'],
    [
      { retryBaseDelayMs: 500, retryMaxDelayMs: 100 },
      'retryMaxDelayMs (100) must be at least retryBaseDelayMs (500)',
    ],
    [
      { retryBaseDelay: 100 },
      'Unknown LoyaltyClient option "retryBaseDelay"; did you mean "retryBaseDelayMs"?',
    ],
  ])('refuses %j', (options, message) => {
    expect(() => resolveClientOptions({ ...BASE, ...options })).toThrow(LoyaltyError);
    expect(() => resolveClientOptions({ ...BASE, ...options })).toThrow(message);
  });
});

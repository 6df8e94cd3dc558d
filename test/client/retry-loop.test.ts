import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RetriedCall, withRetries } from '../../src/client/call.js';
import { errorForStatus } from '../../src/client/decode.js';
import { levelled } from '../../src/client/logger.js';
import { parseRetryAfter } from '../../src/client/retry.js';
import {
  LoyaltyAbortError,
  type LoyaltyApiError,
  LoyaltyConnectionError,
  type RetryPolicy,
} from '../../src/index.js';
import { capturingLogger } from '../support/capturing-logger.js';
import { FAKE_CLOCK_START } from '../support/fake-clock.js';
import { rejection } from '../support/stub-server.js';

/** No backoff, so that a test waits only for the Retry-After it sets. */
const POLICY: RetryPolicy = { maxRetries: 2, maxRetryAfterMs: 60_000, baseDelayMs: 0, maxDelayMs: 0 };
const quiet = levelled(console, 'off', 'retry-loop-test-key');

afterEach(() => {
  vi.useRealTimers();
});

function callWith(policy: RetryPolicy = POLICY, signal?: AbortSignal): RetriedCall {
  return { operationId: 'tareas.list', policy, signal };
}

function apiError(status: number, headers: Record<string, string> = {}): LoyaltyApiError {
  return errorForStatus({
    retryAfterMs: parseRetryAfter(headers['retry-after'], FAKE_CLOCK_START),
    status,
    codigoRespuesta: 9000 + status,
    msj: `failure ${status}`,
    meta: undefined,
    headers,
    body: undefined,
    operationId: 'tareas.list',
    idempotencyKey: undefined,
  });
}

/** An attempt function that fails with `failures` in order, then succeeds; it records each attempt number. */
function scripted(...failures: unknown[]) {
  const attempts: number[] = [];
  const attempt = async (attemptNumber: number) => {
    attempts.push(attemptNumber);
    const failure = failures[attemptNumber - 1];
    if (failure !== undefined) throw failure;
    return `answer of attempt ${attemptNumber}`;
  };
  return { attempts, attempt };
}

describe('withRetries', () => {
  it('makes one attempt when the first succeeds', async () => {
    const { attempts, attempt } = scripted();
    await expect(withRetries(callWith(), attempt, { logger: quiet })).resolves.toBe('answer of attempt 1');
    expect(attempts).toEqual([1]);
  });

  it('retries a retryable failure and resolves with the first success', async () => {
    const { attempts, attempt } = scripted(
      apiError(503),
      new LoyaltyConnectionError('tareas.list', undefined, 'reset'),
    );
    await expect(withRetries(callWith(), attempt, { logger: quiet })).resolves.toBe('answer of attempt 3');
    expect(attempts).toEqual([1, 2, 3]);
  });

  it.each([
    [0, [1]],
    [1, [1, 2]],
    [2, [1, 2, 3]],
  ])('with maxRetries %i makes attempts %j, then throws the last failure', async (maxRetries, expected) => {
    const failures = [apiError(503), apiError(502), apiError(500)];
    const { attempts, attempt } = scripted(...failures);
    await expect(withRetries(callWith({ ...POLICY, maxRetries }), attempt, { logger: quiet })).rejects.toBe(
      failures[expected.length - 1],
    );
    expect(attempts).toEqual(expected);
  });

  it.each([400, 401, 403, 404, 409, 422])('stops at once on a %i', async (status) => {
    const failure = apiError(status);
    const { attempts, attempt } = scripted(failure);
    await expect(withRetries(callWith(), attempt, { logger: quiet })).rejects.toBe(failure);
    expect(attempts).toEqual([1]);
  });

  it('stops at once on a Retry-After longer than maxRetryAfterMs', async () => {
    const failure = apiError(429, { 'retry-after': '61' });
    const { attempts, attempt } = scripted(failure);
    await expect(withRetries(callWith(), attempt, { logger: quiet })).rejects.toBe(failure);
    expect(attempts).toEqual([1]);
  });

  it('waits as Retry-After says before the next attempt', async () => {
    vi.useFakeTimers();
    const { attempts, attempt } = scripted(apiError(429, { 'retry-after': '2' }));
    const result = withRetries(callWith(), attempt, { logger: quiet });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(attempts).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts).toEqual([1, 2]);
    await expect(result).resolves.toBe('answer of attempt 2');
  });

  it('logs one info line per retry, naming the attempt, its failure and the wait', async () => {
    const { logger, lines } = capturingLogger();
    const { attempt } = scripted(apiError(503), apiError(502));
    await withRetries(callWith(), attempt, { logger: levelled(logger, 'info', 'retry-loop-test-key') });
    expect(lines.map((line) => line.args[0])).toEqual([
      'loyalty-sdk: tareas.list attempt 1 failed (tareas.list failed with 503 (codigoRespuesta 9503): failure 503); retrying in 0 ms',
      'loyalty-sdk: tareas.list attempt 2 failed (tareas.list failed with 502 (codigoRespuesta 9502): failure 502); retrying in 0 ms',
    ]);
  });

  it("rejects with LoyaltyAbortError as soon as the caller's signal fires during the wait", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const { attempts, attempt } = scripted(apiError(429, { 'retry-after': '5' }));
    const result = rejection(withRetries(callWith(POLICY, controller.signal), attempt, { logger: quiet }));
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    expect(await result).toBeInstanceOf(LoyaltyAbortError);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(attempts).toEqual([1]);
  });
});

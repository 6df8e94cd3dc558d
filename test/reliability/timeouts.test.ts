/**
 * Timeouts and abort against a real HTTP reference server that stalls bodies, drops connections
 * and answers 5xx/429 on purpose. The server records every request that reaches its socket, so
 * "no further attempt" and "the same key" are observed where they matter: at the server.
 */

import {
  type Logger,
  LoyaltyAbortError,
  LoyaltyClient,
  type LoyaltyError,
  LoyaltyTimeoutError,
} from 'loyalty-sdk';
import { DEMO_API_KEY, type FaultOptions } from 'loyalty-sdk/server';
import { Agent } from 'undici';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aTurn } from '../support/async.js';
import { recordingLogger } from '../support/capturing-logger.js';
import {
  advance,
  expectSettledAt,
  nextResponseHeaders,
  turnsUntil,
  useFakeClock,
  watch,
} from '../support/fake-clock.js';
import {
  type RecordingServer,
  rejectionOf,
  seenBeforeProbe,
  startRecordingServer,
} from '../support/reliability-harness.js';

const TIMEOUT_MS = 250;
/** Past every backoff and Retry-After of these tests, and every stall: what was to happen has. */
const LONG_AFTER_MS = 60_000;
/**
 * Backoffs of a few milliseconds of the fake clock, where the backoff's length is not what is
 * tested: a retry goes out when the test moves the clock, after the attempt before it is over.
 */
const QUICK_BACKOFF = { retryBaseDelayMs: 1, retryMaxDelayMs: 10 };

let server: RecordingServer | undefined;
let agent: Agent | undefined;

afterEach(async () => {
  vi.useRealTimers();
  await agent?.destroy();
  await server?.close();
  agent = undefined;
  server = undefined;
});

async function setUp(
  faults: FaultOptions,
  client: {
    maxRetries: number;
    timeoutMs?: number;
    logger?: Logger;
    retryBaseDelayMs?: number;
    retryMaxDelayMs?: number;
  },
): Promise<{ client: LoyaltyClient; server: RecordingServer }> {
  server = await startRecordingServer({ faults: { stallMs: 10_000, ...faults } });
  agent = new Agent();
  return {
    server,
    client: new LoyaltyClient({
      apiKey: DEMO_API_KEY,
      baseUrl: server.url,
      dispatcher: agent,
      timeoutMs: client.timeoutMs ?? TIMEOUT_MS,
      maxRetries: client.maxRetries,
      retryBaseDelayMs: client.retryBaseDelayMs,
      retryMaxDelayMs: client.retryMaxDelayMs,
      logger: client.logger,
      logLevel: client.logger ? 'info' : 'off',
    }),
  };
}

/**
 * Waits for the client's `count`-th decision to retry (its log line), then moves the fake clock
 * past the backoff, which is at most `QUICK_BACKOFF.retryMaxDelayMs`: the retry goes out.
 */
async function retriesDecided(lines: readonly string[], count: number): Promise<void> {
  await turnsUntil(() => lines.filter((line) => line.includes('retrying in')).length >= count);
  await advance(QUICK_BACKOFF.retryMaxDelayMs);
}

const keysSeen = (recording: RecordingServer) =>
  recording.seen.map((request) => request.headers['idempotency-key']);

describe('a stalled body', () => {
  it('ends in LoyaltyTimeoutError within timeoutMs, on a single attempt when maxRetries is 0', async () => {
    const { client, server } = await setUp({ seed: 1, rates: { stallBody: 1 } }, { maxRetries: 0 });
    useFakeClock();
    const headers = nextResponseHeaders();
    const call = rejectionOf(client.clientes.puntos.add('cli_0001', { puntos: 7 }));
    await headers;
    await expectSettledAt(TIMEOUT_MS, call);
    const error = await call;

    expect(error).toBeInstanceOf(LoyaltyTimeoutError);
    expect((error as LoyaltyTimeoutError).message).toMatch(/timed out after 250 ms \(attempt 1\)/);
    expect(server.seen).toHaveLength(1);
    // The body stalled after the commit: the movement is applied, and the error names its key.
    expect(server.admin.audit()).toHaveLength(1);
    expect((error as LoyaltyError & { idempotencyKey?: string }).idempotencyKey).toBe(keysSeen(server)[0]);
  });

  it('is retried with the same Idempotency-Key, and the movement applies once', async () => {
    const { logger, lines } = recordingLogger();
    const { client, server } = await setUp(
      { seed: 1, sequence: ['stallBody'] },
      { maxRetries: 3, logger, ...QUICK_BACKOFF },
    );
    const before = server.admin.customer('cli_0001')?.puntos ?? 0;
    useFakeClock();
    const stalled = nextResponseHeaders();
    const call = client.clientes.puntos.add('cli_0001', { puntos: 7, motivo: 'stalled once' }).withResponse();
    await stalled;
    await advance(TIMEOUT_MS);
    await retriesDecided(lines, 1);
    const { data, headers, idempotencyKey } = await call;

    expect(server.seen).toHaveLength(2);
    expect(keysSeen(server)).toEqual([idempotencyKey, idempotencyKey]);
    expect(headers['idempotent-replayed']).toBe('true');
    expect(data).toMatchObject({ puntos: 7, saldo: before + 7 });
    expect(server.admin.customer('cli_0001')?.puntos).toBe(before + 7);
    expect(server.admin.audit()).toMatchObject([{ uid: 'cli_0001', puntos: 7, motivo: 'stalled once' }]);
  });

  it('after a lost answer too, is retried with the caller’s own key and applied once', async () => {
    const { logger, lines } = recordingLogger();
    const { client, server } = await setUp(
      { seed: 1, sequence: ['dropAfterCommit', 'stallBody'] },
      { maxRetries: 4, logger, ...QUICK_BACKOFF },
    );
    const uids = [server.admin.createCustomer({ puntos: 100 }), server.admin.createCustomer({ puntos: 100 })];
    const grupoId = server.admin.createGroup({ uids });
    useFakeClock();
    const call = client.grupos.puntos.add(
      grupoId,
      { puntos: -5, motivo: 'two faults' },
      { idempotencyKey: 'order-4711-refund' },
    );
    const stalled = nextResponseHeaders();
    await retriesDecided(lines, 1);
    await stalled;
    await advance(TIMEOUT_MS);
    await retriesDecided(lines, 2);
    const data = await call;

    expect(data).toMatchObject({ afectados: 2 });
    expect(keysSeen(server)).toEqual(Array(3).fill('order-4711-refund'));
    expect(server.admin.audit()).toMatchObject([
      { uid: uids[0], puntos: -5, grupoId },
      { uid: uids[1], puntos: -5, grupoId },
    ]);
    expect(uids.map((uid) => server.admin.customer(uid)?.puntos)).toEqual([95, 95]);
  });
});

describe('abort', () => {
  /** The call's failure, checked to come on the abort itself: the fake clock does not move. */
  async function failureOnAbort(call: Promise<unknown>, abort: () => void): Promise<unknown> {
    const settled = rejectionOf(call);
    const outcome = watch(settled);
    abort();
    await aTurn();
    expect(outcome.state, 'settled on the abort, the clock standing still').toBe('resolved');
    return settled;
  }

  it('during a stalled attempt rejects at once with LoyaltyAbortError; no further request', async () => {
    const { client, server } = await setUp(
      { seed: 1, rates: { stallBody: 1 } },
      { maxRetries: 5, timeoutMs: 5_000, ...QUICK_BACKOFF },
    );
    useFakeClock();
    const controller = new AbortController();
    const headers = nextResponseHeaders();
    const call = client.clientes.puntos.add('cli_0001', { puntos: 7 }, { signal: controller.signal });
    await headers;
    const error = await failureOnAbort(call, () => controller.abort(new Error('user left')));

    expect(error).toBeInstanceOf(LoyaltyAbortError);
    expect((error as Error).cause).toEqual(new Error('user left'));
    await advance(LONG_AFTER_MS);
    expect(await seenBeforeProbe(server)).toHaveLength(1);
  });

  it('during the backoff after a 5xx rejects at once; no further request', async () => {
    const { logger, lines } = recordingLogger();
    const { client, server } = await setUp({ seed: 1, sequence: ['serverError'] }, { maxRetries: 5, logger });
    useFakeClock();
    const controller = new AbortController();
    const call = client.clientes.puntos.add('cli_0001', { puntos: 7 }, { signal: controller.signal });
    // The pipeline logs the decision just before it starts waiting; a first backoff is 250 ms at least.
    await turnsUntil(() => lines.some((line) => line.includes('retrying in')));
    await advance(20);
    const error = await failureOnAbort(call, () => controller.abort());

    expect(error).toBeInstanceOf(LoyaltyAbortError);
    expect(lines.filter((line) => line.includes('retrying in'))).toHaveLength(1);
    await advance(LONG_AFTER_MS);
    expect(await seenBeforeProbe(server)).toHaveLength(1);
    expect(server.admin.audit()).toEqual([]);
  });

  it('during the Retry-After wait of a 429 storm rejects at once; no further request', async () => {
    const { logger, lines } = recordingLogger();
    const { client, server } = await setUp(
      { seed: 1, sequence: ['rateLimitStorm'], retryAfterSeconds: 2 },
      { maxRetries: 5, logger },
    );
    useFakeClock();
    const controller = new AbortController();
    const call = client.clientes.puntos.add('cli_0001', { puntos: 7 }, { signal: controller.signal });
    await turnsUntil(() => lines.some((line) => line.includes('retrying in 2000 ms')));
    await advance(200);
    const error = await failureOnAbort(call, () => controller.abort());

    expect(error).toBeInstanceOf(LoyaltyAbortError);
    await advance(LONG_AFTER_MS);
    expect(await seenBeforeProbe(server)).toHaveLength(1);
  });

  it('before the first attempt sends nothing at all', async () => {
    const { client, server } = await setUp({ seed: 1, rates: { stallBody: 1 } }, { maxRetries: 5 });
    const error = await rejectionOf(
      client.clientes.puntos.add('cli_0001', { puntos: 7 }, { signal: AbortSignal.abort() }),
    );
    expect(error).toBeInstanceOf(LoyaltyAbortError);
    expect(await seenBeforeProbe(server)).toEqual([]);
  });
});

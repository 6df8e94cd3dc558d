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
import { afterEach, describe, expect, it } from 'vitest';
import { recordingLogger } from '../support/capturing-logger.js';
import {
  type RecordingServer,
  rejectionOf,
  sleep,
  startRecordingServer,
} from '../support/reliability-harness.js';

const TIMEOUT_MS = 250;
/** Timer and scheduling slack allowed past a deadline. */
const MARGIN_MS = 400;
/** How soon after the abort the call must reject: below any backoff (at least 250 ms) or stall. */
const AT_ONCE_MS = 200;
/** Backoffs of a few milliseconds, for the tests where the backoff's length is not what is tested. */
const QUICK_BACKOFF = { retryBaseDelayMs: 1, retryMaxDelayMs: 10 };

let server: RecordingServer | undefined;
let agent: Agent | undefined;

afterEach(async () => {
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

const keysSeen = (recording: RecordingServer) =>
  recording.seen.map((request) => request.headers['idempotency-key']);

describe('a stalled body', () => {
  it('ends in LoyaltyTimeoutError within timeoutMs, on a single attempt when maxRetries is 0', async () => {
    const { client, server } = await setUp({ seed: 1, rates: { stallBody: 1 } }, { maxRetries: 0 });
    const started = performance.now();
    const error = await rejectionOf(client.clientes.puntos.add('cli_0001', { puntos: 7 }));
    const elapsed = performance.now() - started;

    expect(error).toBeInstanceOf(LoyaltyTimeoutError);
    expect((error as LoyaltyTimeoutError).message).toMatch(/timed out after 250 ms \(attempt 1\)/);
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
    expect(server.seen).toHaveLength(1);
    // The body stalled after the commit: the movement is applied, and the error names its key.
    expect(server.admin.audit()).toHaveLength(1);
    expect((error as LoyaltyError & { idempotencyKey?: string }).idempotencyKey).toBe(keysSeen(server)[0]);
  });

  it('is retried with the same Idempotency-Key, and the movement applies once', async () => {
    const { client, server } = await setUp(
      { seed: 1, sequence: ['stallBody'] },
      { maxRetries: 3, ...QUICK_BACKOFF },
    );
    const before = server.admin.customer('cli_0001')?.puntos ?? 0;
    const { data, headers, idempotencyKey } = await client.clientes.puntos
      .add('cli_0001', { puntos: 7, motivo: 'stalled once' })
      .withResponse();

    expect(server.seen).toHaveLength(2);
    expect(keysSeen(server)).toEqual([idempotencyKey, idempotencyKey]);
    expect(headers['idempotent-replayed']).toBe('true');
    expect(data).toMatchObject({ puntos: 7, saldo: before + 7 });
    expect(server.admin.customer('cli_0001')?.puntos).toBe(before + 7);
    expect(server.admin.audit()).toMatchObject([{ uid: 'cli_0001', puntos: 7, motivo: 'stalled once' }]);
  });

  it('after a lost answer too, is retried with the caller’s own key and applied once', async () => {
    const { client, server } = await setUp(
      { seed: 1, sequence: ['dropAfterCommit', 'stallBody'] },
      { maxRetries: 4, ...QUICK_BACKOFF },
    );
    const uids = [server.admin.createCustomer({ puntos: 100 }), server.admin.createCustomer({ puntos: 100 })];
    const grupoId = server.admin.createGroup({ uids });
    const data = await client.grupos.puntos.add(
      grupoId,
      { puntos: -5, motivo: 'two faults' },
      { idempotencyKey: 'order-4711-refund' },
    );

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
  it('during a stalled attempt rejects at once with LoyaltyAbortError; no further request', async () => {
    const { client, server } = await setUp(
      { seed: 1, rates: { stallBody: 1 } },
      { maxRetries: 5, timeoutMs: 5_000, ...QUICK_BACKOFF },
    );
    const controller = new AbortController();
    const call = rejectionOf(
      client.clientes.puntos.add('cli_0001', { puntos: 7 }, { signal: controller.signal }),
    );
    await sleep(150);
    const aborted = performance.now();
    controller.abort(new Error('user left'));
    const error = await call;

    expect(performance.now() - aborted).toBeLessThan(AT_ONCE_MS);
    expect(error).toBeInstanceOf(LoyaltyAbortError);
    expect((error as Error).cause).toEqual(new Error('user left'));
    // Many backoffs of at most 10 ms later, no retry went out.
    await sleep(100);
    expect(server.seen).toHaveLength(1);
  });

  it('during the backoff after a 5xx rejects at once; no further request', async () => {
    let controller = new AbortController();
    let abortedAt = 0;
    const { logger, lines } = recordingLogger((line) => {
      // The pipeline logs the decision just before it starts waiting.
      if (line.includes('retrying in')) {
        setTimeout(() => {
          abortedAt = performance.now();
          controller.abort();
        }, 20);
      }
    });
    const { client, server } = await setUp({ seed: 1, sequence: ['serverError'] }, { maxRetries: 5, logger });
    controller = new AbortController();
    const error = await rejectionOf(
      client.clientes.puntos.add('cli_0001', { puntos: 7 }, { signal: controller.signal }),
    );

    expect(performance.now() - abortedAt).toBeLessThan(AT_ONCE_MS);
    expect(error).toBeInstanceOf(LoyaltyAbortError);
    expect(lines.filter((line) => line.includes('retrying in'))).toHaveLength(1);
    // The backoff of a first retry is at least 250 ms: well past the abort, nothing more is sent.
    await sleep(800);
    expect(server.seen).toHaveLength(1);
    expect(server.admin.audit()).toEqual([]);
  });

  it('during the Retry-After wait of a 429 storm rejects at once; no further request', async () => {
    const { client, server } = await setUp(
      { seed: 1, sequence: ['rateLimitStorm'], retryAfterSeconds: 2 },
      { maxRetries: 5 },
    );
    const controller = new AbortController();
    const call = rejectionOf(
      client.clientes.puntos.add('cli_0001', { puntos: 7 }, { signal: controller.signal }),
    );
    await sleep(200);
    const aborted = performance.now();
    controller.abort();
    const error = await call;

    expect(performance.now() - aborted).toBeLessThan(AT_ONCE_MS);
    expect(error).toBeInstanceOf(LoyaltyAbortError);
    expect(server.seen).toHaveLength(1);
  });

  it('before the first attempt sends nothing at all', async () => {
    const { client, server } = await setUp({ seed: 1, rates: { stallBody: 1 } }, { maxRetries: 5 });
    const error = await rejectionOf(
      client.clientes.puntos.add('cli_0001', { puntos: 7 }, { signal: AbortSignal.abort() }),
    );
    expect(error).toBeInstanceOf(LoyaltyAbortError);
    await sleep(50);
    expect(server.seen).toEqual([]);
  });
});

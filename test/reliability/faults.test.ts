/**
 * Each injected fault, realised by each adapter: node:http (real sockets), the in-process undici
 * Dispatcher and MSW. One request per case, no retries, so the error the SDK sees is the fault's
 * own, and the audit tells whether the request was processed.
 */
import {
  InternalServerError,
  LoyaltyConnectionError,
  LoyaltyTimeoutError,
  RateLimitError,
} from 'loyalty-sdk';
import type { FaultKind, FaultOptions } from 'loyalty-sdk/server';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { aTurn } from '../support/async.js';
import { advance, expectSettledAt, turnsUntil, useFakeClock, watch } from '../support/fake-clock.js';
import { connect, rejectionOf, type TransportName } from '../support/reliability-harness.js';

const msw = setupServer();
beforeAll(() => msw.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => msw.close());
afterEach(() => {
  vi.useRealTimers();
});

const TRANSPORTS: TransportName[] = ['http', 'in-process', 'msw'];
const TIMEOUT_MS = 200;

/** One fault on the first request, nothing after it. */
async function withFirst(transport: TransportName, kind: FaultKind, extra: Partial<FaultOptions> = {}) {
  return connect(
    transport,
    { faults: { seed: 1, sequence: [kind], stallMs: 5_000, ...extra } },
    { maxRetries: 0, timeoutMs: TIMEOUT_MS },
    msw,
  );
}

describe.each(TRANSPORTS)('fault injection over %s', (transport) => {
  it('serverError: a 500 naming the fault, and nothing is applied', async () => {
    const { client, admin, close } = await withFirst(transport, 'serverError');
    try {
      const error = await rejectionOf(client.clientes.puntos.add('cli_0001', { puntos: 5 }));
      expect(error).toBeInstanceOf(InternalServerError);
      expect((error as InternalServerError).headers['x-loyalty-fault']).toBe('serverError');
      expect(admin.audit()).toEqual([]);
      expect(admin.faults()?.injected.serverError).toBe(1);
    } finally {
      await close();
    }
  });

  it('rateLimitStorm: a 429 with Retry-After, and nothing is applied', async () => {
    const { client, admin, close } = await withFirst(transport, 'rateLimitStorm', { retryAfterSeconds: 3 });
    try {
      const error = await rejectionOf(client.clientes.puntos.add('cli_0001', { puntos: 5 }));
      expect(error).toBeInstanceOf(RateLimitError);
      expect((error as RateLimitError).retryAfterMs).toBe(3_000);
      expect(admin.audit()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('dropBeforeProcessing: a connection error (no status), and nothing is applied', async () => {
    const { client, admin, close } = await withFirst(transport, 'dropBeforeProcessing');
    try {
      const error = await rejectionOf(client.clientes.puntos.add('cli_0001', { puntos: 5 }));
      expect(error).toBeInstanceOf(LoyaltyConnectionError);
      expect(error).not.toBeInstanceOf(LoyaltyTimeoutError);
      expect(admin.audit()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('dropAfterCommit: a connection error, yet the movement is applied', async () => {
    const { client, admin, close } = await withFirst(transport, 'dropAfterCommit');
    try {
      const error = await rejectionOf(client.clientes.puntos.add('cli_0001', { puntos: 5, motivo: 'lost' }));
      expect(error).toBeInstanceOf(LoyaltyConnectionError);
      expect(error).not.toBeInstanceOf(LoyaltyTimeoutError);
      expect(admin.audit()).toMatchObject([{ uid: 'cli_0001', puntos: 5, motivo: 'lost' }]);
    } finally {
      await close();
    }
  });

  it('stallBody: the body stops half-way, the call times out, yet the movement is applied', async () => {
    const { client, admin, close } = await withFirst(transport, 'stallBody');
    try {
      useFakeClock();
      const call = rejectionOf(client.clientes.puntos.add('cli_0001', { puntos: 5 }));
      await turnsUntil(() => admin.audit().length === 1);
      // At the client's timeout, far before the 5 s stall: the timeout ended the call, not the stall.
      await expectSettledAt(TIMEOUT_MS, call);
      expect(await call).toBeInstanceOf(LoyaltyTimeoutError);
      expect(admin.audit()).toHaveLength(1);
    } finally {
      await close();
    }
  });

  it('latency: every answer comes late but whole', async () => {
    const { client, close } = await connect(
      transport,
      { faults: { seed: 1, latencyMs: [120, 140] } },
      { maxRetries: 0 },
      msw,
    );
    try {
      useFakeClock();
      const call = client.clientes.puntos.add('cli_0001', { puntos: 5 });
      const answered = watch(call);
      // The client's timeout and the server's latency, both on the fake clock.
      await turnsUntil(() => vi.getTimerCount() === 2);
      await advance(119);
      await aTurn();
      expect(answered.state, 'still on its way 119 ms in').toBe('pending');
      await advance(21);
      expect(await call).toMatchObject({ uid: 'cli_0001', puntos: 5 });
    } finally {
      await close();
    }
  });

  it('the request after the fault is answered normally', async () => {
    const { client, admin, close } = await withFirst(transport, 'dropBeforeProcessing');
    try {
      await rejectionOf(client.clientes.retrieve('cli_0001'));
      await expect(client.clientes.retrieve('cli_0001')).resolves.toMatchObject({ uid: 'cli_0001' });
      expect(admin.faults()).toMatchObject({ requests: 2, injected: { dropBeforeProcessing: 1 } });
    } finally {
      await close();
    }
  });
});

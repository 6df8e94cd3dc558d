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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, rejectionOf, type TransportName } from '../support/reliability-harness.js';

const msw = setupServer();
beforeAll(() => msw.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => msw.close());

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
      const started = performance.now();
      const error = await rejectionOf(client.clientes.puntos.add('cli_0001', { puntos: 5 }));
      const elapsed = performance.now() - started;
      expect(error).toBeInstanceOf(LoyaltyTimeoutError);
      expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
      // Far below the 5 s stall: the client's timeout ended the call, not the stall (a wide margin,
      // since a loaded CI machine delays timers).
      expect(elapsed).toBeLessThan(TIMEOUT_MS + 1_500);
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
      const started = performance.now();
      const data = await client.clientes.puntos.add('cli_0001', { puntos: 5 });
      expect(performance.now() - started).toBeGreaterThanOrEqual(115);
      expect(data).toMatchObject({ uid: 'cli_0001', puntos: 5 });
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

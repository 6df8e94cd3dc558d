/**
 * What the SDK does with an answer it must not trust, over both transports (undici and `fetch`):
 * a redirect is never followed and is a RedirectError, an answer over `maxResponseBytes` is a
 * LoyaltyResponseTooLargeError, neither is retried, and every call ends by its deadline whatever
 * the body. Two real `node:http` servers on loopback: the one the client points at, and another
 * origin that records whatever reaches it.
 */
import { tracingChannel } from 'node:diagnostics_channel';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  type ClientOptions,
  LoyaltyClient,
  LoyaltyError,
  LoyaltyResponseTooLargeError,
  LoyaltyTimeoutError,
  RedirectError,
} from '../../src/index.js';
import { aTurn, rejectionOf } from '../support/async.js';
import { advance, expectSettledAt, turnsUntil, useFakeClock, watch } from '../support/fake-clock.js';

const KEY = 'lk_live_7Hq2Zr9Xc4Vb1Nm6Lk3Jh8Gf5Ds0Ap';
const ENVELOPE = JSON.stringify({
  codigoRespuesta: 0,
  msj: 'OK',
  data: { ok: true },
  meta: { requestId: KEY },
});

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

interface Recorded {
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A loopback server answering with whatever `handler` the test set, recording each request. */
async function server() {
  const requests: Recorded[] = [];
  let handler: Handler = (_request, response) => response.end(ENVELOPE);
  const http = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      requests.push({ url: request.url ?? '', headers: request.headers, body });
      handler(request, response);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  afterAll(() => {
    http.closeAllConnections();
    return new Promise<void>((resolve) => http.close(() => resolve()));
  });
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    requests,
    answer: (next: Handler) => {
      handler = next;
    },
  };
}

const service = await server();
const elsewhere = await server();

beforeEach(() => {
  service.requests.length = 0;
  elsewhere.requests.length = 0;
  service.answer((_request, response) => response.end(ENVELOPE));
});

const TRANSPORTS: [string, Partial<ClientOptions>][] = [
  ['undici', {}],
  ['fetch', { fetch: globalThis.fetch }],
];

function client(transport: Partial<ClientOptions>, options: ClientOptions = {}): LoyaltyClient {
  return new LoyaltyClient({
    apiKey: KEY,
    baseUrl: service.url,
    logLevel: 'off',
    retryBaseDelayMs: 0,
    retryMaxDelayMs: 0,
    ...transport,
    ...options,
  });
}

const pointsAdd = (sdk: LoyaltyClient) =>
  sdk.clientes.puntos.add(
    'cli_0001',
    { puntos: 50, motivo: 'Pedido 8812' },
    { idempotencyKey: 'order-8812-points' },
  );

/** Writes `total` bytes of `fill` in chunks, stopping when the client goes away. */
function stream(response: ServerResponse, total: number): void {
  const chunk = Buffer.alloc(64 * 1024, 'a');
  let sent = 0;
  const more = (): void => {
    while (sent < total && !response.destroyed) {
      sent += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', more);
    }
    if (!response.destroyed) response.end();
  };
  response.on('close', () => {
    sent = total;
  });
  more();
}

describe.each(TRANSPORTS)('redirects, over %s', (_transport, transport) => {
  it.each([301, 302, 303, 307, 308])(
    'a %i to another origin is a RedirectError, sent nowhere else and not retried',
    async (status) => {
      service.answer((_request, response) => {
        response.writeHead(status, {
          location: `${elsewhere.url}/ext/v3/clientes/cli_0001/puntos?token=abc123`,
        });
        response.end();
      });
      const error = await rejectionOf(pointsAdd(client(transport)));
      expect(error).toBeInstanceOf(RedirectError);
      expect((error as RedirectError).status).toBe(status);
      expect((error as RedirectError).location).toBe(`${elsewhere.url}/ext/v3/clientes/cli_0001/puntos`);
      expect(elsewhere.requests).toEqual([]);
      expect(service.requests).toHaveLength(1);
    },
  );

  it("names the target's origin and the baseUrl to set, never its query", async () => {
    service.answer((_request, response) => {
      response.writeHead(308, {
        location: `${elsewhere.url}/v2/ext/v3/clientes/cli_0001/puntos?token=abc123`,
      });
      response.end();
    });
    const { message } = (await rejectionOf(pointsAdd(client(transport)))) as RedirectError;
    expect(message).toContain(
      `The service redirects to ${elsewhere.url}: set baseUrl to ${elsewhere.url}/v2`,
    );
    expect(message).not.toContain('abc123');
  });

  it('says that the redirecting host applied nothing of a write', async () => {
    service.answer((_request, response) => {
      response.writeHead(307, { location: `${elsewhere.url}/` });
      response.end();
    });
    const { message } = (await rejectionOf(pointsAdd(client(transport)))) as RedirectError;
    expect(message).toContain(`Nothing was applied by ${new URL(service.url).host}`);
  });

  it('says nothing of writes for a read', async () => {
    service.answer((_request, response) => {
      response.writeHead(302, { location: `${elsewhere.url}/` });
      response.end();
    });
    const { message } = (await rejectionOf(client(transport).clientes.retrieve('cli_0001'))) as RedirectError;
    expect(message).not.toContain('applied');
  });
});

describe.each(TRANSPORTS)('maxResponseBytes, over %s', (_transport, transport) => {
  it('refuses a Content-Length over the limit before reading the body, and does not retry', async () => {
    service.answer((_request, response) => {
      response.writeHead(200, { 'content-length': String(5 * 1024 * 1024) });
      stream(response, 5 * 1024 * 1024);
    });
    const error = (await rejectionOf(
      client(transport, { maxResponseBytes: 1024 * 1024 }).clientes.retrieve('cli_0001'),
    )) as LoyaltyResponseTooLargeError;
    expect(error).toBeInstanceOf(LoyaltyResponseTooLargeError);
    expect(error).toMatchObject({
      limitBytes: 1024 * 1024,
      receivedBytes: 0,
      declaredBytes: 5 * 1024 * 1024,
    });
    expect(error.message).toContain('larger than maxResponseBytes (1048576 bytes)');
    expect(service.requests).toHaveLength(1);
  });

  it('stops a streamed body at the limit', async () => {
    service.answer((_request, response) => stream(response, Number.POSITIVE_INFINITY));
    const error = (await rejectionOf(
      client(transport, { maxResponseBytes: 1024 * 1024 }).clientes.retrieve('cli_0001'),
    )) as LoyaltyResponseTooLargeError;
    expect(error).toBeInstanceOf(LoyaltyResponseTooLargeError);
    expect(error.receivedBytes).toBeGreaterThan(1024 * 1024);
    expect(error.declaredBytes).toBeUndefined();
    expect(service.requests).toHaveLength(1);
  });

  it('takes the limit of the call over the client', async () => {
    service.answer((_request, response) => stream(response, 256 * 1024));
    const error = await rejectionOf(
      client(transport).clientes.retrieve('cli_0001', undefined, { maxResponseBytes: 64 * 1024 }),
    );
    expect(error).toBeInstanceOf(LoyaltyResponseTooLargeError);
  });

  it('tells of a keyed write that it may have been applied and that the same key is safe', async () => {
    service.answer((_request, response) => stream(response, Number.POSITIVE_INFINITY));
    const { message } = (await rejectionOf(
      pointsAdd(client(transport, { maxResponseBytes: 64 * 1024 })),
    )) as LoyaltyResponseTooLargeError;
    expect(message).toContain('The write may have been applied');
    expect(message).toContain('same idempotencyKey (order-8812-points)');
  });

  it('reads an answer within the limit', async () => {
    await expect(
      client(transport, { maxResponseBytes: ENVELOPE.length }).clientes.retrieve('cli_0001'),
    ).resolves.toEqual({ ok: true });
  });
});

describe('maxResponseBytes over fetch counts decoded bytes', () => {
  it('stops a gzip answer that expands past the limit', async () => {
    const bomb = gzipSync(Buffer.alloc(8 * 1024 * 1024));
    service.answer((_request, response) => {
      response.writeHead(200, { 'content-encoding': 'gzip', 'content-length': String(bomb.length) });
      response.end(bomb);
    });
    const error = await rejectionOf(
      client({ fetch: globalThis.fetch }, { maxResponseBytes: 1024 * 1024 }).clientes.retrieve('cli_0001'),
    );
    expect(error).toBeInstanceOf(LoyaltyResponseTooLargeError);
    expect(bomb.length).toBeLessThan(1024 * 1024);
  });
});

describe('maxResponseBytes is checked', () => {
  it.each([0, -1, 1.5, Number.POSITIVE_INFINITY, '1024'])('refuses %s', (value) => {
    expect(() => client({}, { maxResponseBytes: value as number })).toThrow(
      new LoyaltyError(`maxResponseBytes must be a positive whole number of bytes, got ${String(value)}`),
    );
  });
});

describe.each(TRANSPORTS)('the deadline, over %s', (_transport, transport) => {
  it('ends a call whose body drips past timeoutMs', async () => {
    useFakeClock();
    onTestFinished(() => {
      vi.useRealTimers();
    });
    let answering: ServerResponse | undefined;
    service.answer((_request, response) => {
      response.writeHead(200);
      answering = response;
    });
    const call = rejectionOf(
      client(transport, { timeoutMs: 200, maxRetries: 0 }).clientes.retrieve('cli_0001'),
    );
    const outcome = watch(call);
    await turnsUntil(() => answering !== undefined);
    // A byte every 20 ms of the clock: the answer never stops coming, and the deadline still holds.
    for (let at = 20; at < 200; at += 20) {
      await advance(20);
      answering?.write(' ');
      await aTurn();
      expect(outcome.state, `dripping ${at} ms in`).toBe('pending');
    }
    await expectSettledAt(20, call);
    expect(await call).toBeInstanceOf(LoyaltyTimeoutError);
  });
});

describe('a handler callback that throws', () => {
  it('settles the call with the cause, once', async () => {
    const throwing = {
      dispatch(_options: unknown, handler: Record<string, (...args: unknown[]) => unknown>) {
        const controller = {
          abort() {},
          pause() {},
          resume() {},
          aborted: false,
          paused: false,
          reason: null,
        };
        handler.onRequestStart?.(controller, {});
        handler.onResponseStart?.(controller, 200, {}, 'OK');
        handler.onResponseData?.(controller, {
          length: 4,
          toString: () => {
            throw new RangeError('Cannot create a string longer than 0x1fffffe8 characters');
          },
        });
        handler.onResponseEnd?.(controller, {});
        return true;
      },
    };
    const sdk = client({}, { dispatcher: throwing as never, maxRetries: 0 });
    const error = (await rejectionOf(sdk.clientes.retrieve('cli_0001'))) as Error;
    expect(error.name).toBe('LoyaltyConnectionError');
    expect(String((error.cause as Error).message)).toContain('Cannot create a string longer');
  });
});

describe('telemetry of an answer that echoes the key', () => {
  it('publishes the request id masked on the diagnostics channel', async () => {
    const seen: unknown[] = [];
    const channel = tracingChannel<unknown, { requestId?: string }>('loyalty-sdk:request');
    const handlers = {
      start: () => {},
      end: () => {},
      asyncStart: () => {},
      asyncEnd: (message: { requestId?: string }) => seen.push(message.requestId),
      error: () => {},
    };
    channel.subscribe(handlers);
    try {
      await client({}).clientes.retrieve('cli_0001');
    } finally {
      channel.unsubscribe(handlers);
    }
    expect(seen).toEqual([`****${KEY.slice(-4)}`]);
  });
});

import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';

export { rejectionOf as rejection, UUID_V4 } from './async.js';

import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type ClientOptions, LoyaltyClient } from '../../src/index.js';

/**
 * A local `node:http` stub of the service: it records every request as it arrived on the wire
 * and answers from a per-test script (then from a fallback answer).
 */

export interface RecordedRequest {
  method: string;
  /** The raw request target, e.g. `/ext/v3/clientes/a%2Fb?completo=false`. */
  url: string;
  pathname: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The raw body ('' when none). */
  body: string;
  /** The body parsed as JSON; undefined when empty or not JSON. */
  json: unknown;
}

export type Reply =
  | { kind: 'answer'; status: number; headers: Record<string, string>; body: string }
  /** Drop the connection without an answer. */
  | { kind: 'destroy' }
  /** Send the status line, headers and the start of a body, then nothing more. */
  | { kind: 'stall-body'; status: number }
  /** Never answer. */
  | { kind: 'hang' };

export const SUCCESS_META = { requestId: 'req-ok', appId: 7, scope: null };

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return {
    kind: 'answer',
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
}

export function text(status: number, body: string, headers: Record<string, string> = {}): Reply {
  return { kind: 'answer', status, headers: { 'content-type': 'text/plain', ...headers }, body };
}

/** A success envelope around `data`. */
export function success(data: unknown = { ok: true }, headers: Record<string, string> = {}): Reply {
  return json(200, { codigoRespuesta: 0, msj: 'Éxito', data, meta: SUCCESS_META }, headers);
}

/** A failure envelope. */
export function failure(
  status: number,
  envelope: {
    codigoRespuesta?: number;
    msj?: string;
    meta?: Record<string, unknown>;
    details?: unknown;
  } = {},
  headers: Record<string, string> = {},
): Reply {
  return json(
    status,
    {
      codigoRespuesta: envelope.codigoRespuesta ?? 9000 + status,
      msj: envelope.msj ?? `failure ${status}`,
      meta: { requestId: `req-${status}`, appId: 7, scope: 'puntos:write', ...envelope.meta },
      ...(envelope.details === undefined ? {} : { details: envelope.details }),
    },
    headers,
  );
}

export const destroy = (): Reply => ({ kind: 'destroy' });
export const stallBody = (status = 200): Reply => ({ kind: 'stall-body', status });
export const hang = (): Reply => ({ kind: 'hang' });

export class StubServer {
  readonly requests: RecordedRequest[] = [];
  /** What answers once the script is used up. */
  fallback: Reply = success();
  readonly #script: Reply[] = [];
  readonly #open = new Set<ServerResponse>();
  readonly #sockets = new Set<Socket>();
  readonly #waiters: { count: number; resolve: () => void }[] = [];
  readonly #server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const target = request.url ?? '';
      const parsed = new URL(target, 'http://stub.invalid');
      let parsedJson: unknown;
      try {
        parsedJson = body === '' ? undefined : JSON.parse(body);
      } catch {
        parsedJson = undefined;
      }
      this.requests.push({
        method: request.method ?? '',
        url: target,
        pathname: parsed.pathname,
        query: Object.fromEntries(parsed.searchParams),
        headers: request.headers,
        body,
        json: parsedJson,
      });
      this.#answer(this.#script.shift() ?? this.fallback, response);
      for (const waiter of [...this.#waiters]) {
        if (this.requests.length >= waiter.count) {
          this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    });
  });

  /** Connections opened since the last reset, HTTP or not (a TLS handshake makes no request). */
  connections = 0;

  constructor() {
    this.#server.on('connection', (socket) => {
      this.connections += 1;
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
  }

  #answer(reply: Reply, response: ServerResponse): void {
    switch (reply.kind) {
      case 'answer':
        response.writeHead(reply.status, reply.headers);
        response.end(reply.body);
        return;
      case 'destroy':
        response.socket?.destroy();
        return;
      case 'stall-body':
        this.#open.add(response);
        response.writeHead(reply.status, { 'content-type': 'application/json' });
        response.write('{"codigoRespuesta":0,');
        response.on('close', () => this.#open.delete(response));
        return;
      case 'hang':
        this.#open.add(response);
        response.on('close', () => this.#open.delete(response));
        return;
    }
  }

  get baseUrl(): string {
    const address = this.#server.address() as AddressInfo;
    return `http://127.0.0.1:${address.port}`;
  }

  /** How many requests reached the stub. */
  get count(): number {
    return this.requests.length;
  }

  /** The only request, failing when there were none or several. */
  get only(): RecordedRequest {
    if (this.requests.length !== 1) throw new Error(`expected 1 request, got ${this.requests.length}`);
    return this.requests[0] as RecordedRequest;
  }

  /** Answers for the next requests, in order; after them the fallback answers. */
  script(...replies: Reply[]): void {
    this.#script.push(...replies);
  }

  /** Resolves once `count` requests have arrived. */
  waitForRequests(count: number): Promise<void> {
    if (this.requests.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ count, resolve }));
  }

  listen(): Promise<void> {
    return new Promise((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
  }

  /** Forgets requests and script; drops stalled answers. */
  reset(): void {
    this.requests.length = 0;
    this.connections = 0;
    this.#script.length = 0;
    this.#waiters.length = 0;
    this.fallback = success();
    for (const response of this.#open) response.socket?.destroy();
    this.#open.clear();
  }

  close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    return new Promise((resolve, reject) =>
      this.#server.close((error) => (error ? reject(error) : resolve())),
    );
  }
}

/** One stub per test file, reset before each test. */
export function useStub(): StubServer {
  const stub = new StubServer();
  beforeAll(() => stub.listen());
  beforeEach(() => stub.reset());
  afterAll(() => stub.close());
  return stub;
}

/** The key the tests' clients use. Distinctive, so a leak is easy to find. */
export const TEST_KEY = 'sk_test_UNIQUE-KEY-7f3a9c2e5b81d4f6';

/** A client for the stub: TEST_KEY, quiet, and whatever the test adds. */
export function clientFor(stub: StubServer, options: ClientOptions = {}): LoyaltyClient {
  return new LoyaltyClient({ apiKey: TEST_KEY, baseUrl: stub.baseUrl, logLevel: 'off', ...options });
}

/**
 * CORS of the reference server over node:http (docs/decisions.md, "Runtimes"): any origin, no
 * credentials; a preflight is answered before routing and the key check. The browser side is
 * test/browser/guard.test.ts. The admin routes and the inspector grant no origin without an admin
 * token: test/security/admin-access.test.ts.
 */
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { DEMO_API_KEY, type ReferenceServerOptions } from '../../src/server/internal.js';
import { newIdem } from '../support/in-process-engine.js';
import { serversClosedAfterEach } from '../support/server-per-test.js';

const startedServer = serversClosedAfterEach();
const started = async (options: ReferenceServerOptions = {}) => (await startedServer(options)).url;

const ORIGIN = 'http://127.0.0.1:9';

interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

async function send(
  url: string,
  options: { method?: 'GET' | 'POST' | 'OPTIONS'; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const response = await request(url, {
    method: options.method ?? 'GET',
    headers: { origin: ORIGIN, ...options.headers },
    body: options.body,
  });
  const text = await response.body.text();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) headers[name] = String(value);
  return { status: response.statusCode, headers, text };
}

const list = (value: string | undefined): string[] => (value ?? '').split(',').map((item) => item.trim());

/** Response headers a page reads without their being exposed, and those of the connection. */
const READABLE_WITHOUT_EXPOSING = new Set([
  'cache-control',
  'content-language',
  'content-length',
  'content-type',
  'expires',
  'last-modified',
  'pragma',
  'connection',
  'keep-alive',
  'date',
  'transfer-encoding',
]);

function unexposed(answer: Answer): string[] {
  const exposed = list(answer.headers['access-control-expose-headers']);
  return Object.keys(answer.headers).filter(
    (name) =>
      !name.startsWith('access-control-') && !READABLE_WITHOUT_EXPOSING.has(name) && !exposed.includes(name),
  );
}

const preflight = (url: string) =>
  send(url, {
    method: 'OPTIONS',
    headers: {
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'apikey, content-type, idempotency-key',
    },
  });

describe('CORS of the reference server', () => {
  it.each(['/ext/v3/clientes/cli_0001/puntos', '/nowhere'])(
    'a preflight to %s is answered 204 with the grant, without a key',
    async (path) => {
      const url = await started();
      const answer = await preflight(`${url}${path}`);
      expect(answer.status).toBe(204);
      expect(answer.text).toBe('');
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(list(answer.headers['access-control-allow-methods'])).toEqual(
        expect.arrayContaining(['GET', 'POST', 'PATCH']),
      );
      expect(list(answer.headers['access-control-allow-headers'])).toEqual(
        expect.arrayContaining(['apikey', 'content-type', 'idempotency-key']),
      );
      expect(answer.headers['access-control-max-age']).toBe('600');
      expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    },
  );

  it('a GET answer carries Access-Control-Allow-Origin * and exposes Retry-After and X-Request-Id', async () => {
    const url = await started();
    const answer = await send(`${url}/ext/v3/clientes/cli_0001`, { headers: { apikey: DEMO_API_KEY } });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(list(answer.headers['access-control-expose-headers'])).toEqual(
      expect.arrayContaining(['retry-after', 'x-request-id', 'idempotent-replayed']),
    );
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('a 401 answer carries the CORS headers too', async () => {
    const url = await started();
    const answer = await send(`${url}/ext/v3/clientes/cli_0001`);
    expect(answer.status).toBe(401);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(list(answer.headers['access-control-expose-headers'])).toContain('retry-after');
  });

  it('a plain OPTIONS (no Access-Control-Request-Method) is no preflight: the 405 envelope, with CORS headers', async () => {
    const url = await started();
    const answer = await send(`${url}/ext/v3/clientes/cli_0001`, { method: 'OPTIONS' });
    expect(answer.status).toBe(405);
    expect(JSON.parse(answer.text)).toHaveProperty('codigoRespuesta');
    expect(answer.headers['access-control-allow-origin']).toBe('*');
  });

  it('every header an answer sets beyond the safelisted ones is exposed (a 200, a replay, a 405, an injected 429)', async () => {
    const url = await started({ faults: { seed: 1, sequence: ['rateLimitStorm'] } });
    const apikey = DEMO_API_KEY;
    const storm = await send(`${url}/ext/v3/clientes/cli_0001`, { headers: { apikey } });
    expect(storm.status).toBe(429);
    const read = await send(`${url}/ext/v3/clientes/cli_0001`, { headers: { apikey } });
    expect(read.status).toBe(200);
    const write = {
      method: 'POST' as const,
      headers: { apikey, 'content-type': 'application/json', 'idempotency-key': newIdem() },
      body: JSON.stringify({ puntos: 5 }),
    };
    await send(`${url}/ext/v3/clientes/cli_0001/puntos`, write);
    const replay = await send(`${url}/ext/v3/clientes/cli_0001/puntos`, write);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const wrongMethod = await send(`${url}/ext/v3/clientes/cli_0001`, {
      method: 'POST',
      headers: { apikey },
    });
    expect(wrongMethod.status).toBe(405);
    for (const answer of [storm, read, replay, wrongMethod]) expect(unexposed(answer)).toEqual([]);
  });
});

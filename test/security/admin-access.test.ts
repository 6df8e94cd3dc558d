/**
 * Who reaches the inspector and the admin routes of a server over node:http. Without an admin
 * token, a loopback bind is not enough: any page the developer has open can send requests to
 * 127.0.0.1, from its own origin or through a name of its own pointed at 127.0.0.1 (DNS
 * rebinding). Only requests addressed to a loopback name, from the server's own page or from a
 * program (no Origin), get through, and their answers grant no other origin by CORS.
 */
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { isLoopback } from '../../src/server/adapters/admin-access.js';
import { DEMO_API_KEY, type ReferenceServerOptions } from '../../src/server/internal.js';
import { serversClosedAfterEach } from '../support/server-per-test.js';

const startedServer = serversClosedAfterEach();

async function started(options: ReferenceServerOptions = {}) {
  const { server, url } = await startedServer(options);
  return { server, baseUrl: url, port: new URL(url).port };
}

async function send(
  url: string,
  options: { method?: 'GET' | 'POST' | 'OPTIONS'; headers?: Record<string, string>; body?: string } = {},
) {
  const response = await request(url, {
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    body: options.body,
  });
  const text = await response.body.text();
  return { status: response.statusCode, headers: response.headers, text };
}

const TOKEN = 'inspector-token-1';

describe('without an admin token, who reaches the admin routes and the inspector', () => {
  // Each row: the headers a request carries beyond the defaults ({port} is the server's).
  const rows: [string, Record<string, string>, number][] = [
    ['a program on this machine (no Origin)', {}, 200],
    ['the inspector page itself (its own origin)', { origin: 'http://127.0.0.1:{port}' }, 200],
    ['a request addressed to localhost', { host: 'localhost:{port}' }, 200],
    ['a request addressed to [::1]', { host: '[::1]:{port}' }, 200],
    ['a page of another site', { origin: 'https://evil.example' }, 403],
    ['a page of another port of this machine', { origin: 'http://127.0.0.1:1' }, 403],
    ['a sandboxed page or a file (Origin null)', { origin: 'null' }, 403],
    ['a name pointed at 127.0.0.1 (DNS rebinding)', { host: 'evil.example:{port}' }, 403],
    ['a name that starts like 127.0.0.1', { host: '127.0.0.1.evil.example:{port}' }, 403],
    [
      'a rebound name from its own page',
      { host: 'evil.example:{port}', origin: 'http://evil.example:{port}' },
      403,
    ],
  ];
  for (const [who, headers, status] of rows) {
    it(`${who}: ${status}`, async () => {
      const { baseUrl, port } = await started();
      const filled = Object.fromEntries(
        Object.entries(headers).map(([name, value]) => [name, value.replace('{port}', port)]),
      );
      for (const path of ['/__admin/requests', '/__inspector']) {
        const answer = await send(`${baseUrl}${path}`, { headers: filled });
        expect(answer.status, path).toBe(status);
        if (status === 403) expect(JSON.parse(answer.text).msj).toContain('adminToken');
      }
    });
  }

  it('a page of another site cannot reset the state: 403, and the request log still holds its entries', async () => {
    const { server, baseUrl } = await started();
    await send(`${baseUrl}/ext/v3/tareas`, { headers: { apikey: DEMO_API_KEY } });
    const reset = await send(`${baseUrl}/__admin/reset`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(reset.status).toBe(403);
    expect(server.admin.requests()).toHaveLength(1);
  });

  it('an admin answer grants no origin by CORS', async () => {
    const { baseUrl } = await started();
    for (const path of ['/__admin/requests', '/__inspector', '/__admin/nowhere']) {
      const answer = await send(`${baseUrl}${path}`);
      expect(answer.headers['access-control-allow-origin'], path).toBeUndefined();
    }
  });

  it('a preflight to an admin route is refused 403, without a grant', async () => {
    const { baseUrl } = await started();
    const answer = await send(`${baseUrl}/__admin/reset`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(answer.status).toBe(403);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('the API still answers any origin by CORS', async () => {
    const { baseUrl } = await started();
    const answer = await send(`${baseUrl}/ext/v3/tareas`, {
      headers: { apikey: DEMO_API_KEY, origin: 'https://evil.example' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('with an admin token, whoever sends it reaches them, from any origin', () => {
  it('a page of another origin that sends the token gets the answer and the CORS grant', async () => {
    const { baseUrl } = await started({ adminToken: TOKEN });
    const answer = await send(`${baseUrl}/__admin/requests`, {
      headers: { origin: 'http://127.0.0.1:5173', authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
  });

  it('a preflight to an admin route is granted, with Authorization among the allowed headers', async () => {
    const { baseUrl } = await started({ adminToken: TOKEN });
    const answer = await send(`${baseUrl}/__admin/reset`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST' },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(String(answer.headers['access-control-allow-headers'])).toContain('authorization');
  });

  it.each(['Bearer', 'bearer', 'BEARER'])(
    'the scheme %s is the bearer scheme (its name is case-insensitive)',
    async (scheme) => {
      const { baseUrl } = await started({ adminToken: TOKEN });
      const answer = await send(`${baseUrl}/__admin/requests`, {
        headers: { authorization: `${scheme} ${TOKEN}` },
      });
      expect(answer.status).toBe(200);
    },
  );

  it('without the token, the same page gets 401', async () => {
    const { baseUrl } = await started({ adminToken: TOKEN });
    const answer = await send(`${baseUrl}/__admin/requests`, {
      headers: { origin: 'http://127.0.0.1:5173' },
    });
    expect(answer.status).toBe(401);
  });
});

describe('isLoopback: the names and addresses that stay on this machine', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['localhost', true],
    ['LOCALHOST', true],
    ['::1', true],
    ['[::1]', true],
    ['0.0.0.0', false],
    ['127.0.0.1.evil.example', false],
    ['127.evil.example', false],
    ['localhost.evil.example', false],
    ['10.0.0.5', false],
  ])('%s: %s', (host, loopback) => {
    expect(isLoopback(host)).toBe(loopback);
  });
});

/**
 * No page of another site can frame the inspector or an admin route (a click in the frame would
 * reset the state): every answer under /__inspector and /__admin/ carries `X-Frame-Options: DENY`
 * and one Content-Security-Policy with `frame-ancestors 'none'`, as headers (a `<meta>` policy
 * cannot carry frame-ancestors). Refusals and the live stream too.
 */
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { denyFraming } from '../../src/server/inspector/index.js';
import type { ReferenceServerOptions } from '../../src/server/internal.js';
import { serversClosedAfterEach } from '../support/server-per-test.js';

const startedServer = serversClosedAfterEach();
const TOKEN = 'framing-token-0001';

type Method = 'GET' | 'POST' | 'OPTIONS';

interface Row {
  method: Method;
  path: string;
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  options?: ReferenceServerOptions;
}

/** Every admin route and the inspector, as docs/reference-server.md lists them, and their refusals. */
const ROWS: [string, Row][] = [
  ['the inspector', { method: 'GET', path: '/__inspector', status: 200 }],
  ['the inspector with a final slash', { method: 'GET', path: '/__inspector/', status: 200 }],
  [
    'POST /__admin/grupos',
    { method: 'POST', path: '/__admin/grupos', status: 200, body: { uids: ['cli_0001'] } },
  ],
  ['POST /__admin/reset', { method: 'POST', path: '/__admin/reset', status: 200 }],
  ['GET /__admin/audit', { method: 'GET', path: '/__admin/audit', status: 200 }],
  ['GET /__admin/faults', { method: 'GET', path: '/__admin/faults', status: 200 }],
  [
    'POST /__admin/faults',
    { method: 'POST', path: '/__admin/faults', status: 200, body: { enabled: false } },
  ],
  ['GET /__admin/requests', { method: 'GET', path: '/__admin/requests', status: 200 }],
  ['GET /__admin/state', { method: 'GET', path: '/__admin/state', status: 200 }],
  ['GET /__admin/customers/<uid>', { method: 'GET', path: '/__admin/customers/cli_0001', status: 200 }],
  ['an unknown customer (404)', { method: 'GET', path: '/__admin/customers/cli_9999', status: 404 }],
  ['an unknown admin route (404)', { method: 'GET', path: '/__admin/nowhere', status: 404 }],
  ['a method the route lacks (405)', { method: 'GET', path: '/__admin/reset', status: 405 }],
  ['a bad query (400)', { method: 'GET', path: '/__admin/state?limit=0', status: 400 }],
  [
    'a page of another site, refused (403)',
    { method: 'GET', path: '/__inspector', status: 403, headers: { origin: 'https://evil.example' } },
  ],
  [
    'a preflight without a token, refused (403)',
    {
      method: 'OPTIONS',
      path: '/__admin/reset',
      status: 403,
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    },
  ],
  [
    'the token missing, refused (401)',
    { method: 'GET', path: '/__admin/state', status: 401, options: { adminToken: TOKEN } },
  ],
  [
    'the token shown, from another origin',
    {
      method: 'GET',
      path: '/__admin/state',
      status: 200,
      headers: { authorization: `Bearer ${TOKEN}`, origin: 'https://dev.example' },
      options: { adminToken: TOKEN },
    },
  ],
  [
    'a preflight with a token',
    {
      method: 'OPTIONS',
      path: '/__admin/reset',
      status: 204,
      headers: { origin: 'https://dev.example', 'access-control-request-method': 'POST' },
      options: { adminToken: TOKEN },
    },
  ],
];

function expectFramingDenied(headers: Record<string, string | string[] | undefined>): string {
  expect(headers['x-frame-options']).toBe('DENY');
  const policy = headers['content-security-policy'];
  // One header: node joins repeated ones into an array.
  expect(typeof policy).toBe('string');
  expect(policy).toMatch(/(^|; )frame-ancestors 'none'$/);
  return policy as string;
}

describe('the inspector and every admin answer refuse to be framed', () => {
  it.each(ROWS)('%s', async (_case, row) => {
    const { url } = await startedServer(row.options);
    const response = await request(`${url}${row.path}`, {
      method: row.method,
      headers: {
        ...(row.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...row.headers,
      },
      body: row.body === undefined ? undefined : JSON.stringify(row.body),
    });
    await response.body.text();
    expect(response.statusCode).toBe(row.status);
    expectFramingDenied(response.headers);
  });

  it('the live stream of the request log too', async () => {
    const { url } = await startedServer();
    const controller = new AbortController();
    const response = await request(`${url}/__admin/requests/stream`, { signal: controller.signal });
    expect(response.statusCode).toBe(200);
    expectFramingDenied(response.headers);
    controller.abort();
    await response.body.text().catch(() => undefined);
  });

  it("the inspector's own policy stays, in the one header, with frame-ancestors added", async () => {
    const { url } = await startedServer();
    const response = await request(`${url}/__inspector`);
    const page = await response.body.text();
    const policy = expectFramingDenied(response.headers);
    expect(policy).toBe(
      "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
    );
    expect(page).not.toContain('http-equiv="Content-Security-Policy"');
  });

  it('the API is not touched: its answers carry neither header', async () => {
    const { url } = await startedServer();
    const response = await request(`${url}/ext/v3/tareas`, { headers: { apikey: 'lk_demo_all_scopes' } });
    await response.body.text();
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['content-security-policy']).toBeUndefined();
  });
});

describe("denyFraming: one policy, with frame-ancestors 'none' and no other", () => {
  it.each([
    ['no policy', {}, "frame-ancestors 'none'"],
    [
      'a policy',
      { 'content-security-policy': "default-src 'self'" },
      "default-src 'self'; frame-ancestors 'none'",
    ],
    [
      'a policy ending in ;',
      { 'content-security-policy': "default-src 'self'; " },
      "default-src 'self'; frame-ancestors 'none'",
    ],
    [
      'a policy that lets its own site frame it: none may',
      { 'content-security-policy': "frame-ancestors 'self'; img-src data:" },
      "img-src data:; frame-ancestors 'none'",
    ],
  ])('%s', (_case, headers: Record<string, string>, policy) => {
    expect(denyFraming(headers)).toEqual({ 'content-security-policy': policy, 'x-frame-options': 'DENY' });
  });
});

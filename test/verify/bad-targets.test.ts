/**
 * Targets that are not the API (issue 27, point 8): each gives `unverified`, one sentence of
 * reason, and a `failure` the CLI maps to its exit code (unreachable: 7, unauthorized: 3).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { EngineResponse } from '../../src/server/internal.js';
import { verifyService } from '../../src/verify/index.js';
import type { VerifyFailure } from '../../src/verify/types.js';
import { BASE_URL, SERVICE_KEY, serviceUnderTest } from './service-under-test.js';

const answer = (status: number, contentType: string, body: string): EngineResponse => ({
  status,
  headers: { 'content-type': contentType },
  body,
});

/** A port nothing listens on: one the system gave and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Case {
  target: string;
  failure: VerifyFailure;
  reason: RegExp;
  service: () => Parameters<typeof serviceUnderTest>[0];
}

const CASES: Case[] = [
  {
    target: 'an HTML page',
    failure: 'not-api',
    reason: /answered HTML \(status 200\).*not the API/,
    service: () => ({
      override: () => answer(200, 'text/html; charset=utf-8', '<!doctype html><title>Welcome</title>'),
    }),
  },
  {
    target: 'JSON that is not the envelope',
    failure: 'not-envelope',
    reason: /JSON that is not the API's envelope/,
    service: () => ({ override: () => answer(200, 'application/json', '{"status":"ok","items":[]}') }),
  },
  {
    target: 'a proxy that answers 502',
    failure: 'gateway',
    reason: /A proxy or gateway answered 502/,
    service: () => ({ override: () => answer(502, 'text/html', '<html><body>Bad Gateway</body></html>') }),
  },
  {
    target: 'a wrong key',
    failure: 'unauthorized',
    reason: /refused the key: .* answered 401 \(codigoRespuesta 9501\)/,
    service: () => ({ engine: { keys: [{ key: 'another-key-entirely', scopes: '*' }] } }),
  },
  {
    target: 'a key with no scope',
    failure: 'no-scope',
    reason: /holds no scope/,
    service: () => ({ engine: { keys: [{ key: SERVICE_KEY, scopes: [] }] } }),
  },
];

describe('bad targets', () => {
  it.each(CASES)(
    '$target: unverified, failure $failure, one sentence of reason',
    async ({ failure, reason, service: options }) => {
      const service = serviceUnderTest(options());
      const result = await verifyService({
        baseUrl: BASE_URL,
        apiKey: SERVICE_KEY,
        maxRequestsPerSecond: 1_000,
        dispatcher: service.dispatcher,
      });
      expect(result.verdict).toBe('unverified');
      expect(result.failure).toBe(failure);
      expect(result.reason).toMatch(reason);
      expect(result.reason).not.toContain('\n');
      expect(result.reason).not.toContain(SERVICE_KEY);
      expect(result.findings).toEqual([]);
      // Nothing is probed past a target that is not the API.
      expect(result.requests).toHaveLength(1);
    },
  );

  it('an unreachable URL: unverified, failure unreachable, the address in the reason and no key', async () => {
    const port = await closedPort();
    const result = await verifyService({ baseUrl: `http://127.0.0.1:${port}`, apiKey: SERVICE_KEY });
    expect(result.verdict).toBe('unverified');
    expect(result.failure).toBe('unreachable');
    expect(result.reason).toMatch(/^No answer to GET \/ext\/v3\/openapi\.json: .*ECONNREFUSED/);
    expect(result.reason).not.toContain(SERVICE_KEY);
    expect(result.requests).toEqual([expect.objectContaining({ status: null, purpose: 'discovery' })]);
  });

  it('the reference server itself is none of these (the cases above can fail)', async () => {
    const service = serviceUnderTest();
    const result = await verifyService({
      baseUrl: BASE_URL,
      apiKey: SERVICE_KEY,
      operations: ['tareas.list'],
      maxRequestsPerSecond: 1_000,
      dispatcher: service.dispatcher,
    });
    expect(result.failure).toBeUndefined();
    expect(result.verdict).toBe('agrees');
  });
});

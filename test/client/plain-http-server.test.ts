import { describe, expect, it } from 'vitest';
import { LoyaltyConnectionError } from '../../src/index.js';
import { clientFor, rejection, useStub } from '../support/stub-server.js';

/** The stub is a plain node:http server: an https baseUrl makes the client try TLS with it. */
const stub = useStub();

const TRANSPORTS = [
  ['undici', {}],
  ['fetch', { fetch: globalThis.fetch }],
] as const;

async function tlsToPlainHttp(transport: (typeof TRANSPORTS)[number][1]): Promise<LoyaltyConnectionError> {
  const https = stub.baseUrl.replace(/^http:/, 'https:');
  const error = await rejection(
    clientFor(stub, { baseUrl: https, maxRetries: 0, ...transport }).tareas.list(),
  );
  expect(error).toBeInstanceOf(LoyaltyConnectionError);
  return error as LoyaltyConnectionError;
}

describe('an https baseUrl that reaches a plain-HTTP server', () => {
  it.each(TRANSPORTS)(
    '(%s) fails with a one-line message that says so and gives the http:// baseUrl',
    async (_l, t) => {
      const { message } = await tlsToPlainHttp(t);
      const host = new URL(stub.baseUrl).host;
      expect(message).toMatch(
        new RegExp(
          `^tareas\\.list: no answer from ${host}: the server speaks plain HTTP, not HTTPS \\(ERR_SSL_[A-Z_]+\\); ` +
            `if it has no TLS, write baseUrl as ${stub.baseUrl.replace(/\./g, '\\.')}; gave up after 1 attempt\\.$`,
        ),
      );
    },
  );

  it.each(TRANSPORTS)('(%s) is not retried: a retry would meet the same server', async (_l, t) => {
    const https = stub.baseUrl.replace(/^http:/, 'https:');
    const client = clientFor(stub, { baseUrl: https, maxRetries: 2, retryBaseDelayMs: 1, ...t });
    await rejection(client.tareas.list());
    expect(stub.connections).toBe(1);
  });

  it.each(TRANSPORTS)("(%s) keeps the transport's TLS error as the cause", async (_l, t) => {
    const { cause } = await tlsToPlainHttp(t);
    const tls = cause as Error & { code?: string; cause?: { code?: string } };
    expect(tls).toBeInstanceOf(Error);
    expect(tls.code ?? tls.cause?.code).toMatch(/^ERR_SSL_/);
  });
});

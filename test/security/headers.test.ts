/**
 * Issue point 5, header injection: every control character (U+0000..U+001F and U+007F; tab is
 * allowed in header values, as HTTP allows it, and refused in idempotency keys, which are
 * printable ASCII without spaces, docs/decisions.md) is refused before anything is sent, wherever
 * the caller can put a header value: request `headers`, `defaultHeaders`, `idempotencyKey`, the
 * API key. A header value that HTTP cannot carry (a character above U+00FF) is refused the same
 * way; every other value reaches the server byte for byte. Requests are counted at a real
 * node:http server, behind undici.
 *
 * test/client/validation.test.ts checks a few of these (CR LF, LF, CR, NUL, one control
 * character in a key) against a stub; this file covers every control character in every place
 * and adds properties over random values.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LoyaltyClient, LoyaltyError, LoyaltyValidationError, type RequestOptions } from '../../src/index.js';
import {
  createNodeListener,
  createReferenceEngine,
  DEMO_API_KEY,
  type EngineRequest,
  type ReferenceEngine,
} from '../../src/server/internal.js';
import { checkProperty, runsFor } from '../support/property-runs.js';

const engine = createReferenceEngine({ limits: { rateLimit: { limit: Number.POSITIVE_INFINITY } } });
const received: EngineRequest[] = [];
const recording: ReferenceEngine = {
  ...engine,
  handle: (request) => {
    received.push(request);
    return engine.handle(request);
  },
  respond: (request) => {
    received.push(request);
    return engine.respond(request);
  },
};
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer(createNodeListener(recording));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  received.length = 0;
});

const client = (options: { defaultHeaders?: Record<string, string>; apiKey?: string } = {}) =>
  new LoyaltyClient({ apiKey: DEMO_API_KEY, baseUrl, maxRetries: 0, logLevel: 'off', ...options });

/** U+0000..U+001F and U+007F. */
const CONTROL = [...Array.from({ length: 0x20 }, (_, code) => code), 0x7f].map((code) =>
  String.fromCharCode(code),
);
const REFUSED_IN_VALUES = CONTROL.filter((char) => char !== '\t');
const hex = (char: string) => `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/** The value with the character at the start, in the middle and at the end. */
const placements = (char: string) => [`${char}abcdefgh`, `abcd${char}efgh`, `abcdefgh${char}`];

async function refusedBeforeSending(call: () => PromiseLike<unknown>): Promise<unknown> {
  let error: unknown;
  try {
    await call();
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(LoyaltyError);
  expect(received, 'nothing reached the server').toHaveLength(0);
  return error;
}

describe.each(REFUSED_IN_VALUES.map((char) => [hex(char), char]))('control character %s', (_name, char) => {
  it('in a request header value: LoyaltyError, nothing sent', async () => {
    for (const value of placements(char)) {
      await refusedBeforeSending(() => client().tareas.list({ headers: { 'x-note': value } }));
      await refusedBeforeSending(() =>
        client().clientes.puntos.add('cli_0001', { puntos: 1 }, { headers: { 'x-note': value } }),
      );
    }
  });

  it('in a defaultHeaders value: the client is not made', () => {
    for (const value of placements(char)) {
      expect(() => client({ defaultHeaders: { 'x-note': value } })).toThrow(LoyaltyError);
    }
  });

  it('in the API key: the client is not made', () => {
    for (const value of placements(char))
      expect(() => client({ apiKey: `key-${value}` })).toThrow(LoyaltyError);
  });

  it('in a header name: LoyaltyError, nothing sent', async () => {
    await refusedBeforeSending(() => client().tareas.list({ headers: { [`x-a${char}b`]: 'v' } }));
  });
});

describe.each(CONTROL.map((char) => [hex(char), char]))(
  'control character %s in an idempotency key',
  (_name, char) => {
    it('is a LoyaltyValidationError naming the Idempotency-Key, nothing sent', async () => {
      for (const key of placements(char)) {
        const error = await refusedBeforeSending(() =>
          client().clientes.puntos.add('cli_0001', { puntos: 1 }, { idempotencyKey: key }),
        );
        expect(error).toBeInstanceOf(LoyaltyValidationError);
        expect((error as LoyaltyValidationError).issues[0]?.path).toEqual(['header', 'Idempotency-Key']);
        await refusedBeforeSending(() =>
          client().tareas.setStatus(1, { status: 1 }, { idempotencyKey: key }),
        );
      }
    });
  },
);

describe('values that do reach the server', () => {
  it('a tab inside a header value is sent as is', async () => {
    await client({ defaultHeaders: { 'x-default': 'a\tb' } }).tareas.list({ headers: { 'x-note': 'c\td' } });
    expect(received).toHaveLength(1);
    expect(received[0]?.headers['x-note']).toBe('c\td');
    expect(received[0]?.headers['x-default']).toBe('a\tb');
  });

  it('a character above U+00FF is refused before sending, not turned into a connection error', async () => {
    // Regression: undici refuses such a value when dispatching, which the SDK reported as a
    // LoyaltyConnectionError (and retried) although nothing could ever be sent.
    const error = await refusedBeforeSending(() =>
      client().tareas.list({ headers: { 'x-note': 'precio 5 €' } }),
    );
    expect((error as Error).name).toBe('LoyaltyError');
    expect(() => client({ defaultHeaders: { 'x-note': '€' } })).toThrow(LoyaltyError);
    expect(() => client({ apiKey: 'clave-€-de-prueba' })).toThrow(LoyaltyError);
  });
});

describe('any header value (fast-check)', () => {
  const anyValue = fc.string({ unit: 'binary', maxLength: 40 });
  const withControl = fc
    .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...REFUSED_IN_VALUES), fc.string({ maxLength: 20 }))
    .map(([before, char, after]) => `${before}${char}${after}`);

  it('a value with a control character is refused in every place, and nothing is sent', async () => {
    const property = fc.asyncProperty(withControl, async (value) => {
      received.length = 0;
      await refusedBeforeSending(() => client().tareas.list({ headers: { 'x-note': value } }));
      expect(() => client({ defaultHeaders: { 'x-note': value } })).toThrow(LoyaltyError);
      expect(() => client({ apiKey: `k-${value}-k` })).toThrow(LoyaltyError);
      const options: RequestOptions = { idempotencyKey: `key-${value}-key` };
      await refusedBeforeSending(() => client().clientes.puntos.add('cli_0001', { puntos: 1 }, options));
    });
    await checkProperty('control characters in headers', property, runsFor(300));
  });

  it('any other value is either refused before sending or arrives unchanged', async () => {
    const property = fc.asyncProperty(anyValue, async (value) => {
      received.length = 0;
      let refused = false;
      try {
        await client().tareas.list({ headers: { 'x-note': value } });
      } catch (error) {
        expect(error).toBeInstanceOf(LoyaltyError);
        refused = true;
      }
      if (refused) {
        expect(received).toHaveLength(0);
        expect(/[^\t\x20-\x7e\x80-\xff]/.test(value)).toBe(true);
        return;
      }
      expect(received).toHaveLength(1);
      // HTTP drops the whitespace around a field value (RFC 9110, 5.5).
      expect(received[0]?.headers['x-note']).toBe(value.replace(/^[\t ]+|[\t ]+$/g, ''));
    });
    await checkProperty('header values on the wire', property, runsFor(300));
  });
});

import { Readable } from 'node:stream';
import { request } from 'undici';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_APP_ID,
  ADMIN_KEY,
  API_PREFIX,
  ERROR_CODES,
  expectEnvelopeError,
  type Fixtures,
  makeFixtures,
  type Operation,
  operations,
  pathOf,
  SAMPLES,
  SUCCESS_MESSAGE,
  useServer,
} from '../support/conformance-harness.js';

const NO_SCOPE_KEY = 'conformance-no-scope-key-routing-0b9e7c5a3f1d';
const h = useServer({ keys: [{ key: NO_SCOPE_KEY, appId: 7, scopes: [] }] });
let fx: Fixtures;

beforeAll(async () => {
  fx = await makeFixtures(h);
});

const byId = operations.map((operation) => [operation.id, operation] as [string, Operation]);

describe('response envelope', () => {
  it.each(byId)(
    '%s succeeds with codigoRespuesta 0, msj Éxito, meta.requestId, meta.appId and meta.scope',
    async (id, operation) => {
      const reply = await h.op(operation.id, SAMPLES[operation.id](fx));
      expect(reply.status, reply.text).toBe(200);
      expect(reply.header('content-type') ?? '').toMatch(/^application\/json/);
      expect(reply.json.codigoRespuesta).toBe(0);
      expect(reply.json.msj).toBe(SUCCESS_MESSAGE);
      expect(reply.json).toHaveProperty('data');
      expect(typeof reply.json.meta.requestId).toBe('string');
      expect(reply.json.meta.requestId.length).toBeGreaterThan(0);
      expect(reply.json.meta.appId).toBe(ADMIN_APP_ID);
      expect(reply.json.meta.scope, id).toBe(operation.scope);
    },
  );

  it('meta.scope is null on the OpenAPI operation, which requires no scope', async () => {
    const reply = await h.op('openapi.retrieve');
    expect(reply.status).toBe(200);
    expect(reply.json.meta.scope).toBeNull();
  });

  it('every answer carries its own meta.requestId', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const reply = await h.op('tareas.list');
      ids.add(reply.json.meta.requestId);
    }
    const failure = await h.call('GET', `${API_PREFIX}/no-such-route`);
    ids.add(failure.json.meta.requestId);
    expect(ids.size).toBe(6);
  });

  it('a failure has a non-zero codigoRespuesta, a message and a requestId', async () => {
    const reply = await h.op('clientes.retrieve', { params: { uid: 'no-such-customer-envelope' } });
    expectEnvelopeError(reply, 404, ERROR_CODES.notFound);
  });
});

describe('routing', () => {
  it.each([
    ['an unknown path under /ext/v3', `${API_PREFIX}/no-such-thing`],
    ['an unknown nested path', `${API_PREFIX}/clientes/abc/no-such-thing`],
    ['another API version', '/ext/v2/tareas'],
    ['the root', '/'],
  ])('%s is a 404 envelope with the route code (not the resource code 9404)', async (_, path) => {
    const reply = await h.call('GET', path);
    expectEnvelopeError(reply, 404, ERROR_CODES.routeNotFound);
  });

  it('a known path with a method it does not have is a 404 or 405 envelope', async () => {
    const reply = await h.call('DELETE', `${API_PREFIX}/tareas`);
    expect([404, 405]).toContain(reply.status);
    expect(reply.json.codigoRespuesta).not.toBe(0);
    expect(typeof reply.json.msj).toBe('string');
  });

  it('a uid with %2F stays one path segment (routes to the customer operation)', async () => {
    // A key without clientes:read: if the uid were split, the route would be unknown (404);
    // as one segment it reaches GET /clientes/{uid} and the scope check answers.
    const reply = await h.call('GET', `${API_PREFIX}/clientes/a%2Fb`, { key: NO_SCOPE_KEY });
    expectEnvelopeError(reply, 403, ERROR_CODES.forbidden);
    expect(reply.json.meta.requiredScope).toBe('clientes:read');
  });

  it('a uid with %2F followed by more path routes to the sub-resource of that one uid', async () => {
    const reply = await h.call('GET', `${API_PREFIX}/clientes/a%2Fb/puntos`, { key: NO_SCOPE_KEY });
    expectEnvelopeError(reply, 403, ERROR_CODES.forbidden);
    expect(reply.json.meta.requiredScope).toBe('puntos:read');
  });

  it('a uid with dot-dot-like content (..%2F..%2Ftareas) is one uid, not a path to /tareas', async () => {
    const scoped = await h.call('GET', `${API_PREFIX}/clientes/..%2F..%2Ftareas`, { key: NO_SCOPE_KEY });
    expectEnvelopeError(scoped, 403, ERROR_CODES.forbidden);
    expect(scoped.json.meta.requiredScope).toBe('clientes:read');
    const full = await h.call('GET', `${API_PREFIX}/clientes/..%2F..%2Ftareas`);
    expectEnvelopeError(full, 404, ERROR_CODES.notFound);
  });

  it('an encoded uid reaches the customer unchanged (help of the customer operation)', async () => {
    const reply = await h.call(
      'GET',
      `${API_PREFIX}/clientes/${encodeURIComponent('a/b?c#d ñ..')}?help=true`,
    );
    expect(reply.status, reply.text).toBe(200);
    expect(reply.text).toContain(`${API_PREFIX}/clientes/{uid}`);
  });
});

describe('help', () => {
  it.each(byId)('%s answers ?help=true with 200 text/plain naming the operation', async (_, operation) => {
    const sample = SAMPLES[operation.id](fx);
    const reply = await h.call(operation.method, pathOf(operation, sample.params), {
      query: { help: 'true' },
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.header('content-type') ?? '').toMatch(/^text\/plain/);
    expect(reply.text).toContain(`${API_PREFIX}${operation.path}`);
    expect(reply.text).toContain(operation.scope ?? 'none');
  });

  it.each(byId)('%s gives help to a key without any scope', async (_, operation) => {
    const sample = SAMPLES[operation.id](fx);
    const reply = await h.call(operation.method, pathOf(operation, sample.params), {
      key: NO_SCOPE_KEY,
      query: { help: 'true' },
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.header('content-type') ?? '').toMatch(/^text\/plain/);
  });

  it('help without a key is 401 (docs/decisions.md)', async () => {
    const reply = await h.call('GET', `${API_PREFIX}/tareas`, { key: null, query: { help: 'true' } });
    expectEnvelopeError(reply, 401, ERROR_CODES.unauthorized);
  });

  it('help on a write executes nothing', async () => {
    const before = await h.balance(fx.uid);
    const reply = await h.call('POST', `${API_PREFIX}/clientes/${encodeURIComponent(fx.uid)}/puntos`, {
      query: { help: 'true' },
      body: { puntos: 50 },
      idem: 'help-write-key-0001',
    });
    expect(reply.status).toBe(200);
    expect(await h.balance(fx.uid)).toBe(before);
  });

  it('help=false runs the operation', async () => {
    const reply = await h.call('GET', `${API_PREFIX}/tareas`, { query: { help: 'false' } });
    expect(reply.status).toBe(200);
    expect(reply.json.codigoRespuesta).toBe(0);
    expect(Array.isArray(reply.json.data)).toBe(true);
  });
});

describe('request bodies', () => {
  it('malformed JSON is a 400 with code 9400 and details', async () => {
    const reply = await h.call('POST', `${API_PREFIX}/clientes/${encodeURIComponent(fx.uid)}/puntos`, {
      rawBody: '{"puntos": 5,',
      idem: 'malformed-json-0001',
    });
    expectEnvelopeError(reply, 400, ERROR_CODES.badRequest);
    expect(Array.isArray(reply.json.details)).toBe(true);
    expect(reply.json.details?.some((detail) => detail.in === 'body')).toBe(true);
  });

  it('a malformed JSON body changes nothing', async () => {
    const before = await h.balance(fx.uid);
    await h.call('POST', `${API_PREFIX}/clientes/${encodeURIComponent(fx.uid)}/puntos`, {
      rawBody: '{"puntos": 5 "motivo": "x"}',
      idem: 'malformed-json-0002',
    });
    expect(await h.balance(fx.uid)).toBe(before);
  });

  const MIB = 1024 * 1024;
  const bodyOfSize = (bytes: number): string => {
    const empty = JSON.stringify({ puntos: 1, motivo: '' });
    return JSON.stringify({ puntos: 1, motivo: 'x'.repeat(bytes - Buffer.byteLength(empty)) });
  };

  it('a body of exactly 1 MiB is accepted', async () => {
    const body = bodyOfSize(MIB);
    expect(Buffer.byteLength(body)).toBe(MIB);
    const reply = await h.call('POST', `${API_PREFIX}/clientes/${encodeURIComponent(fx.uid)}/puntos`, {
      rawBody: body,
      idem: 'one-mib-body-0001',
    });
    expect(reply.status, reply.text.slice(0, 300)).toBe(200);
  });

  it('a body over 1 MiB is a 413 with code 9413 and changes nothing', async () => {
    const before = await h.balance(fx.uid);
    const body = bodyOfSize(MIB + 1);
    expect(Buffer.byteLength(body)).toBe(MIB + 1);
    const reply = await h.call('POST', `${API_PREFIX}/clientes/${encodeURIComponent(fx.uid)}/puntos`, {
      rawBody: body,
      idem: 'over-mib-body-0001',
    });
    expectEnvelopeError(reply, 413, ERROR_CODES.payloadTooLarge);
    expect(await h.balance(fx.uid)).toBe(before);
  });

  it('a chunked body (no Content-Length) over 1 MiB is a 413 too', async () => {
    const before = await h.balance(fx.uid);
    const chunk = Buffer.alloc(64 * 1024, 'x');
    async function* chunks() {
      yield Buffer.from('{"puntos":1,"motivo":"');
      for (let i = 0; i < 17; i += 1) yield chunk;
      yield Buffer.from('"}');
    }
    const reply = await request(`${h.url}${API_PREFIX}/clientes/${encodeURIComponent(fx.uid)}/puntos`, {
      method: 'POST',
      headers: {
        apikey: ADMIN_KEY,
        'content-type': 'application/json',
        'idempotency-key': 'chunked-body-0001',
      },
      body: Readable.from(chunks()),
    });
    const text = await reply.body.text();
    expect(reply.statusCode, text.slice(0, 200)).toBe(413);
    expect(reply.headers['content-length']).toBeDefined();
    expect(JSON.parse(text).codigoRespuesta).toBe(ERROR_CODES.payloadTooLarge);
    expect(await h.balance(fx.uid)).toBe(before);
  });

  it('a POST without its required body is a 400 with a body detail', async () => {
    const reply = await h.call('POST', `${API_PREFIX}/clientes/${encodeURIComponent(fx.uid)}/puntos`, {
      idem: 'no-body-key-0001',
    });
    expectEnvelopeError(reply, 400, ERROR_CODES.badRequest);
    expect(
      reply.json.details?.some((detail) => detail.in === 'body'),
      reply.text,
    ).toBe(true);
  });
});

describe('OpenAPI document', () => {
  it('is an OpenAPI 3.0 document in data, listing every operation for a key with every scope', async () => {
    const reply = await h.op<{ openapi: string; paths: Record<string, Record<string, unknown>> }>(
      'openapi.retrieve',
    );
    expect(reply.status).toBe(200);
    expect(reply.json.data.openapi).toMatch(/^3\.0\.\d+$/);
    for (const operation of operations) {
      const item = reply.json.data.paths[`${API_PREFIX}${operation.path}`];
      expect(item?.[operation.method.toLowerCase()], `${operation.method} ${operation.path}`).toBeDefined();
    }
  });
});

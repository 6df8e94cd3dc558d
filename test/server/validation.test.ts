import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/operations/envelope.js';
import { operations } from '../../src/operations/table.js';
import { MAX_BODY_BYTES } from '../../src/server/internal.js';
import {
  api,
  call,
  callSample,
  DEMO_READ_ONLY_API_KEY,
  newEngine,
  newIdem,
} from '../support/in-process-engine.js';

const requiringKey = operations
  .filter((operation) => operation.idempotency === 'required')
  .map((operation) => [operation.id, operation] as const);

describe('400: details derived from the validation issues', () => {
  it('each detail has in, dotted name, message and the zod code', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'POST', api('/clientes'), {
      body: { usuarioData: { email: 'no-es-email' } },
      idem: newIdem(),
    });
    expect(reply.status).toBe(400);
    expect(reply.json.codigoRespuesta).toBe(ERROR_CODES.badRequest);
    expect(reply.json.details).toEqual([
      { in: 'body', name: 'usuarioData.email', message: expect.any(String), code: 'invalid_format' },
    ]);
  });

  it('an unknown body field is named in details (the email is not updatable)', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'PATCH', api('/clientes/cli_0001'), {
      body: { email: 'otro@example.com' },
      idem: newIdem(),
    });
    expect(reply.status).toBe(400);
    expect(reply.json.details).toEqual([
      { in: 'body', name: 'email', message: expect.any(String), code: 'unrecognized_keys' },
    ]);
  });

  it('every problem of a request is reported at once', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'GET', api('/promociones/0/cupones'), {
      query: 'inicio=2025-13-01&extra=1',
    });
    const named = reply.json.details?.map((detail) => `${detail.in} ${detail.name}`);
    expect(named).toEqual(
      expect.arrayContaining(['path regaloId', 'query inicio', 'query fin', 'query extra']),
    );
  });

  it.each([
    ['an integer path parameter that is not a number', 'POST', '/grupos/abc/nombre', '', 'path', 'grupoId'],
    ['an id under 1', 'POST', '/tareas/0/status', '', 'path', 'tareaId'],
    [
      'a boolean query parameter that is not true or false',
      'GET',
      '/clientes/cli_0001',
      'completo=si',
      'query',
      'completo',
    ],
    ['an unknown query parameter', 'GET', '/tareas', 'pagina=2', 'query', 'pagina'],
    ['a repeated query parameter', 'GET', '/promociones', 'tipo=1&tipo=7', 'query', 'tipo'],
    ['inicio after fin', 'GET', '/promociones/5/cupones', 'inicio=2025-02-01&fin=2025-01-01', 'query', 'fin'],
  ])('%s is a 400 naming it', async (_case, method, path, query, location, name) => {
    const { engine } = newEngine();
    const reply = await call(engine, method, api(path), {
      query,
      body: method === 'POST' ? { nombre: 'x', status: 1 } : undefined,
    });
    expect(reply.status).toBe(400);
    expect(reply.json.details).toContainEqual(expect.objectContaining({ in: location, name }));
  });

  it('path and query strings are decoded to the values the table declares', async () => {
    const { engine } = newEngine();
    const reply = await call<{ regaloId: number }>(engine, 'GET', api('/promociones/5/cupones'), {
      query: 'inicio=2025-01-01&fin=2025-01-02',
    });
    expect(reply.json.data?.regaloId).toBe(5);
  });
});

describe('400: malformed bodies', () => {
  it.each([
    ['broken JSON', '{"puntos": '],
    ['invalid UTF-8', new Uint8Array([0x7b, 0xff, 0x7d])],
  ])('%s is a 400 whose detail is the body as a whole', async (_case, raw) => {
    const { engine } = newEngine();
    const reply = await call(engine, 'POST', api('/clientes/cli_0001/puntos'), { raw, idem: newIdem() });
    expect(reply.status).toBe(400);
    expect(reply.json.details).toEqual([
      { in: 'body', name: '', message: expect.any(String), code: 'invalid_json' },
    ]);
  });

  it('a missing body on an operation that has one is a 400 about the body', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'POST', api('/clientes/cli_0001/puntos'), { idem: newIdem() });
    expect(reply.json.details).toContainEqual(expect.objectContaining({ in: 'body', name: '' }));
  });
});

describe('413: bodies over 1 MiB', () => {
  const huge = `{"motivo":"${'x'.repeat(MAX_BODY_BYTES)}","puntos":1}`;

  it.each([
    ['a string body', huge],
    ['a byte body', new TextEncoder().encode(huge)],
  ])('%s over the limit is a 413 with code 9413', async (_case, raw) => {
    const { engine } = newEngine();
    const reply = await call(engine, 'POST', api('/clientes/cli_0001/puntos'), { raw, idem: newIdem() });
    expect(reply.status).toBe(413);
    expect(reply.json.codigoRespuesta).toBe(ERROR_CODES.payloadTooLarge);
  });

  it('a declared Content-Length over the limit is a 413 without the body', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'POST', api('/clientes/cli_0001/puntos'), {
      headers: { 'content-length': String(MAX_BODY_BYTES + 1) },
      idem: newIdem(),
    });
    expect(reply.status).toBe(413);
  });

  it('comes after the scope check', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'POST', api('/clientes/cli_0001/puntos'), {
      raw: huge,
      key: DEMO_READ_ONLY_API_KEY,
    });
    expect(reply.status).toBe(403);
  });
});

describe('400: Idempotency-Key', () => {
  it.each(requiringKey)('%s without Idempotency-Key is a 400 naming the header', async (_id, operation) => {
    const { engine } = newEngine();
    const reply = await callSample(engine, operation, { idem: undefined });
    expect(reply.status).toBe(400);
    expect(reply.json.details).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'Idempotency-Key' }),
    );
  });

  it.each([
    ['7 characters', 'a'.repeat(7)],
    ['129 characters', 'a'.repeat(129)],
    ['a space', 'abc defgh'],
  ])('a key of %s is a 400', async (_case, idem) => {
    const { engine } = newEngine();
    const reply = await call(engine, 'POST', api('/clientes/cli_0001/puntos'), { body: { puntos: 1 }, idem });
    expect(reply.status).toBe(400);
    expect(reply.json.details).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'Idempotency-Key' }),
    );
  });

  it.each([
    ['8 characters', 'a'.repeat(8)],
    ['128 characters', 'a'.repeat(128)],
  ])('a key of %s is accepted', async (_case, idem) => {
    const { engine } = newEngine();
    const reply = await call(engine, 'POST', api('/clientes/cli_0001/puntos'), { body: { puntos: 1 }, idem });
    expect(reply.status).toBe(200);
  });
});

describe('query parameters named like Object.prototype members', () => {
  it.each(['__proto__', 'constructor', 'toString'])(
    '?%s=1 is an unknown parameter, named in details',
    async (name) => {
      const { engine } = newEngine();
      const reply = await call(engine, 'GET', api('/clientes/cli_0001'), { query: `${name}=1` });
      expect(reply.status).toBe(400);
      expect(reply.json.details).toEqual([
        {
          in: 'query',
          name,
          message: 'is not a known parameter (known: completo)',
          code: 'unrecognized_keys',
        },
      ]);
      expect(Object.prototype).not.toHaveProperty('1');
    },
  );
});

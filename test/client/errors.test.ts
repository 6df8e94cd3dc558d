import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  LoyaltyApiError,
  LoyaltyError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from '../../src/index.js';
import { FAKE_CLOCK_START, useFakeClock } from '../support/fake-clock.js';
import {
  clientFor,
  failure,
  json,
  rejection,
  type StubServer,
  success,
  text,
  useStub,
} from '../support/stub-server.js';

const stub = useStub();

/** A write and a read, each with retries off so one answer decides. */
function addPoints(server: StubServer) {
  return clientFor(server, { maxRetries: 0 }).clientes.puntos.add('u-1', { puntos: 5 });
}

type ApiErrorClass = new (...args: never[]) => LoyaltyApiError;

const statusTable: [number, ApiErrorClass, string][] = [
  [400, BadRequestError, 'BadRequestError'],
  [401, AuthenticationError, 'AuthenticationError'],
  [403, PermissionDeniedError, 'PermissionDeniedError'],
  [404, NotFoundError, 'NotFoundError'],
  [409, ConflictError, 'ConflictError'],
  [422, UnprocessableEntityError, 'UnprocessableEntityError'],
  [429, RateLimitError, 'RateLimitError'],
  [500, InternalServerError, 'InternalServerError'],
  [502, InternalServerError, 'InternalServerError'],
  [503, InternalServerError, 'InternalServerError'],
];

describe('status to error class', () => {
  it.each(statusTable)('%i maps to %o', async (status, errorClass, name) => {
    stub.script(failure(status, { codigoRespuesta: 9000 + status, msj: `msj ${status}` }));
    const error = await rejection(addPoints(stub));
    expect(error).toBeInstanceOf(errorClass);
    expect((error as Error).name).toBe(name);
    expect(stub.count).toBe(1);
  });

  it.each(statusTable)('%i error is a LoyaltyApiError and a LoyaltyError', async (status) => {
    stub.script(failure(status));
    const error = await rejection(addPoints(stub));
    expect(error).toBeInstanceOf(LoyaltyApiError);
    expect(error).toBeInstanceOf(LoyaltyError);
    expect(error).toBeInstanceOf(Error);
  });

  it.each(statusTable)(
    '%i error carries status, codigoRespuesta, msj and requestId from meta',
    async (status) => {
      stub.script(
        failure(status, {
          codigoRespuesta: 9000 + status,
          msj: `mensaje ${status}`,
          meta: { requestId: `rid-${status}` },
        }),
      );
      const error = (await rejection(addPoints(stub))) as LoyaltyApiError;
      expect(error.status).toBe(status);
      expect(error.codigoRespuesta).toBe(9000 + status);
      expect(error.msj).toBe(`mensaje ${status}`);
      expect(error.requestId).toBe(`rid-${status}`);
      expect(error.operationId).toBe('clientes.puntos.add');
    },
  );

  it('maps an unlisted 4xx (418) to a plain LoyaltyApiError', async () => {
    stub.script(failure(418));
    const error = (await rejection(addPoints(stub))) as LoyaltyApiError;
    expect(error.constructor).toBe(LoyaltyApiError);
    expect(error.status).toBe(418);
  });

  it('maps 504 to InternalServerError (every status >= 500)', async () => {
    stub.script(failure(504));
    const error = (await rejection(addPoints(stub))) as LoyaltyApiError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.status).toBe(504);
  });

  it('maps by status, not by code: 401 with an unexpected code is still AuthenticationError', async () => {
    stub.script(failure(401, { codigoRespuesta: 1234 }));
    const error = (await rejection(addPoints(stub))) as LoyaltyApiError;
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.codigoRespuesta).toBe(1234);
  });
});

describe('fields specific to a status', () => {
  it('400 exposes details', async () => {
    const details = [{ in: 'body', name: 'puntos', message: 'must not be 0', code: 'custom' }];
    stub.script(failure(400, { codigoRespuesta: 9400, details }));
    const error = (await rejection(addPoints(stub))) as BadRequestError;
    expect(error.details).toEqual(details);
    expect(error.message).toContain('body.puntos must not be 0');
  });

  it('403 exposes requiredScope from meta', async () => {
    stub.script(failure(403, { codigoRespuesta: 9503, meta: { requiredScope: 'puntos:write' } }));
    const error = (await rejection(addPoints(stub))) as PermissionDeniedError;
    expect(error.requiredScope).toBe('puntos:write');
    expect(error.codigoRespuesta).toBe(9503);
  });

  it('422 exposes legacy from meta', async () => {
    const legacy = { codigo: 'SALDO_INSUFICIENTE', saldo: 3 };
    stub.script(failure(422, { codigoRespuesta: 9422, meta: { legacy } }));
    const error = (await rejection(addPoints(stub))) as UnprocessableEntityError;
    expect(error.legacy).toEqual(legacy);
  });

  it('429 exposes retryAfterMs 2000 from Retry-After: 2', async () => {
    stub.script(failure(429, {}, { 'retry-after': '2' }));
    const error = (await rejection(addPoints(stub))) as RateLimitError;
    expect(error.retryAfterMs).toBe(2000);
  });

  it('429 exposes retryAfterMs from a Retry-After HTTP date, counted from when it arrived', async () => {
    useFakeClock();
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const at = new Date(FAKE_CLOCK_START + 30_000);
    stub.script(failure(429, {}, { 'retry-after': at.toUTCString() }));
    const error = (await rejection(addPoints(stub))) as RateLimitError;
    expect(error.retryAfterMs).toBe(30_000);
  });

  it('429 without Retry-After has retryAfterMs undefined', async () => {
    stub.script(failure(429));
    const error = (await rejection(addPoints(stub))) as RateLimitError;
    expect(error.retryAfterMs).toBeUndefined();
  });

  it('a 503 with Retry-After exposes retryAfterMs too, read once when it arrived', async () => {
    stub.script(failure(503, {}, { 'retry-after': '4' }));
    const error = (await rejection(addPoints(stub))) as InternalServerError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.retryAfterMs).toBe(4000);
    expect(error.toJSON()).toMatchObject({ retryAfterMs: 4000 });
  });

  it('keeps the response headers and the sent Idempotency-Key on the error', async () => {
    stub.script(failure(409, {}, { 'x-trace': 't-1' }));
    const error = (await rejection(addPoints(stub))) as ConflictError;
    expect(error.headers['x-trace']).toBe('t-1');
    expect(error.idempotencyKey).toBe(stub.only.headers['idempotency-key']);
  });
});

describe('answers that are not an envelope', () => {
  it('a non-JSON 502 body still maps to InternalServerError with the text kept', async () => {
    stub.script(text(502, '<html>Bad Gateway</html>', { 'content-type': 'text/html' }));
    const error = (await rejection(addPoints(stub))) as InternalServerError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.status).toBe(502);
    expect(error.codigoRespuesta).toBeUndefined();
    expect(error.msj).toBeUndefined();
    expect(error.body).toBe('<html>Bad Gateway</html>');
  });

  it('a 200 whose JSON is not an envelope is a LoyaltyApiError', async () => {
    stub.script(json(200, { tareas: [] }));
    const error = (await rejection(clientFor(stub, { maxRetries: 0 }).tareas.list())) as LoyaltyApiError;
    expect(error.constructor).toBe(LoyaltyApiError);
    expect(error.status).toBe(200);
    expect(error.body).toEqual({ tareas: [] });
  });

  it('a 200 whose body is not JSON is a LoyaltyApiError', async () => {
    stub.script(text(200, 'OK'));
    const error = (await rejection(clientFor(stub, { maxRetries: 0 }).tareas.list())) as LoyaltyApiError;
    expect(error.constructor).toBe(LoyaltyApiError);
    expect(error.body).toBe('OK');
  });

  it('a 200 envelope with a non-zero codigoRespuesta is a LoyaltyApiError', async () => {
    stub.script(json(200, { codigoRespuesta: 7, msj: 'raro', meta: { requestId: 'r-7' } }));
    const error = (await rejection(clientFor(stub, { maxRetries: 0 }).tareas.list())) as LoyaltyApiError;
    expect(error.constructor).toBe(LoyaltyApiError);
    expect(error.codigoRespuesta).toBe(7);
    expect(error.requestId).toBe('r-7');
  });

  it('a 200 success envelope resolves to its data', async () => {
    stub.script(success([{ tareaId: 1, nombre: 'Bienvenida', status: 1 }]));
    await expect(clientFor(stub).tareas.list()).resolves.toEqual([
      { tareaId: 1, nombre: 'Bienvenida', status: 1 },
    ]);
  });
});
